// Verdicts in the service's own shape: Ajv errors as violations, violations as an RFC 9457 body.

import { formatPointer, getAt, internalized, parsePointer } from "./pointer.js";
import { deepEqual, quote } from "./values.js";
import type { AjvError, CheckResult, Problem, Violation, Warning } from "./types.js";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
};

/**
 * A hint for a schema failure: a renamed field (a v1 name in a v2 body, and where its value
 * belongs now), or a rejected value at a path.
 */
export type SchemaHint = { property: string; use: string; note?: string } | { path: string; value: unknown; hint: string };

export function renameHint(rename: { use: string; note?: string }, property: string): string {
  return `\`${property}\` is a v1 field: use \`${rename.use}\`${rename.note ? ` (${rename.note})` : ""}`;
}

/**
 * v1 field names in a body whose schema allows unknown properties (pod bodies): no schema failure
 * carries the hint, so it becomes a warning.
 */
export function renameWarnings(body: unknown, hints: readonly SchemaHint[], violations: readonly Violation[]): Warning[] {
  const out: Warning[] = [];
  for (const hint of hints) {
    if (!("property" in hint)) continue;
    const segments = parsePointer(hint.property);
    if (getAt(body, segments) === undefined || violations.some((violation) => violation.path === hint.property)) continue;
    out.push({ rule: "hint/v1-field", path: hint.property, message: renameHint(hint, segments.at(-1) ?? "") });
  }
  return out;
}

/** `schema/<keyword>`, one string per keyword: built once, not per error. */
const schemaRules = new Map<string, string>();

function schemaRule(keyword: string): string {
  let rule = schemaRules.get(keyword);
  if (rule === undefined) {
    rule = internalized(`schema/${keyword}`); // flat: the verdict's readers compare and print it
    if (schemaRules.size < 256) schemaRules.set(keyword, rule); // keywords are a closed set; bounded all the same
  }
  return rule;
}

/**
 * At most this many schema failures are listed in one verdict; the rest are counted in one last
 * entry (`schema/more`). A 16 MiB body can fail 8M times: listed whole, its verdict passed V8's
 * longest string (512 MiB) when printed and took 3 GB. No real request comes near it.
 */
export const MAX_LISTED = 100_000;

/**
 * The branch of an `anyOf`/`oneOf` (without a discriminator: Ajv picks that branch itself) that
 * the value chose by its JSON type. Ajv reports every branch's failures, then the union's own:
 * for `gpu: {count: "x"}` against `EndpointGpuConfig | null` that is "/gpu/count: must be
 * integer", "/gpu: must be null", "/gpu: must match a schema in anyOf". A branch whose type the
 * value does not have failed with a `type` error at the union's own path: when some branch got
 * past its type check, those errors and the union's own say nothing the user needs. When no
 * branch did, the value has the wrong type for all of them: one error lists the types.
 * When several branches of the value's type failed, only the one with the fewest failures is
 * reported (all of the tied ones on a tie): the generator inlines union branches
 * (generators/normalize/union-branches.ts) so a failure's `schemaPath` says its branch.
 */
function chooseBranches(errors: readonly AjvError[]): readonly AjvError[] {
  let out: AjvError[] | undefined;
  for (let unionIndex = 0; unionIndex < errors.length; unionIndex++) {
    const union = errors[unionIndex] as AjvError;
    if ((union.keyword !== "anyOf" && union.keyword !== "oneOf") || union.params["passingSchemas"] != null) continue;
    out ??= [...errors];
    const at = out.indexOf(union);
    const path = union.instancePath;
    let from = at;
    while (from > 0) {
      const previous = out[from - 1] as AjvError;
      if (previous.instancePath !== path && !previous.instancePath.startsWith(`${path}/`)) break;
      from--;
    }
    const run = out.slice(from, at);
    if (run.length === 0) continue;
    const wrongType = run.filter((error) => error.keyword === "type" && error.instancePath === path);
    const chosen = fewestFailures(
      run.filter((error) => !wrongType.includes(error)),
      `${union.schemaPath}/`,
    );
    const merged: AjvError[] =
      chosen.length > 0
        ? chosen
        : [{ ...(wrongType[0] as AjvError), message: `must be ${[...new Set(wrongType.map((error) => String(error.params["type"])))].join(" or ")}` }];
    out.splice(from, at - from + 1, ...merged);
  }
  return out ?? errors;
}

/**
 * The failures of the branch (or tied branches) with the fewest, among `errors`, the failures of
 * a union's branches in Ajv's order. A failure's branch is the index after `prefix` (the union's
 * schema path) in its `schemaPath`. One from a function a branch calls (a recursive `$ref`, which
 * is not inlined) names no branch: before the first that does, it is kept whichever branch wins
 * (it may be a sibling keyword's); after it, the branches cannot all be told apart, and every
 * failure is kept.
 */
function fewestFailures(errors: AjvError[], prefix: string): AjvError[] {
  if (errors.length < 2) return errors;
  const branchOf = new Array<number>(errors.length);
  const counts = new Map<number, number>();
  for (let i = 0; i < errors.length; i++) {
    const path = (errors[i] as AjvError).schemaPath;
    const index = path.startsWith(prefix) ? Number.parseInt(path.slice(prefix.length), 10) : Number.NaN;
    if (Number.isNaN(index)) {
      if (counts.size > 0) return errors;
      branchOf[i] = -1;
    } else {
      branchOf[i] = index;
      counts.set(index, (counts.get(index) ?? 0) + 1);
    }
  }
  if (counts.size < 2) return errors;
  const fewest = Math.min(...counts.values());
  return errors.filter((_, i) => branchOf[i] === -1 || counts.get(branchOf[i] as number) === fewest);
}

/**
 * Schema failures are 422, as the service's own validator answers (spec, Errors). Appended to
 * `into` when given (the compiled check passes its verdict's list: no second array), which is
 * returned.
 */
export function schemaViolations(allErrors: readonly AjvError[], body: unknown, hints: readonly SchemaHint[] = [], into?: Violation[]): Violation[] {
  const errors = chooseBranches(allErrors);
  const out: Violation[] = into ?? [];
  const start = out.length;
  if (errors.length > MAX_LISTED) {
    // Only the first MAX_LISTED are read; the count of the rest is approximate (duplicates included).
    const listed = schemaViolations(errors.slice(0, MAX_LISTED), body, hints, into);
    const rest = errors.length - MAX_LISTED;
    listed.push({
      rule: "schema/more",
      status: 422,
      path: "",
      message: `fails ${rest} more schema check(s), not listed: a verdict lists at most ${MAX_LISTED}`,
    });
    return listed;
  }
  // Duplicates (same path and message) are found by a scan while there are few; a set beyond.
  let seen: Set<string> | undefined;
  // Indexed loops and no closures: this runs on every rejected body, and its garbage is most of
  // what a rejected body costs beyond its parse (docs/engine.md, "The invalid path").
  for (let errorIndex = 0; errorIndex < errors.length; errorIndex++) {
    const error = errors[errorIndex] as AjvError;
    let path = error.instancePath;
    let message = error.message ?? `must satisfy ${error.keyword}`;
    let hint: string | undefined;
    if (error.keyword === "additionalProperties" || error.keyword === "unevaluatedProperties") {
      const property = String(error.params["additionalProperty"] ?? error.params["unevaluatedProperty"] ?? "");
      const unknown = unknownProperty(property);
      path = path + unknown.segment;
      message = unknown.message;
      for (let i = 0; i < hints.length; i++) {
        const schemaHint = hints[i] as SchemaHint;
        if ("property" in schemaHint && schemaHint.property === path) {
          hint = renameHintOf(schemaHint, property);
          break;
        }
      }
    } else if (error.keyword === "required") {
      path = path + pointerSegment(String(error.params["missingProperty"] ?? ""));
      message = "is required";
    } else if (error.keyword === "enum" && Array.isArray(error.params["allowedValues"])) {
      message = `must be one of ${error.params["allowedValues"].map((allowed) => JSON.stringify(allowed)).join(", ")}`;
    } else if (error.keyword === "discriminator" && typeof error.params["tag"] === "string") {
      // The tag names no variant (or is missing / not a string): said at the tag itself.
      path = path + pointerSegment(error.params["tag"]);
      message =
        error.params["error"] === "tag"
          ? "is required and must be a string: it selects the variant"
          : `must name one of the variants of this value, not ${JSON.stringify(error.params["tagValue"])}`;
    } else if (error.keyword === "const") {
      message = `must be ${JSON.stringify(error.params["allowedValue"])}`;
    } else if (error.keyword === "if" || (error.keyword === "oneOf" && errors.length > 1)) {
      continue; // the branch errors that follow say what is wrong; these add nothing
    }
    if (hint === undefined) {
      for (let i = 0; i < hints.length; i++) {
        const schemaHint = hints[i] as SchemaHint;
        if ("path" in schemaHint && schemaHint.path === path && deepEqual(getAt(body, parsePointer(path)), schemaHint.value)) {
          hint = schemaHint.hint;
          break;
        }
      }
    }
    if (seen === undefined && out.length - start >= 8) seen = new Set(out.slice(start).map((violation) => JSON.stringify([violation.path, violation.message])));
    if (seen === undefined) {
      if (listedBefore(out, start, path, message)) continue;
    } else {
      const key = JSON.stringify([path, message]);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    const rule = schemaRule(error.keyword);
    out.push(hint ? { rule, status: 422, path, message, hint } : { rule, status: 422, path, message });
  }
  return out;
}

/**
 * The pointer segment and the message of an unknown property, made once per name: rejected
 * bodies of a run fail on the same few names (v1 fields, typos), and these strings were most of
 * what a rejected body allocated past its parse. Bounded: ever-new names start it over.
 */
const unknownProperties = new Map<string, { segment: string; message: string }>();

function unknownProperty(property: string): { segment: string; message: string } {
  let known = unknownProperties.get(property);
  if (known === undefined) {
    known = { segment: pointerSegment(property), message: `unknown property ${quote(property)} is not allowed` };
    if (unknownProperties.size >= 1024) unknownProperties.clear();
    unknownProperties.set(property, known);
  }
  return known;
}

/** renameHint of a hint for the property it names, made once per hint (the hints are the engine's constants). */
const renameHints = new WeakMap<object, { property: string; text: string }>();

function renameHintOf(hint: { property: string; use: string; note?: string }, property: string): string {
  const known = renameHints.get(hint);
  if (known !== undefined && known.property === property) return known.text;
  const text = renameHint(hint, property);
  renameHints.set(hint, { property, text });
  return text;
}

/** Whether `out` lists a violation at `path` with `message` from index `start` on (a scan: few are listed). */
function listedBefore(out: readonly Violation[], start: number, path: string, message: string): boolean {
  for (let i = start; i < out.length; i++) {
    const violation = out[i] as Violation;
    if (violation.path === path && violation.message === message) return true;
  }
  return false;
}

/** `formatPointer([segment])`, without the array. */
function pointerSegment(segment: string): string {
  return segment.includes("~") || segment.includes("/") ? formatPointer([segment]) : `/${segment}`;
}

/** One line of a problem's `errors`. */
const errorLine = (violation: Violation): string => `${violation.path || "/"}: ${violation.message}`;

/**
 * The verdict for these violations: accepted when there are none, else refused with the first
 * violation's status and its problem body (CheckResult narrows on `ok`).
 */
export function checkResult(violations: Violation[], warnings: Warning[], resolved: unknown): CheckResult {
  const problem = problemFor(violations);
  if (problem === null) return { ok: true, status: null, problem: null, violations, warnings, resolved };
  return { ok: false, status: problem.status, problem, violations, warnings, resolved };
}

export function problemFor(violations: readonly [Violation, ...Violation[]]): Problem;
export function problemFor(violations: readonly Violation[]): Problem | null;
export function problemFor(violations: readonly Violation[]): Problem | null {
  const first = violations[0];
  if (first === undefined) return null;
  const more = violations.length - 1;
  const errors = violations.map(errorLine);
  const line = errors[0] as string;
  return {
    title: TITLES[first.status] ?? "Error",
    status: first.status,
    // The first error line, as `errors` holds it: one string made, not two.
    detail: more > 0 ? `${line} (and ${more} more)` : line,
    errors,
  };
}
