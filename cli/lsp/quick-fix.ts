// Quick fixes for v1 field names in a v2 body (the rules file's hints: `imageName` → `image`,
// `workersMin` → `workers.min`). Edits are made on the text, from momoa's source positions: the
// value's own text moves unchanged (a number keeps every digit, a string its escapes), nothing
// else in the document changes. A fix whose target already holds a value, or whose hint names
// no single place (`gpu.pools + gpu.excludedTypes`), is not offered.

import type { DocumentNode, MemberNode, ObjectNode } from "@humanwhocodes/momoa";
import type * as Lsp from "vscode-languageserver/node";
import { parsePointer } from "../../engine/pointer.js";
import type { SchemaHint } from "../../engine/problem.js";
import { documentOf, positionAt } from "../../lint/json-source.js";

/** `use` names one place: dotted names only (`workers.min`), no `[0]`, spaces or alternatives. */
const SINGLE_PLACE = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

/** The object at `segments` below `root`, with the member that holds it; undefined when not an object. */
function objectAt(root: DocumentNode["body"], segments: readonly string[]): ObjectNode | undefined {
  let node = root;
  for (const segment of segments) {
    if (node.type !== "Object") return undefined;
    const member = findMember(node, segment);
    if (member === undefined) return undefined;
    node = member.value;
  }
  return node.type === "Object" ? node : undefined;
}

/** The last member named `name` (JSON.parse keeps the last of duplicates). */
function findMember(node: ObjectNode, name: string): MemberNode | undefined {
  let found: MemberNode | undefined;
  for (const member of node.members) if (member.name.type === "String" && member.name.value === name) found = member;
  return found;
}

/** The indentation of the line `offset` is on. */
function indentOf(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? "";
}

/** The range that removes `member` and one comma beside it (the next one, else the previous one). */
function removal(text: string, parent: ObjectNode, member: MemberNode): TextEdit {
  const index = parent.members.indexOf(member);
  const next = parent.members[index + 1];
  const previous = parent.members[index - 1];
  if (next !== undefined) return { start: member.loc.start.offset, end: next.loc.start.offset, newText: "" };
  if (previous !== undefined) return { start: previous.loc.end.offset, end: member.loc.end.offset, newText: "" };
  // The only member: the object becomes {}.
  return { start: parent.loc.start.offset + 1, end: parent.loc.end.offset - 1, newText: "" };
}

/** `"a": {"b": value}` for the path below the deepest existing object. */
function nested(names: readonly string[], valueText: string): string {
  const [head, ...rest] = names as [string, ...string[]];
  return `${JSON.stringify(head)}: ${rest.length === 0 ? valueText : `{ ${nested(rest, valueText)} }`}`;
}

/**
 * The edits that move the member at `property` (a pointer) to `use` (dotted, relative to the
 * member's parent), or undefined when that is not one safe move.
 */
export function moveEdits(text: string, property: string, use: string): TextEdit[] | undefined {
  if (!SINGLE_PLACE.test(use)) return undefined;
  const doc = documentOf(text);
  if (doc === undefined) return undefined;
  const segments = parsePointer(property);
  const name = segments.at(-1);
  if (name === undefined) return undefined;
  const parent = objectAt(doc.body, segments.slice(0, -1));
  const member = parent && findMember(parent, name);
  if (parent === undefined || member === undefined) return undefined;
  const target = use.split(".");
  const valueText = text.slice(member.value.loc.start.offset, member.value.loc.end.offset);
  // The deepest object of the target path that already exists, from the member's parent down.
  let deepest = parent;
  let depth = 0;
  while (depth < target.length - 1) {
    const existing = findMember(deepest, target[depth] as string);
    if (existing === undefined) break;
    if (existing.value.type !== "Object") return undefined; // a value in the way: not ours to replace
    deepest = existing.value;
    depth++;
  }
  if (findMember(deepest, target[depth] as string) !== undefined) return undefined; // the v2 field is already set
  const insertion = nested(target.slice(depth), valueText);
  if (deepest === parent) {
    // Renamed in place: the member's text becomes the new member.
    return [{ start: member.loc.start.offset, end: member.loc.end.offset, newText: insertion }];
  }
  const open = deepest.loc.start.offset + 1;
  const first = deepest.members[0];
  const multiline = first !== undefined && text.slice(open, first.loc.start.offset).includes("\n");
  const insert: TextEdit =
    first === undefined
      ? { start: open, end: deepest.loc.end.offset - 1, newText: ` ${insertion} ` }
      : multiline
        ? { start: open, end: open, newText: `\n${indentOf(text, first.loc.start.offset)}${insertion},` }
        : { start: open, end: open, newText: `${insertion}, ` };
  return [removal(text, parent, member), insert].sort((a, b) => a.start - b.start);
}

/** Code actions for the diagnostics at hand: one quick fix per v1 field a hint maps to one place. */
export function quickFixes(text: string, uri: string, diagnostics: readonly Lsp.Diagnostic[], hints: readonly SchemaHint[]): Lsp.CodeAction[] {
  const out: Lsp.CodeAction[] = [];
  const position = (offset: number) => {
    const { line, column } = positionAt(text, offset);
    return { line: line - 1, character: column - 1 };
  };
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== "v2kit") continue;
    const path = (diagnostic.data as { path?: unknown } | undefined)?.path;
    if (typeof path !== "string") continue;
    const hint = hints.find((candidate): candidate is Extract<SchemaHint, { property: string }> => "property" in candidate && candidate.property === path);
    if (hint === undefined) continue;
    const edits = moveEdits(text, path, hint.use);
    if (edits === undefined) continue;
    out.push({
      title: `${hint.use.includes(".") ? "Move" : "Rename"} v1 field \`${parsePointer(path).at(-1)}\` to \`${hint.use}\``,
      kind: "quickfix",
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: { changes: { [uri]: edits.map((edit) => ({ range: { start: position(edit.start), end: position(edit.end) }, newText: edit.newText })) } },
    });
  }
  return out;
}
