// `migrate scan --fix --unsafe-fixes`: a TypeScript model of v1's answer, changed to v2's shape
// together with every read of it (issue 41, item 3, "typed v1 models"). A client written
// `restRequest<Endpoint>("GET", `/endpoints/${id}`)` types its callers' values by the file's
// `interface Endpoint { workersMin: number; … }`: a read rewritten to `read.workers.min` would not
// type-check against it, so such reads are reported, not rewritten, unless the model changes too.
// The model changes only when nothing else can notice: it is declared once in the call's file,
// one member per line; its name appears nowhere in the scanned code but there and in the type
// arguments of v1 calls this run migrates (all of them answering one kind of resource); and every
// read of those calls' values that v2 answers differently is one v2kit rewrites. Then:
// - a renamed member is renamed (`desiredStatus` → `status`);
// - members v2 nests become one member (`workersMin`, `workersMax` → `workers: { min; max }`), in
//   the place of the first, with the types and optional marks they had;
// - a member v2 has no one place for (`templateId`) stays as written (its reads are reported);
// - a list call's type argument becomes v2's wrapper (`<Endpoint[]>` → `<{ endpoints: Endpoint[] }>`).

import { codeText } from "./lex/languages.js";
import { LIST_KEYS, RESPONSE_FIELDS, responseKindOf } from "../tables/response-fields.js";
import type { Edit } from "./fix.js";
import type { Finding } from "./resolve.js";

/** One model's change: its file, the edits there, and the calls whose typed reads may move with it. */
export interface ModelChange {
  path: string;
  name: string;
  edits: Edit[];
  calls: Finding[];
}

interface Member {
  key: string;
  optional: boolean;
  type: string;
  /** The key's span, and the whole line's (its newline included). */
  keyAt: [number, number];
  line: [number, number];
  /** The member's text, key to the end of its type. */
  member: [number, number];
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\$]/g, "\\$&");

/**
 * The models of v1 calls that change in this run. `files`: each scanned file's findings; `source`:
 * a file's text; `code`: every scanned JavaScript/TypeScript file's text (where else a model's name
 * may appear); `fixed`: whether a call is migrated by this run.
 */
export function modelChanges(
  files: readonly { path: string; findings: readonly Finding[] }[],
  source: (path: string) => string | undefined,
  code: ReadonlyMap<string, string>,
  fixed: (call: Finding) => boolean,
): ModelChange[] {
  const reads = files.flatMap((file) => file.findings.filter((finding) => finding.ruleId === "v1-response-field"));
  // Each file's code (strings reduced to their holes, comments gone) and text, lexed once for every model and member.
  const scanned = [...code].map(([path, text]) => ({ path, text, code: codeText(path, text) }));
  const changes: ModelChange[] = [];
  for (const file of files) {
    const byName = new Map<string, Finding[]>();
    for (const finding of file.findings) {
      const name = finding.fixInput?.typeArgument?.name;
      if (name !== undefined && finding.ruleId !== "v1-response-field") byName.set(name, [...(byName.get(name) ?? []), finding]);
    }
    const text = source(file.path);
    if (text === undefined) continue;
    for (const [name, calls] of byName) {
      const change = modelChange(file.path, text, name, calls, reads, scanned, fixed);
      if (change) changes.push(change);
    }
  }
  return changes;
}

function modelChange(
  path: string,
  text: string,
  name: string,
  calls: readonly Finding[],
  reads: readonly Finding[],
  scanned: readonly { path: string; text: string; code: string }[],
  fixed: (call: Finding) => boolean,
): ModelChange | undefined {
  if (!calls.every(fixed)) return undefined;
  const kinds = new Set(calls.map((call) => responseKindOf(call.fixInput?.route?.operation)));
  const [kind] = kinds;
  if (kinds.size !== 1 || kind === undefined) return undefined;
  // Used nowhere else: the declaration and these calls' type arguments are every mention of the name in code.
  const mentions = new RegExp(`(?<![\\w$.])${escape(name)}(?![\\w$])`, "g");
  for (const other of scanned) if ([...other.code.matchAll(mentions)].length !== (other.path === path ? 1 + calls.length : 0)) return undefined;
  // Every read of these calls' values that v2 answers differently is one v2kit rewrites.
  const own = reads.filter((read) => calls.includes(read.fixInput?.responseOf as Finding));
  if (own.some((read) => read.fixInput?.readEdit === undefined && !(read.responseField?.v2 === null && read.responseField.v1 !== "[…]"))) return undefined;
  const members = declaration(text, name);
  if (members === undefined) return undefined;
  const table = RESPONSE_FIELDS[kind];
  const keys = new Set(members.map((member) => member.key));
  const edits: Edit[] = [];
  const nested = new Map<string, Member[]>();
  for (const member of members) {
    const to = table[member.key]?.to;
    if (to === undefined || to === null) continue;
    if (to.length > 2 || keys.has(to[0] as string)) return undefined;
    if (to.length === 1) edits.push({ start: member.keyAt[0], end: member.keyAt[1], text: to[0] as string });
    else nested.set(to[0] as string, [...(nested.get(to[0] as string) ?? []), member]);
  }
  // A read v2kit did not find (`${e.workersMax ?? 0}`, a value passed on and read elsewhere) would no longer type-check:
  // every property access of a changed member in the scanned code must be one of the reads rewritten with it.
  for (const member of members) {
    if (!table[member.key]?.to) continue;
    const dotted = new RegExp(`\\??\\.\\s*${escape(member.key)}(?![\\w$])`, "g");
    const subscripted = new RegExp(`\\[\\s*(["'\`])${escape(member.key)}\\1\\s*\\]`, "g");
    // A destructuring (`const { workersMin } = e`, `({ workersMin }) => …`) reads it without a dot: none may name it.
    const destructured = new RegExp(`(?:\\b(?:const|let|var)|\\()\\s*\\{[^{}]*(?<![\\w$])${escape(member.key)}(?![\\w$])[^{}]*\\}`);
    let accesses = 0;
    for (const other of scanned) {
      if (destructured.test(other.code)) return undefined;
      accesses += [...other.code.matchAll(dotted)].length + [...other.text.matchAll(subscripted)].length;
    }
    if (accesses !== own.filter((read) => read.responseField?.v1 === member.key).length) return undefined;
  }
  for (const [outer, inner] of nested) {
    const [first, ...rest] = inner as [Member, ...Member[]];
    const fields = inner.map((member) => `${(table[member.key]?.to as string[])[1]}${member.optional ? "?" : ""}: ${member.type}`).join("; ");
    edits.push({ start: first.member[0], end: first.member[1], text: `${outer}: { ${fields} }` });
    for (const member of rest) edits.push({ start: member.line[0], end: member.line[1], text: "" });
  }
  // A list call's value is v2's wrapper.
  for (const call of calls) {
    const argument = call.fixInput?.typeArgument;
    const key = LIST_KEYS[call.fixInput?.route?.operation ?? ""];
    if (argument?.list !== true) continue;
    if (key === undefined) return undefined;
    edits.push({ start: argument.span[0], end: argument.span[1], text: `{ ${key}: ${name}[] }` });
  }
  return edits.length === 0 ? undefined : { path, name, edits, calls: [...calls] };
}

/**
 * The members of `interface name {…}` or `type name = {…}`, declared once in `text` with one
 * member per line (`key?: Type;`); undefined when it is not written so (methods, index
 * signatures, two members on a line, nested braces across lines).
 */
function declaration(text: string, name: string): Member[] | undefined {
  const heads = [
    ...text.matchAll(new RegExp(`^[ \\t]*(?:export[ \\t]+)?(?:interface[ \\t]+${escape(name)}[ \\t]*\\{|type[ \\t]+${escape(name)}[ \\t]*=[ \\t]*\\{)`, "gm")),
  ];
  if (heads.length !== 1) return undefined;
  const open = (heads[0]?.index ?? 0) + (heads[0]?.[0].length ?? 0) - 1;
  const close = text.indexOf("}", open);
  const nextOpen = text.indexOf("{", open + 1);
  // Braces inside the body (an inline object type) are read only on one line.
  let end = close;
  if (nextOpen >= 0 && nextOpen < close) {
    let depth = 0;
    for (end = open; end < text.length; end++) {
      if (text[end] === "{") depth++;
      else if (text[end] === "}" && --depth === 0) break;
    }
  }
  if (end < 0 || end >= text.length) return undefined;
  const members: Member[] = [];
  let lineStart = text.indexOf("\n", open) + 1;
  if (lineStart <= 0 || lineStart > end) return undefined;
  while (lineStart < end) {
    const lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) return undefined;
    const line = text.slice(lineStart, lineEnd);
    const trimmed = line.trim();
    if (lineEnd + 1 > end && trimmed.startsWith("}")) break;
    if (trimmed === "" || trimmed.startsWith("//")) {
      lineStart = lineEnd + 1;
      continue;
    }
    const match = /^([ \t]*)((?:readonly[ \t]+)?)([A-Za-z_$][\w$]*)(\??)[ \t]*:[ \t]*(.+?)[ \t]*[;,]?[ \t]*$/.exec(line);
    if (!match) return undefined;
    const type = match[5] as string;
    let depth = 0;
    for (const char of type) {
      if (char === "{" || char === "(" || char === "[" || char === "<") depth++;
      else if (char === "}" || char === ")" || char === "]" || char === ">") depth--;
      if (depth < 0) return undefined;
    }
    if (depth !== 0 || /[;,]/.test(type.replace(/\{[^{}]*\}|<[^<>]*>|\([^()]*\)/g, ""))) return undefined;
    const keyStart = lineStart + (match[1] as string).length + (match[2] as string).length;
    const key = match[3] as string;
    const typeStart = line.indexOf(type, (match[1] as string).length + (match[2] as string).length + key.length) + lineStart;
    members.push({
      key,
      optional: match[4] === "?",
      type,
      keyAt: [keyStart, keyStart + key.length],
      line: [lineStart, lineEnd + 1],
      member: [lineStart + (match[1] as string).length, typeStart + type.length],
    });
    lineStart = lineEnd + 1;
  }
  return members;
}
