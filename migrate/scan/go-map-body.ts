// `migrate scan --fix`: a Go map literal body whose keys v2 nests, written again as the v2 body in
// Go (issue 41, item 2). `newReq(ctx, "PATCH", path, map[string]any{"workersMin": min})` becomes
// `map[string]any{"workers": map[string]any{"min": min}}`: the literal is read with each value
// that is not a plain literal an opaque sentinel (a slice literal's items each one), migrated by
// the route's table, proved (a sentinel's value never decides the shape, and each lands whole),
// and written with the literal's own map type for every object, in the layout gofmt keeps: one
// line stays one line; one member a line is written one member a line, nested objects on their
// member's line, the values in the column gofmt aligns them to.

import { SENTINEL_CHAR, sentinel } from "./body-anchor.js";
import type { Migration } from "./fix-body.js";
import { migrateOpaque } from "./fix-body.js";
import type { GoMapEntry, GoMapLiteral } from "./go-body.js";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * go/printer's smallSize: gofmt keeps the values of one-line key-value pairs in one column while
 * each key is at most this long. (The rename path in fix.ts holds the whole pair to it, which is
 * stricter.)
 */
export const GOFMT_SMALL = 40;

/** The map types a nested object can be written with: its values hold anything. */
const ANY_VALUE = new Set(["any", "interface{}"]);

/** The text of the v2 body in Go for the map literal `literal`, or why it is not written. */
export function goMapBodyText(
  source: string,
  literal: GoMapLiteral,
  entries: readonly GoMapEntry[],
  migration: Migration,
): { text: string } | { reason: string } {
  if (literal.commented) return { reason: "it holds comments v2kit would have to move" };
  const holes = new Map<string, string>();
  let next = 0;
  const owner = new Map<string, GoMapEntry>();
  let current: GoMapEntry | undefined;
  const hole = (start: number, end: number): string => {
    const name = sentinel(next++);
    holes.set(name, source.slice(start, end));
    if (current) owner.set(name, current);
    return name;
  };
  // Each slice literal value kept whole where v2 keeps it (`"ports": []string{"22/tcp"}`), by its v1 items.
  const slices: { items: unknown[]; text: string }[] = [];
  const v1: Record<string, unknown> = {};
  for (const entry of entries) {
    current = entry;
    if (entry.items !== undefined) {
      const items = entry.items.map((item) => ("value" in item ? item.value : hole(item.start, item.end)));
      slices.push({ items, text: source.slice(entry.valueStart, entry.valueEnd) });
      v1[entry.key] = items;
    } else v1[entry.key] = "value" in entry ? entry.value : hole(entry.valueStart, entry.valueEnd);
  }
  const migrated = migrateOpaque(v1, migration.migrate);
  if ("reason" in migrated) return migrated;
  const v2 = migrated.v2;
  if (typeof v2 !== "object" || v2 === null || Array.isArray(v2)) return { reason: "the v2 body is not an object" };
  // Each expression lands whole, once: one copied or dropped would change what the program sends.
  const used = new Map<string, number>();
  const count = (value: unknown): void => {
    if (typeof value === "string" && holes.has(value)) used.set(value, (used.get(value) ?? 0) + 1);
    else if (Array.isArray(value)) value.forEach(count);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(count);
  };
  count(v2);
  if ([...used.values()].some((times) => times > 1)) return { reason: "v2 would send one of its expressions twice" };
  // A value v2 drops must be a literal: an expression left out may be a variable or an import nothing else uses, which Go refuses to build.
  const unused = [...holes.keys()].find((name) => !used.has(name));
  const dropped = unused === undefined ? undefined : entries.find((entry) => owner.get(unused) === entry);
  if (dropped)
    return {
      reason: `v2 has no place for \`${dropped.key}\`, and its value is an expression (left out, a variable or import nothing else uses would stop the build)`,
    };
  const inner = source.slice(literal.open + 1, literal.close);
  if (Object.keys(v2).length === 0) return { text: `${literal.type}{}` };
  const nests = Object.values(v2).some((value) => typeof value === "object" && value !== null);
  if (nests && !ANY_VALUE.has(literal.valueType)) return { reason: `its values are \`${literal.valueType}\`, so v2's nested objects have no place in it` };
  const sliceType = `[]${literal.valueType}`;
  let error: string | undefined;
  const write = (value: unknown): string => {
    if (typeof value === "string") {
      const expression = holes.get(value);
      if (expression !== undefined) {
        if (expression.includes("\n")) error ??= "an expression spans lines";
        return expression;
      }
      if (SENTINEL_CHAR.test(value)) error ??= "an expression's value changed on the way to v2";
      // Go's interpreted strings read JSON's escapes, except a \u escape of half a surrogate pair.
      if (LONE_SURROGATE.test(value)) error ??= "a string is not well-formed Unicode";
      return JSON.stringify(value);
    }
    if (typeof value === "number") {
      if (!Number.isFinite(value)) error ??= "a number that is not finite";
      return String(value);
    }
    if (typeof value === "boolean") return String(value);
    if (value === null) return "nil";
    if (Array.isArray(value)) {
      const kept = slices.find((slice) => JSON.stringify(slice.items) === JSON.stringify(value));
      if (kept) return kept.text;
      if (!ANY_VALUE.has(literal.valueType)) error ??= `its values are \`${literal.valueType}\`, so the list v2 builds has no place in it`;
      return `${sliceType}{${value.map(write).join(", ")}}`;
    }
    if (typeof value === "object") return `${literal.type}{${members(value as Record<string, unknown>).join(", ")}}`;
    error ??= `a value of type ${typeof value}`;
    return "";
  };
  const members = (object: Record<string, unknown>): string[] => Object.entries(object).map(([key, value]) => `${JSON.stringify(key)}: ${write(value)}`);
  let text: string;
  if (!inner.includes("\n")) {
    text = `${literal.type}{${members(v2 as Record<string, unknown>).join(", ")}}`;
  } else {
    const layout = oneMemberALine(source, literal, entries);
    if (!layout) return { reason: "it is laid out over lines in a way v2kit cannot keep as gofmt would (one member a line)" };
    const pairs = Object.entries(v2 as Record<string, unknown>).map(([key, value]) => ({ cell: `${JSON.stringify(key)}:`, value: write(value) }));
    if (pairs.some((pair) => pair.cell.length - 1 > GOFMT_SMALL)) return { reason: "a key is longer than gofmt aligns" };
    const column = Math.max(...pairs.map((pair) => pair.cell.length)) + 1;
    const lines = pairs.map((pair) => `${layout.indent}${pair.cell}${" ".repeat(column - pair.cell.length)}${pair.value},`);
    text = `${literal.type}{${layout.eol}${lines.join(layout.eol)}${layout.eol}${layout.closing}}`;
  }
  if (error !== undefined) return { reason: error };
  return { text };
}

/**
 * The layout of a map literal written one member a line (each member on its own line, whole, the
 * `}` on a line of its own): the members' indentation, the closing brace's, and the line ending.
 */
function oneMemberALine(source: string, literal: GoMapLiteral, entries: readonly GoMapEntry[]): { indent: string; closing: string; eol: string } | undefined {
  const lineStart = (at: number) => source.lastIndexOf("\n", at - 1) + 1;
  const before = (at: number) => source.slice(lineStart(at), at);
  const first = entries[0];
  if (!first) return undefined;
  const indent = before(first.keyStart - 1);
  if (!/^[ \t]+$/.test(indent)) return undefined;
  for (const entry of entries) {
    if (before(entry.keyStart - 1) !== indent || source.slice(entry.keyStart, entry.valueEnd).includes("\n")) return undefined;
  }
  const closing = before(literal.close);
  if (!/^[ \t]*$/.test(closing)) return undefined;
  const nl = source.indexOf("\n", literal.open);
  return { indent, closing, eol: nl > 0 && source[nl - 1] === "\r" ? "\r\n" : "\n" };
}
