// lint: one request (or response) body in, the server's verdict out. The body is checked by the
// same engine the generated `check` uses: schema first (422), then the rules file in order.
// Fast path: JSON.parse and the compiled engine, nothing else. Failures of the text itself
// (empty, malformed, not UTF-8, nested too deep) are verdicts too, with status 400, as the
// service rejects them before validation.

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { attachValidators, engine as bundledEngine, validatorModules, validatorsAttached } from "../output/rules.mjs";
import { stringAt } from "../engine/verdict.js";
import { type Engine, evaluate, evaluateResponse, resolveOperation, UnknownOperationError } from "../engine/evaluate.js";
import { parsePointer, removeAt } from "../engine/pointer.js";
import { checkResult, problemFor } from "../engine/problem.js";
import type { CheckContext, CheckResult, CpuRecord, GpuRecord, TemplateRecord, ValidateFunction, Violation, Warning } from "../engine/types.js";
import { clone } from "../engine/values.js";
import { type BundledCollections, staleSnapshotWarnings } from "../engine/catalog-staleness.js";
import { LintError } from "./errors.js";
import { isWireBody, lintGraphql, restTwinWarning } from "./graphql/lint-graphql.js";
import { graphqlName } from "./graphql/namespace.js";
import { describeParseError, type Position, positionAt } from "./json-source.js";
import { mayOverflow } from "./number-overflow.js";

/** One verdict: the shape of a `v2kit lint --format json` line, without `file`. */
export type LintResult = CheckResult;

export interface LintOptions {
  /** operationId (REST) or GraphQL operation name (`graphql:<name>`, or the bare name when no REST operation has it). */
  operation: string;
  /** GPU and CPU catalog responses; a collection left out is taken from the bundled snapshot. */
  catalog?: { gpus?: GpuRecord[]; cpus?: CpuRecord[] };
  /** Template records. Left out, template rules give warnings (no bundled default). */
  templates?: TemplateRecord[];
  /** The resource as it is now, for PATCH operations. */
  current?: unknown;
  /** Validate a response body of the operation for this status instead of the request. */
  response?: string | number;
  /** Another compiled engine (`--spec`, `--rules`); default: the bundled one. */
  engine?: Engine;
}

/** A verdict plus what only a text input has: the decoded text and where a text failure is. */
export interface LintOutcome {
  result: LintResult;
  /** The decoded text, when the input was text or bytes (for source positions). */
  text?: string;
  /** What JSON.parse made of `text`, when the verdict came from checking it (for resolvedText). */
  body?: unknown;
  /** Where a failure of the text itself (json/parse, json/encoding) is. */
  at?: Position;
  /** Positions of findings that a JSON pointer cannot place (values inside a GraphQL query string). */
  positions?: Map<Violation | Warning, Position>;
}

/** Deeper than this, a body is refused: far beyond any real request, well within the stack. */
export const MAX_DEPTH = 512;

/**
 * More values than this in a body handed in as a value (not text), counted over paths: an object
 * reached twice counts twice, as its JSON text would hold it twice. The largest JSON text lint
 * reads (16 MiB) holds at most ~8M values; shared references can make a few objects stand for
 * 2^40 paths, and a sparse array a length of 2^32 − 1 with nothing in it. Both are refused
 * before they are read.
 */
export const MAX_VALUES = 8_000_000;

/**
 * Check one body. A string or bytes are JSON text (a UTF-8 BOM is ignored); anything else is
 * taken as the parsed body. Never throws for any input; throws UnknownOperationError for an
 * operation the engine does not know.
 */
export function lint(input: unknown, options: LintOptions): LintResult {
  return lintSource(input, options).result;
}

/**
 * Load the bundled engine's validators for one operation: its request validator module, and its
 * response validators when `responses` is set. Only that operation's modules are read, so a
 * one-file `v2kit lint` starts fast. The package entry (`import … from "v2kit"`) has already
 * loaded every operation's; `lint()` stays synchronous (docs/lazy-validators.md).
 */
export async function loadValidators(name: string, options: { responses?: boolean } = {}): Promise<void> {
  const operation = resolveOperation(bundledEngine, name) ?? name;
  const modules = validatorModules.get(operation);
  if (modules === undefined) return;
  const base = `../output/validators/${modules.stem}`;
  if (!validatorsAttached(operation, "request")) {
    attachValidators(operation, (await validatorModule(base)) as { request: ValidateFunction });
  }
  if (options.responses && !validatorsAttached(operation, "responses")) {
    attachValidators(operation, (await validatorModule(`${base}.responses`)) as { responses: Record<string, ValidateFunction> });
  }
}

/**
 * A validator module, by its path without extension relative to dist/lint (or dist/cli: the
 * same depth). The CLI's CommonJS bundle requires the module's CommonJS copy (`.cjs`, made by
 * scripts/bundle-cli.mjs), so a one-file lint never starts Node's ES module loader; everywhere
 * else it is imported.
 */
async function validatorModule(base: string): Promise<unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- only inside the CommonJS bundle, where require is the module's own
  if (typeof __V2KIT_COMMONJS_BUNDLE__ !== "undefined") return require(`${base}.cjs`) as unknown;
  return import(`${base}.mjs`);
}

/** Load every operation's response validators into the bundled engine. */
export async function loadResponseValidators(): Promise<void> {
  await Promise.all([...validatorModules.keys()].map((operation) => loadValidators(operation, { responses: true })));
}

/**
 * Whether `key` (an engine key, as resolveOperation gives it) takes a request body: a GraphQL
 * operation always does; a REST operation when its document gives it a requestBody. The bundled
 * engine answers from its list of validator modules, loaded or not.
 */
export function takesRequestBody(engine: Engine, key: string): boolean {
  const entry = engine.operations.get(key);
  if (entry === undefined) return false;
  if (entry.kind === "graphql") return true;
  if (engine === bundledEngine) return validatorModules.get(key)?.request ?? entry.request !== undefined;
  return entry.request !== undefined;
}

export function lintSource(input: unknown, options: LintOptions): LintOutcome {
  const engine = options.engine ?? bundledEngine;
  const key = resolveOperation(engine, options.operation);
  if (key === undefined) {
    throw new UnknownOperationError(options.operation, [...engine.operations.keys()].sort());
  }
  if (engine === bundledEngine && !validatorsAttached(key, options.response === undefined ? "request" : "responses")) {
    throw new LintError(
      "validators-not-loaded",
      `lint: the validators of ${options.operation} are not loaded: await loadValidators() first (the package entry loads every operation's)`,
    );
  }
  let text: string | undefined;
  let body: unknown = input;
  if (ArrayBuffer.isView(input) && input instanceof Uint8Array) {
    // isView runs no Proxy trap
    const decoded = decodeUtf8(input);
    if (typeof decoded !== "string") {
      const at = bytePosition(input, decoded.offset);
      return { result: verdict("json/encoding", `must be UTF-8: invalid byte at offset ${decoded.offset} (line ${at.line}, column ${at.column})`), at };
    }
    text = decoded;
  } else if (typeof input === "string") {
    text = input;
  }
  if (text !== undefined) {
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    try {
      body = JSON.parse(text);
    } catch (error) {
      if (text.trim() === "") return { result: verdict("json/parse", "must be a JSON value: the body is empty"), text, at: positionAt(text, text.length) };
      if (error instanceof RangeError) return { result: tooDeep(), text };
      const { reason, position } = describeParseError(text, error as Error);
      return { result: verdict("json/parse", `must be valid JSON: ${reason} at line ${position.line}, column ${position.column}`), text, at: position };
    }
  }
  // JSON.parse builds plain objects, and text shorter than 2 × MAX_DEPTH cannot nest deeper, nor
  // text with no more than MAX_DEPTH `{` and `[` (each level opens one): the walk is needed only
  // for parsed values handed in and for long texts with that many brackets.
  if (text === undefined) {
    // A value handed in may have getters or be a Proxy whose traps throw, or answer differently
    // each time: it is read once, into plain data, and a throw is a verdict, never an exception.
    try {
      const shape = inspect(body, MAX_DEPTH, MAX_VALUES);
      if (shape === "too deep") return { result: tooDeep() };
      if (shape === "too large") return { result: tooLarge() };
      body = clone(body);
    } catch (error) {
      if (error instanceof RangeError) return { result: tooDeep() };
      return { result: verdict("json/data", `must be plain JSON data: reading the body threw ${describeThrown(error)}`) };
    }
  } else if (text.length >= 2 * MAX_DEPTH && openersExceed(text, MAX_DEPTH) && inspect(body, MAX_DEPTH, Number.POSITIVE_INFINITY) === "too deep") {
    return { result: tooDeep(), text };
  }
  const entry = engine.operations.get(key);
  // A literal past the float range (1e999) parses as Infinity: the service cannot decode it as a
  // number either, so it is refused as text is (400), at its pointer. Text without a long run of
  // digits or a 3-digit exponent cannot hold one: the walk is skipped. When the operation's
  // validator accepts no Infinity anywhere (`finiteWhenValid`), the text is scanned after the
  // check, and only when the verdict is a rejection: the same verdict, no scan of valid bodies.
  const scanLater = text !== undefined && options.response === undefined && entry?.finiteWhenValid === true && entry.check !== undefined;
  if (!scanLater) {
    const refused = notFinite(body, text);
    if (refused !== undefined) return text === undefined ? { result: refused } : { result: refused, text };
  }
  try {
    if (options.response === undefined && entry?.kind === "graphql") {
      // GraphQL: the wire body, the arguments object or the bare input (lint/graphql/).
      const { result, positions } = lintGraphql(engine, key, body, contextFor(options), text);
      if (entry.writeOnly !== undefined) withoutSecrets(result, entry.writeOnly);
      return { result, ...(text === undefined ? {} : { text }), ...(positions === undefined ? {} : { positions }) };
    }
    // The compiled operation is called as evaluate() calls it, without looking it up again, and
    // told that the body is plain JSON data (JSON.parse made it, or clone() above copied it) and
    // lint's own: pending defaults are written into it when `resolved` is first read, no copies.
    const check = entry?.check;
    if (options.response !== undefined && entry?.kind === "graphql") {
      const wrapped = graphqlResponse(engine, key, String(options.response), body);
      if (wrapped !== undefined) return text === undefined ? { result: wrapped } : { result: wrapped, text };
    }
    const result =
      options.response !== undefined
        ? evaluateResponse(engine, key, String(options.response), body)
        : withStaleness(check !== undefined ? check(body, contextFor(options), true, true) : evaluate(engine, key, body, contextFor(options)), options);
    // Only a GraphQL wire body ({query, …}) sent to a REST operation can have a twin to name.
    const twin = options.response === undefined && isWireBody(body) ? restTwinWarning(engine, key, body) : undefined;
    if (scanLater && !result.ok) {
      const refused = notFinite(body, text);
      if (refused !== undefined) return { result: refused, text };
    }
    if (twin) result.warnings.push(twin);
    if (entry?.writeOnly !== undefined && options.response === undefined) withoutSecrets(result, entry.writeOnly);
    return text === undefined ? { result } : { result, text, body };
  } catch (error) {
    if (error instanceof RangeError) return { result: tooDeep(), ...(text === undefined ? {} : { text }) };
    throw error;
  }
}

/** The context of a call that gives none of its own: built once, as the bundled catalog is read once. */
let bundledContext: CheckContext | undefined;

function contextFor(options: LintOptions): CheckContext {
  if (options.catalog === undefined && options.templates === undefined && options.current === undefined) {
    if (bundledContext !== undefined) return bundledContext;
  }
  const bundled = bundledCatalog();
  if (options.catalog === undefined && options.templates === undefined && options.current === undefined) {
    bundledContext = { catalog: { gpus: bundled.gpus, cpus: bundled.cpus } };
    return bundledContext;
  }
  return {
    catalog: { gpus: options.catalog?.gpus ?? bundled.gpus, cpus: options.catalog?.cpus ?? bundled.cpus },
    ...(options.templates === undefined ? {} : { templates: options.templates }),
    ...(options.current === undefined ? {} : { current: options.current }),
  };
}

/** Collections taken from the bundled snapshot (left out, or the bundle itself passed on) may be stale. */
function withStaleness(result: LintResult, options: LintOptions): LintResult {
  if (result.ok) return result; // only rejected values can be stale
  const bundled = bundledCatalog();
  const given = options.catalog;
  const gpus = given?.gpus === undefined || given.gpus === bundled.gpus ? bundled.gpus : undefined;
  const cpus = given?.cpus === undefined || given.cpus === bundled.cpus ? bundled.cpus : undefined;
  // The usual case (both collections from the bundle) passes one object made once: an object
  // made per call would die at each full GC, and V8 would deoptimize the staleness code that
  // saw its map (a pause per collection; the bench collects before every batch).
  const collections =
    gpus === bundled.gpus && cpus === bundled.cpus ? (bundledCollections ??= { date: bundled.date, gpus, cpus }) : { date: bundled.date, gpus, cpus };
  // stringAt: the bundled engine's reader, which leaves a lazy `resolved` lazy where it can.
  const warnings = staleSnapshotWarnings(result, collections, stringAt);
  // Appended in place: a copy of the verdict would compute its lazy `resolved` for nothing.
  for (let i = 0; i < warnings.length; i++) result.warnings.push(warnings[i] as Warning);
  return result;
}

let bundledCollections: BundledCollections | undefined;

/**
 * A GraphQL response as the wire carries it (spec, GraphQL operations): `{"data": {"<name>": result}}`,
 * the result under the operation's name or one alias. The result is checked, with pointers into
 * the whole body; undefined when the body is not so wrapped (then it is taken as the bare result).
 */
function graphqlResponse(engine: Engine, key: string, status: string, body: unknown): LintResult | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body) || !Object.hasOwn(body, "data")) return undefined;
  const data = (body as { data: unknown }).data;
  const name = graphqlName(engine, key) ?? key;
  const keys = typeof data === "object" && data !== null && !Array.isArray(data) ? Object.keys(data) : [];
  const member = keys.includes(name) ? name : keys.length === 1 ? (keys[0] as string) : undefined;
  if (member === undefined) {
    const violations: [Violation] = [
      {
        rule: "graphql/response",
        status: 422,
        path: "/data",
        message: `must hold the result of ${name} under its name or one alias: it has ${keys.length === 0 ? "none" : keys.join(", ")}`,
      },
    ];
    return { ok: false, status: 422, problem: problemFor(violations), violations, warnings: [], resolved: null };
  }
  const inner = evaluateResponse(engine, key, status, (data as Record<string, unknown>)[member]);
  const prefix = `/data/${member.replace(/~/g, "~0").replace(/\//g, "~1")}`;
  const violations = inner.violations.map((violation) => ({ ...violation, path: prefix + violation.path }));
  return checkResult(
    violations,
    inner.warnings.map((warning) => ({ ...warning, path: prefix + warning.path })),
    body,
  );
}

/**
 * The verdict's `resolved` without the values the schema marks `writeOnly` (a registry password,
 * a secret's value): the service keeps them and never returns them, so neither does lint (a CI
 * log of `--format json` must not print them). Only operations with such fields pay for it.
 */
function withoutSecrets(result: LintResult, pointers: readonly string[]): void {
  let resolved = result.resolved;
  for (const pointer of pointers) resolved = removeAt(resolved, parsePointer(pointer));
  Object.defineProperty(result, "resolved", { value: resolved, enumerable: true, writable: true, configurable: true });
}

function verdict(rule: string, message: string): LintResult {
  const violations: [Violation] = [{ rule, status: 400, path: "", message }];
  return { ok: false, status: 400, problem: problemFor(violations), violations, warnings: [], resolved: null };
}

/** The 400 verdict for a body holding a number JSON cannot carry (or a non-JSON value handed in), else undefined. */
function notFinite(body: unknown, text: string | undefined): LintResult | undefined {
  if (text !== undefined && !mayOverflow(text)) return undefined;
  const found = notJson(body);
  if (found === undefined) return undefined;
  const rule = found.kind === "number" ? "json/number" : "json/data";
  const message =
    found.kind !== "number"
      ? `must be plain JSON data: a ${found.kind} is not a JSON value`
      : text === undefined
        ? "must be a finite JSON number (NaN and Infinity are not JSON)"
        : "must be a finite number: the literal overflows a 64-bit float";
  const violations: [Violation] = [{ rule, status: 400, path: found.at, message }];
  return { ok: false, status: 400, problem: problemFor(violations), violations, warnings: [], resolved: null };
}

/** The first NaN, ±Infinity, bigint, symbol or function in a value, and its pointer (iterative: any depth). */
function notJson(value: unknown): { at: string; kind: string } | undefined {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [current, at] = stack.pop() as [unknown, string];
    if (typeof current === "number" && !Number.isFinite(current)) return { at, kind: "number" };
    if (typeof current === "bigint" || typeof current === "symbol" || typeof current === "function") return { at, kind: typeof current };
    if (current !== null && typeof current === "object") {
      for (const [key, child] of Object.entries(current)) stack.push([child, `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`]);
    }
  }
  return undefined;
}

/** What a getter or Proxy trap threw, without trusting it (its message may be a throwing getter too). */
function describeThrown(error: unknown): string {
  try {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === "string" ? error : `a thrown ${typeof error}`;
    return JSON.stringify(message.length > 200 ? `${message.slice(0, 200)}…` : message);
  } catch {
    return "an exception";
  }
}

const tooDeep = () => verdict("json/depth", `must not nest arrays and objects more than ${MAX_DEPTH} deep`);

const tooLarge = () =>
  verdict(
    "json/size",
    `must not hold more than ${MAX_VALUES} values, counted over every path (a shared object counts each time it is reached; an array by its length)`,
  );

/**
 * Whether the text holds more than `limit` of `{` and `[` (those in strings counted too): a
 * nesting deeper than `limit` needs that many. indexOf per bracket, a native scan: several
 * times cheaper than walking the parsed body, and a typical body has a few dozen.
 */
function openersExceed(text: string, limit: number): boolean {
  let count = 0;
  for (let at = text.indexOf("{"); at !== -1; at = text.indexOf("{", at + 1)) if (++count > limit) return true;
  for (let at = text.indexOf("["); at !== -1; at = text.indexOf("[", at + 1)) if (++count > limit) return true;
  return false;
}

/**
 * One iterative walk (it cannot overflow the stack): "too deep" past `limit`, "too large" past
 * `budget` values counted over paths (an array counts its length before it is read), "foreign"
 * when an object does not have Object.prototype (a clone makes it plain), else "plain".
 */
function inspect(value: unknown, limit: number, budget: number): "plain" | "foreign" | "too deep" | "too large" {
  if (typeof value !== "object" || value === null) return "plain";
  let shape: "plain" | "foreign" = "plain";
  let values = 1;
  const stack: [object, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [object, number];
    if (depth > limit) return "too deep";
    if (Array.isArray(current)) {
      values += current.length;
      if (values > budget) return "too large";
    } else if (Object.getPrototypeOf(current) !== Object.prototype) shape = "foreign";
    const children = Object.values(current);
    if (!Array.isArray(current)) {
      values += children.length;
      if (values > budget) return "too large";
    }
    for (const child of children) if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
  }
  return shape;
}

// ------------------------------------------------------------------ bundled catalog snapshot

let catalog: { gpus: GpuRecord[]; cpus: CpuRecord[]; date: string } | undefined;

/**
 * schema/catalog/*.json, read on first use: two levels up from dist/lint, one from lint/.
 * Pass these very arrays on (as `migrate` does) and lint still knows they came from the bundle.
 */
export function bundledCatalog(): { gpus: GpuRecord[]; cpus: CpuRecord[]; date: string } {
  if (catalog) return catalog;
  catalog = {
    gpus: readBundled("gpus.json", "gpus") as GpuRecord[],
    cpus: readBundled("cpus.json", "cpus") as CpuRecord[],
    date: String(readBundled("snapshot.json", "date")),
  };
  return catalog;
}

/** One key of a schema/catalog/*.json file of the package. */
export function readBundled(name: string, key: string): unknown {
  const dir = ["../../schema/catalog/", "../schema/catalog/"]
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((candidate) => existsSync(`${candidate}gpus.json`));
  if (dir === undefined) throw new LintError("bundled-catalog-missing", "the bundled catalog (schema/catalog/gpus.json) is missing from the package");
  return (JSON.parse(readFileSync(`${dir}${name}`, "utf8")) as Record<string, unknown>)[key];
}

// ------------------------------------------------------------------ UTF-8

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The text, or the byte offset of the first byte that is not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | { offset: number } {
  try {
    return decoder.decode(bytes);
  } catch {
    return { offset: invalidUtf8Offset(bytes) };
  }
}

/** Offset of the first ill-formed sequence (RFC 3629: no overlongs, surrogates or > U+10FFFF). */
function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    let need: number;
    let min = 0x80;
    let max = 0xbf;
    if (b < 0x80) need = 0;
    else if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) min = 0xa0;
      if (b === 0xed) max = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) min = 0x90;
      if (b === 0xf4) max = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const continuationByte = bytes[i + k];
      const lo = k === 1 ? min : 0x80;
      const hi = k === 1 ? max : 0xbf;
      if (continuationByte === undefined || continuationByte < lo || continuationByte > hi) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}

/** Line and column (in bytes) of a byte offset: the text cannot be decoded to count characters. */
function bytePosition(bytes: Uint8Array, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
