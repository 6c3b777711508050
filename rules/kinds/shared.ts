// Pieces every rule kind uses: parameter schemas and pointer access in emitted code.

import { Code, code, join } from "../codegen.js";
import { parsePointer } from "../../engine/pointer.js";
import type { Pointer } from "../types.js";

export const pointer = { $ref: "#/$defs/pointer" };
export const pointers = { type: "array", minItems: 1, items: pointer };
export const condition = { $ref: "#/$defs/condition" };

/** One read of the resolved body by emitted code: where, and whether only its presence matters. */
export interface Read {
  pointer: Pointer;
  presence: boolean;
}

let reads: Read[] | undefined;

/**
 * The reads of `subject.resolved` that `emit` makes through these helpers, or undefined when its code
 * reads `subject.resolved` some other way too (then anything may be read). generators/emit/emit-rules.ts
 * uses them to tell which trailing stages (defaults) no rule depends on, so they can wait.
 */
export function emitWithReads(emit: () => Code): { code: Code; reads: Read[] | undefined } {
  const outer = reads;
  const recorded: Read[] = [];
  reads = recorded;
  try {
    const emitted = emit();
    return { code: emitted, reads: (emitted.text.match(/\bsubject\.resolved\b/g) ?? []).length === recorded.length ? recorded : undefined };
  } finally {
    reads = outer;
  }
}

function record(fieldPath: Pointer, body: Code, presence: boolean): void {
  if (body.text === "subject.resolved") reads?.push({ pointer: fieldPath, presence });
}

const isIndex = (segment: string) => /^(0|[1-9][0-9]*)$/.test(segment);

/**
 * The walk variables of eachMatch over the request or resolved body (`m2`): values inside the
 * body, so JSON data whenever the subject is (`subject.plain`).
 */
const insideBody = new WeakSet<Code>();

function chain(fieldPath: Pointer, body: Code): Code {
  return parsePointer(fieldPath).reduce((expr, segment) => (isIndex(segment) ? code`rt.step(${expr}, ${segment})` : code`rt.prop(${expr}, ${segment})`), body);
}

/**
 * Emitted: `chain` for a `body` inside the subject's body (a plain identifier, `subject.input` or the
 * Defaulter's `d.body`: read more than once). When the subject is plain JSON data (`subject.plain`:
 * every object's prototype is Object.prototype) and Object.prototype has none of the path's
 * keys, each step is a named load, which is the own property (V8 folds the key tests): an
 * inline-cached load at this site instead of a call whose keyed load every rule shares. Else the
 * own-property chain, as before. Array indexes always take the chain.
 */
function plainChain(fieldPath: Pointer, body: Code): Code {
  const segments = parsePointer(fieldPath);
  if (segments.length === 0 || segments.some(isIndex)) return chain(fieldPath, body);
  const fast = segments.reduce((expr, segment) => code`(rt.isObject(${expr}) ? (${expr} as Record<string, unknown>)[${segment}] : undefined)`, body);
  const guards = join(
    segments.map((segment) => code`!(${segment} in Object.prototype)`),
    " && ",
  );
  return code`(subject.plain === true && ${guards} ? ${fast} : ${chain(fieldPath, body)})`;
}

/** A read of `body` at `p`: with the plain-data fast path when `body` is a walk variable. */
const read = (fieldPath: Pointer, body: Code): Code => (insideBody.has(body) ? plainChain(fieldPath, body) : chain(fieldPath, body));

/**
 * `body` (an identifier bound to the subject's body or a value inside it) as one whose reads take
 * the plain-data fast path, as eachMatch's walk variables do.
 */
export function insideSubject(body: Code): Code {
  insideBody.add(body);
  return body;
}

/**
 * Emitted: the value at a pointer of a body that is JSON data whenever the subject is, read with
 * the plain-data fast path: the request as sent in a stage (stages run before the rules' reads
 * are hoisted into locals, generators/emit/emit-rules-hoist.ts), the Defaulter's body in a defaults
 * stage. Not for `subject.resolved` in a rule: those reads are recorded and hoisted (`at`).
 */
export function plainAt(fieldPath: Pointer, body: Code): Code {
  record(fieldPath, body, false);
  return plainChain(fieldPath, body);
}

/**
 * Emitted: the value at a pointer (no wildcards) of the resolved body, as a chain of own-property
 * reads (`rt.prop(rt.prop(subject.resolved, "gpu"), "pools")`): no pointer parsing at run time.
 */
export function at(fieldPath: Pointer, body: Code = code`subject.resolved`): Code {
  record(fieldPath, body, false);
  return read(fieldPath, body);
}

/** Emitted: whether the value at a pointer is present (set, not null); only its presence is read. */
export function presentAt(fieldPath: Pointer, body: Code = code`subject.resolved`): Code {
  record(fieldPath, body, true);
  return code`rt.isPresent(${read(fieldPath, body)})`;
}

/**
 * Emitted: the path of item `index` of the array at `path` (code that eachMatch handed out). A
 * constant path gets one string per index (rt.indexPath); any other is concatenated.
 */
export function itemPath(path: Code, index: Code): Code {
  let constant: unknown;
  try {
    constant = JSON.parse(path.text);
  } catch {
    constant = undefined;
  }
  return typeof constant === "string" ? code`rt.indexPath(${`${constant}/`}, ${index})` : code`${path} + "/" + ${index}`;
}

/** Emitted: every match of a pointer (wildcards allowed) of the resolved body. */
export function matches(fieldPath: Pointer, body: Code = code`subject.resolved`): Code {
  record(fieldPath, body, false);
  return code`rt.matchAll(${body}, ${parsePointer(fieldPath)})`;
}

const escapeSegment = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * Emitted: `inner` once per match of a pointer (wildcards allowed), in document order, as
 * `matchAll` finds them, but as nested loops over the body: no match array, no pointer strings
 * unless `inner` uses its `path` (built by concatenation where it is used). `name` keeps the
 * variables of two walks in one rule apart.
 */
export function eachMatch(fieldPath: Pointer, body: Code, inner: (value: Code, path: Code) => Code, options: { name?: string; presence?: boolean } = {}): Code {
  record(fieldPath, body, options.presence ?? false);
  const name = options.name ?? "m";
  const inside = body.text === "subject.input" || body.text === "subject.resolved" || insideBody.has(body);
  const segments = parsePointer(fieldPath);
  const pathCode = (parts: (string | Code)[]): Code => {
    const merged: (string | Code)[] = [];
    for (const part of parts) {
      const last = merged[merged.length - 1];
      if (typeof part === "string" && typeof last === "string") merged[merged.length - 1] = last + part;
      else merged.push(part);
    }
    if (merged.length === 0) return code`""`;
    // One array index between constant text: the same string object every time (rt.indexPath).
    const [prefix, index, suffix] = merged;
    if (typeof prefix === "string" && index instanceof Code && (merged.length === 2 || (merged.length === 3 && typeof suffix === "string")))
      return merged.length === 2 ? code`rt.indexPath(${prefix}, ${index})` : code`rt.indexPath(${prefix}, ${index}, ${suffix})`;
    return new Code(merged.map((part) => (typeof part === "string" ? code`${part}`.text : part.text)).join(" + "));
  };
  const walk = (i: number, value: Code, path: (string | Code)[]): Code => {
    const segment = segments[i];
    if (segment === undefined) return inner(value, pathCode(path));
    const next = new Code(`${name}${i + 1}`);
    if (inside) insideBody.add(next);
    if (segment === "*") {
      const index = new Code(`${name}i${i + 1}`);
      return code`if (Array.isArray(${value})) for (let ${index} = 0; ${index} < ${value}.length; ${index}++) {
const ${next}: unknown = ${value}[${index}];
if (${next} !== undefined) {
${walk(i + 1, next, [...path, "/", index])}
}
}`;
    }
    const step = `/${escapeSegment(segment)}`;
    return code`{
const ${next} = ${inside ? plainChain(step, value) : chain(step, value)};
if (${next} !== undefined) {
${walk(i + 1, next, [...path, `/${escapeSegment(segment)}`])}
}
}`;
  };
  // The steps before the first wildcard as one chain of reads from the body, as `at` reads:
  // generators/emit/emit-rules-hoist.ts turns it into the locals other rules read it through. A step
  // past a missing value reads undefined, so the steps need no test of their own.
  const lead = segments.findIndex((segment) => segment === "*");
  const fixed = lead === -1 ? segments.length : lead;
  if (fixed > 0) {
    const value = new Code(`${name}${fixed}`);
    if (inside) insideBody.add(value);
    const path = segments.slice(0, fixed).map((segment) => `/${escapeSegment(segment)}`);
    return code`{
const ${value} = ${read(formatPointerOf(segments.slice(0, fixed)), body)};
if (${value} !== undefined) {
${walk(fixed, value, path)}
}
}`;
  }
  const root = new Code(`${name}0`);
  if (inside) insideBody.add(root);
  return code`{
const ${root}: unknown = ${body};
if (${root} !== undefined) {
${walk(0, root, [])}
}
}`;
}

const formatPointerOf = (segments: readonly string[]): Pointer => segments.map((segment) => `/${escapeSegment(segment)}`).join("");

export const fieldList = (ps: Pointer[]) => ps.map((fieldPath) => `\`${fieldPath}\``).join(", ");

/**
 * `fieldsFrom` (kinds with forbidden, required or catalog-named fields): where the rule reads
 * its own fields. `resolved` (default): the body after the stages (PATCH merge, template,
 * defaults). `request`: the body as sent, so a PATCH is judged on what it sets, not on what the
 * resource already holds; `when` conditions are still judged on the resolved body.
 */
export const fieldsFrom = { enum: ["request", "resolved"] };

export type FieldsFrom = { fieldsFrom?: "request" | "resolved" };

/** The body a rule's fields are read from (see `fieldsFrom`). */
export const fieldsBody = (rule: FieldsFrom, subject: { input: unknown; resolved: unknown }): unknown =>
  rule.fieldsFrom === "request" ? subject.input : subject.resolved;

/** Emitted: the expression of that body. */
export const fieldsCode = (rule: FieldsFrom): Code => (rule.fieldsFrom === "request" ? code`subject.input` : code`subject.resolved`);

/** For the rules table: " (fields as sent)" when the rule reads the request. */
export const fieldsNote = (rule: FieldsFrom): string => (rule.fieldsFrom === "request" ? " (judged on the fields the request sends)" : "");
