// A literal body rewritten to the v2 body, proved before it is written. The body is migrated
// again with each placeholder an opaque sentinel, so only what the scanner itself made a
// placeholder becomes an expression (a literal "<name>" stays a string), and a placeholder the
// migration would change is seen. A shell word is judged by what bash passes: the word before
// and after the fix is expanded with sample values for each splice, and the fixed word must send
// exactly the v2 body of what the original sends, for every sample.

import { applyTable, inSourceOrder, sortKeys } from "../apply-table.js";
import type { RouteMapping } from "../route-table.js";
import type { MigrationContext } from "../types.js";
import { type BodyAnchor, childPointer, SENTINEL_CHAR, sentinel } from "./body-anchor.js";
import { type Comments, commentsOf, slotsOf } from "./body-comments.js";
import { expandWord, readHeredoc, type ReadWord, readWord, type WordPiece, writeHeredoc, writeWord } from "./shell-word.js";
import { writeBody } from "./write-body.js";

/** The v2 body for a v1 body; undefined when v2 cannot take it as written. */
export type Migrate = (v1: unknown) => unknown;

export interface Migration {
  migrate: Migrate;
  /** Where a v1 member (or the body, "") goes in v2, by JSON pointer; undefined when the table does not move it whole to one place. */
  place: (pointer: string) => string | undefined;
}

const segments = (pointer: string) =>
  pointer
    .split("/")
    .slice(1)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));

/** The v2 body of `route` for a v1 body (the migration table's, or the per-action body) and where each v1 member goes. */
export function migrationFor(route: RouteMapping, context: MigrationContext = {}): Migration {
  if (route.action !== undefined) {
    const action = route.action;
    return { migrate: () => ({ action }), place: (pointer) => (pointer === "" ? "" : undefined) };
  }
  const body = route.body;
  return {
    migrate: (v1) => {
      if (body === undefined) return undefined;
      const migrated = applyTable(body.kind, v1, body.mode, context);
      // Written back into the source: the author's key order, where the key survives.
      return migrated.notes.some((note) => note.level === "error") ? undefined : inSourceOrder(v1, migrated.body, migrated.changes);
    },
    place: (pointer) => {
      if (pointer === "") return "";
      const [field, ...rest] = segments(pointer);
      const mapping = body && field !== undefined && Object.hasOwn(body.kind.table, field) ? body.kind.table[field] : undefined;
      if (!mapping?.to || mapping.to.includes("*")) return undefined;
      if (mapping.how === "rename" || mapping.how === "nest") return rest.reduce(childPointer, mapping.to);
      return mapping.how === "custom" && rest.length === 0 ? mapping.to : undefined;
    },
  };
}

/** The value at `pointer` in `value`, and whether it is there. */
function valueAt(value: unknown, pointer: string): { found: boolean; value?: unknown; parent?: unknown } {
  let here: unknown = value;
  let parent: unknown;
  for (const segment of segments(pointer)) {
    if (typeof here !== "object" || here === null || Array.isArray(here) || !Object.hasOwn(here, segment)) return { found: false };
    parent = here;
    here = (here as Record<string, unknown>)[segment];
  }
  return { found: true, value: here, parent };
}

/** The literal's comments by the v2 pointer they go to, or why one has no place there. */
function placeComments(source: string, anchor: BodyAnchor, v2: unknown, place: Migration["place"]): { comments: Comments } | { reason: string } {
  const found = commentsOf(source, anchor);
  if ("reason" in found) return found;
  const comments: Comments = new Map();
  for (const [pointer, slots] of found.comments) {
    const to = place(pointer);
    const there = to === undefined ? { found: false } : valueAt(v2, to);
    const member = slots.before.length + slots.after.length === 0 || (there.found && to !== "");
    const object =
      slots.end.length + slots.open.length === 0 || (there.found && typeof there.value === "object" && there.value !== null && !Array.isArray(there.value));
    if (to === undefined || !member || !object) {
      const text = [...slots.before, ...slots.after, ...slots.open, ...slots.end][0]?.text ?? "";
      const what = pointer === "" ? "the body" : `\`${segments(pointer).join(".")}\``;
      return {
        reason: `a comment in the body (\`${text.length > 40 ? `${text.slice(0, 39)}…` : text}\`) is about ${what}, which v2 drops or builds differently: move or delete the comment, then fix again`,
      };
    }
    const into = slotsOf(comments, to);
    into.before.push(...slots.before);
    into.after.push(...slots.after);
    into.open.push(...slots.open);
    into.end.push(...slots.end);
  }
  return { comments };
}

const SENTINEL = /\ue000(\d+)\ue001/g;

/** `value` with every family-0 sentinel in its strings turned into family 1. */
function otherFamily(value: unknown): unknown {
  if (typeof value === "string") return value.replace(/\ue000/g, "\ue002").replace(/\ue001/g, "\ue003");
  if (Array.isArray(value)) return value.map(otherFamily);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, entryValue]) => [otherFamily(k), otherFamily(entryValue)]));
  return value;
}

/** The v2 body of a literal read with sentinels, when no placeholder's value decides more than where it goes. */
export function migrateOpaque(v1: unknown, migrate: Migrate): { v2: unknown } | { reason: string } {
  const v2 = migrate(v1);
  if (v2 === undefined) return { reason: "the v2 body cannot be built from this one as written" };
  if (JSON.stringify(otherFamily(v2)) !== JSON.stringify(migrate(otherFamily(v1))))
    return { reason: "a value that is not a literal decides the shape of the v2 body: v2kit cannot write it back" };
  // A value read as text (`ports` split at its commas) is read, not carried: with each expression's stand-in doubled
  // around a comma, a body that only carries them carries the doubled text to the same places
  // (`"ports": list(ports) if ports else [...]` once became `[list(ports) if …]`: lee101/stock-prediction).
  if (JSON.stringify(doubled(v2)) !== JSON.stringify(migrate(doubled(v1))))
    return {
      reason:
        "a value that is not a literal is read by the migration (as text v2 takes apart), so its v2 form depends on what it holds at run time: v2kit cannot write it back",
    };
  return { v2 };
}

const WHOLE_SENTINEL = /^\ue000\d+\ue001$/;

/** `value` with every string that is one sentinel written twice, around a comma. */
function doubled(value: unknown): unknown {
  if (typeof value === "string") return WHOLE_SENTINEL.test(value) ? `${value},${value}` : value;
  if (Array.isArray(value)) return value.map(doubled);
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, entryValue]) => [k, doubled(entryValue)]));
  return value;
}

/** A text edit beside the body's own (a key set after the literal, renamed). */
export interface KeyEdit {
  start: number;
  end: number;
  text: string;
}

/** How the v2 body is written: the literal's new text, and the keys set after it that v2 renames. */
export type BodyWritten = { text: string; keys?: KeyEdit[] } | { reason: string };

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const PLAIN_KEY = /^[\w.-]+$/;

/**
 * The keys set after a literal (`payload["name"] = name` in an `if`, `body.name = name`), proved
 * independent of it: each set's value is an opaque sentinel, the literal is migrated with none,
 * each one and all of them, and each must land whole at one top-level v2 key without changing how
 * the rest is built. Then the literal is written as before and each key v2 renames is renamed
 * where it is set (its value stays as written); a key v2 moves deeper or drops is refused.
 */
function keysSetAfter(
  source: string,
  anchor: BodyAnchor,
  { migrate, place }: Migration,
  v1: Record<string, unknown>,
  v2: unknown,
): { keys: KeyEdit[] } | { reason: string } {
  const sets = anchor.sets ?? [];
  const base = JSON.stringify(sortKeys(v2));
  const valueOf = (k: number) => sentinel(1000 + k);
  const targets: string[] = [];
  for (const [k, set] of sets.entries()) {
    const to = place(childPointer("", set.key));
    const target = to === undefined ? undefined : segments(to);
    if (target?.length !== 1)
      return {
        reason: `\`${set.key}\`, set at line ${set.line}, is not one key in v2 (${to === undefined ? "v2 drops it or builds it from several fields" : `it moves to \`${segments(to).join(".")}\``}): set the v2 field there by hand`,
      };
    targets.push(target[0] as string);
    const alone = migrateOpaque({ ...v1, [set.key]: valueOf(k) }, migrate);
    if ("reason" in alone) return { reason: `with \`${set.key}\` set at line ${set.line}, ${alone.reason}` };
    const rest = { ...(alone.v2 as Record<string, unknown>) };
    if (rest[target[0] as string] !== valueOf(k))
      return { reason: `v2 does not take \`${set.key}\` (set at line ${set.line}) as it is written: set the v2 field there by hand` };
    delete rest[target[0] as string];
    if (JSON.stringify(sortKeys(rest)) !== base) return { reason: `\`${set.key}\`, set at line ${set.line}, changes how v2 builds the rest of the body` };
  }
  const all = migrateOpaque(Object.assign({ ...v1 }, ...sets.map((set, k) => ({ [set.key]: valueOf(k) }))), migrate);
  const rest = "reason" in all ? undefined : { ...(all.v2 as Record<string, unknown>) };
  for (const [k, target] of targets.entries()) {
    if (rest?.[target] !== valueOf(k)) return { reason: "the keys set after the literal change how v2 builds the body together" };
    delete rest[target];
  }
  if (JSON.stringify(sortKeys(rest)) !== base) return { reason: "the keys set after the literal change how v2 builds the body together" };
  const keys: KeyEdit[] = [];
  for (const [k, set] of sets.entries()) {
    const to = targets[k] as string;
    if (to === set.key) continue;
    if (set.form === "name") {
      if (!IDENTIFIER.test(to)) return { reason: `\`${set.key}\` (line ${set.line}) becomes \`${to}\` in v2, which is not a name: set it as \`["${to}"]\`` };
      keys.push({ start: set.start, end: set.end, text: to });
    } else {
      const written = source.slice(set.start, set.end);
      const quote = written[0] === "'" || written[0] === '"' ? written[0] : undefined;
      if (!quote || !written.endsWith(quote) || !PLAIN_KEY.test(to))
        return { reason: `\`${set.key}\` (line ${set.line}) becomes \`${to}\` in v2: rename it by hand` };
      keys.push({ start: set.start, end: set.end, text: `${quote}${to}${quote}` });
    }
  }
  return { keys };
}

/** The source text of the v2 body for the literal at `anchor`, or why it is not written. */
export function bodyText(source: string, anchor: BodyAnchor, migration: Migration): BodyWritten {
  const { migrate, place } = migration;
  if (anchor.in === "shell") return shellBodyText(source, anchor, migrate);
  if (anchor.in === "heredoc") return heredocBodyText(source, anchor, migrate);
  let v1 = anchor.v1;
  if (anchor.in === "powershell") {
    // A single-quoted PowerShell string: the JSON as written, `''` for a quote.
    try {
      v1 = JSON.parse(source.slice(anchor.start, anchor.end).replace(/''/g, "'"));
    } catch {
      return { reason: "the body string is not JSON as written" };
    }
  }
  if (v1 === undefined) return { reason: "v2kit could not read the literal body" };
  const migrated = migrateOpaque(v1, migrate);
  if ("reason" in migrated) return migrated;
  let keys: KeyEdit[] | undefined;
  if (anchor.sets?.length) {
    if (typeof v1 !== "object" || v1 === null || Array.isArray(v1)) return { reason: "v2kit could not read the literal body" };
    const found = keysSetAfter(source, anchor, migration, v1 as Record<string, unknown>, migrated.v2);
    if ("reason" in found) return found;
    keys = found.keys;
  }
  const placed = placeComments(source, anchor, migrated.v2, place);
  if ("reason" in placed) return placed;
  const written = writeBody(source, anchor, migrated.v2, placed.comments, inlineContainers(source, anchor, place));
  return "reason" in written || !keys?.length ? written : { ...written, keys };
}

/**
 * The v2 pointers of the objects and lists written on one line in a multi-line literal (`"env":
 * {"A": "1"}` among members on lines of their own), where v2 keeps them: they stay on one line,
 * padded (`{ a: 1 }`) as they were. An object v2 builds anew takes the body's layout.
 */
function inlineContainers(source: string, anchor: BodyAnchor, place: Migration["place"]): Map<string, boolean> {
  const inline = new Map<string, boolean>();
  for (const container of anchor.shape?.containers ?? []) {
    const text = source.slice(container.open, container.close);
    if (container.pointer === "" || text.includes("\n")) continue;
    const to = place(container.pointer);
    if (to !== undefined && to !== "") inline.set(to, /^@?\{[ \t]/.test(text));
  }
  return inline;
}

/** Sample values for each splice: numbers where the JSON takes a value, text (with a space and a glob when bash quotes it) inside a string. */
function samples(keys: readonly string[], bare: ReadonlySet<string>, quoted: ReadonlySet<string>): Map<string, string>[] {
  return [0, 1].map(
    (sample) =>
      new Map(keys.map((key, k) => [key, bare.has(key) ? String(sample * 9 + k + 2) : sample === 1 && quoted.has(key) ? `a b*${k}` : `v${sample}${k}`])),
  );
}

const canonical = (text: string): string | undefined => {
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)));
  } catch {
    return undefined;
  }
};

/** How bash reads a body written in one shell form (a word, a here-document), and how the v2 body is written back in it. */
interface ShellForm {
  read: (text: string) => ReadWord;
  /** The span whose layout the v2 body takes (inside a word's quotes). */
  inner: BodyAnchor;
  write: (pieces: readonly WordPiece[]) => string | undefined;
  /** `the body word`, `the here-document`; and the same once fixed. */
  what: string;
  fixed: string;
}

/** A `curl -d` word: the v2 body in the word's own quoting, when bash provably sends it. */
function shellBodyText(source: string, anchor: BodyAnchor, migrate: Migrate): { text: string } | { reason: string } {
  const word = source.slice(anchor.start, anchor.end);
  const quote = word[0] === '"' ? '"' : "'";
  const inner = { ...anchor, start: anchor.start + 1, end: anchor.end - (word.length > 1 && word.endsWith(quote) ? 1 : 0), holes: {} };
  delete inner.in;
  return splicedBodyText(source, anchor, migrate, {
    read: readWord,
    inner,
    write: (pieces) => writeWord(pieces, quote),
    what: "the body word",
    fixed: "the fixed word",
  });
}

/**
 * A here-document's JSON (`curl -d @- <<JSON`): the v2 body in place, its layout kept, when bash
 * provably sends it; a line of the new body that would end the document early is refused.
 */
function heredocBodyText(source: string, anchor: BodyAnchor, migrate: Migrate): { text: string } | { reason: string } {
  const doc = anchor.heredoc;
  if (doc === undefined) return { reason: "v2kit could not read the here-document" };
  const inner = { ...anchor, holes: {} };
  delete inner.in;
  delete inner.heredoc;
  const written = splicedBodyText(source, anchor, migrate, {
    read: (text) => readHeredoc(text, doc.expands),
    inner,
    write: (pieces) => writeHeredoc(pieces, doc.expands),
    what: "the here-document",
    fixed: "the fixed here-document",
  });
  if ("text" in written && written.text.split(/\r?\n/).some((line) => line.replace(/^\t+/, "") === doc.delimiter))
    return { reason: `a line of the v2 body would be the here-document's delimiter \`${doc.delimiter}\`` };
  return written;
}

/** A body bash reads with splices (`$MIN`, `$(…)`): migrated with a sentinel for each, written back and proved with sample values. */
function splicedBodyText(source: string, anchor: BodyAnchor, migrate: Migrate, form: ShellForm): { text: string } | { reason: string } {
  const read = form.read(source.slice(anchor.start, anchor.end));
  if ("reason" in read) return { reason: `${form.what} has ${read.reason}: v2kit cannot tell what bash sends after a fix` };
  const keys: string[] = [];
  const spliceOf = new Map<string, string>();
  const quoted = new Set<string>();
  let json = "";
  for (const piece of read.pieces) {
    if ("text" in piece) {
      if (SENTINEL_CHAR.test(piece.text)) return { reason: "the body has characters v2kit uses as markers" };
      json += piece.text;
      continue;
    }
    if (!spliceOf.has(piece.key)) {
      keys.push(piece.key);
      spliceOf.set(piece.key, piece.splice);
      if (piece.quoted) quoted.add(piece.key);
    } else if (!piece.quoted) quoted.delete(piece.key);
    json += sentinel(keys.indexOf(piece.key));
  }
  // A splice outside a JSON string is a value (`{"min": $MIN}`); inside one, part of the text.
  const bare = new Set<string>();
  let v1Text = "";
  for (let i = 0, inString = false; i < json.length; i++) {
    const char = json[i] as string;
    if (inString) {
      if (char === "\\") v1Text += char + (json[++i] ?? "");
      else v1Text += char;
      if (char === '"') inString = false;
      continue;
    }
    const at = char === "\ue000" ? /^\ue000(\d+)\ue001/.exec(json.slice(i)) : null;
    if (at) {
      bare.add(keys[Number(at[1])] as string);
      v1Text += `"${at[0]}"`;
      i += at[0].length - 1;
      continue;
    }
    if (char === '"') inString = true;
    v1Text += char;
  }
  let v1: unknown;
  try {
    v1 = JSON.parse(v1Text);
  } catch {
    return { reason: "the body bash sends is not JSON v2kit can read" };
  }
  const migrated = migrateOpaque(v1, migrate);
  if ("reason" in migrated) return migrated;
  const written = writeBody(source, form.inner, migrated.v2);
  if ("reason" in written) return written;
  const text = form.write(piecesOf(written.text, keys, spliceOf, bare));
  if (text === undefined) return { reason: `${form.what} cannot hold the v2 body as bash reads it` };
  // The proof: what bash passes, before and after, for every sample.
  const again = form.read(text);
  if ("reason" in again) return { reason: `${form.fixed} would have ${again.reason}` };
  for (const key of keys) {
    const count = (pieces: readonly WordPiece[]) => pieces.filter((piece) => "key" in piece && piece.key === key).length;
    if (key.startsWith("$(") && count(again.pieces) > count(read.pieces)) return { reason: `the fix would run \`${key}\` more often` };
  }
  for (const values of samples(keys, bare, quoted)) {
    const before = expandWord(read.pieces, values);
    const sent = before === undefined ? undefined : canonical(before);
    if (sent === undefined) return { reason: "v2kit cannot tell what JSON bash sends for every value of the variables in the body" };
    const expected = migrate(JSON.parse(sent));
    if (expected === undefined) return { reason: "the v2 body depends on the values of the variables in the body" };
    const after = expandWord(again.pieces, values);
    if (after === undefined || canonical(after) !== JSON.stringify(sortKeys(expected)))
      return { reason: "bash would not send the v2 body after the fix (a variable would change type or place): change it by hand" };
  }
  return { text };
}

/** JSON text with sentinels → word pieces: a sentinel that is a whole JSON string and stood for a value is spliced bare. */
function piecesOf(json: string, keys: readonly string[], spliceOf: ReadonlyMap<string, string>, bare: ReadonlySet<string>): WordPiece[] {
  const pieces: WordPiece[] = [];
  const text = (t: string) => {
    const last = pieces[pieces.length - 1];
    if (last && "text" in last) last.text += t;
    else if (t !== "") pieces.push({ text: t });
  };
  const splice = (k: number) => {
    const key = keys[k] as string;
    pieces.push({ splice: spliceOf.get(key) as string, key, quoted: true });
  };
  for (let i = 0; i < json.length; i++) {
    if (json[i] !== '"') {
      text(json[i] as string);
      continue;
    }
    let end = i + 1;
    while (end < json.length && json[end] !== '"') end += json[end] === "\\" ? 2 : 1;
    const content = json.slice(i + 1, end);
    const whole = /^\ue000(\d+)\ue001$/.exec(content);
    if (whole && bare.has(keys[Number(whole[1])] as string)) splice(Number(whole[1]));
    else {
      text('"');
      let at = 0;
      for (const match of content.matchAll(SENTINEL)) {
        text(content.slice(at, match.index));
        splice(Number(match[1]));
        at = match.index + match[0].length;
      }
      text(`${content.slice(at)}"`);
    }
    i = end;
  }
  return pieces;
}
