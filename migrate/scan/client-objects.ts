// `migrate scan --fix`: a client whose v1 base is handed to an HTTP client object (issue 41,
// item 1). Real clients often keep the base in the HTTP library's own client rather than in a
// request function: `self._http = httpx.Client(base_url=base_url)` then `self._http.get("/pods")`,
// or `const api = axios.create({ baseURL: REST })` then `api.patch(\`/endpoints/${id}\`, body)`.
// Both libraries join the base and a path that starts with `/` by keeping the base's own path
// (httpx merges the paths; axios joins them with one `/`), so changing the base to the v2 one
// moves every call through the object with it. This finds those objects and every place the code
// names them, so that client-base.ts can treat the object's request methods as the client's
// request functions, and leave the base alone when the object is used in a way it cannot follow.

import { matchClose } from "./evaluate.js";
import type { Token } from "./lex/tokens.js";
import type { Dialect } from "./method.js";

/** The request methods of an httpx client and an axios instance: a call of one sends a request through the base. */
const REQUEST_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options", "request", "stream", "send"]);

/** The constructors read, by dialect: the callee's last name, the name a chain must start with, the option that sets the base. */
const CONSTRUCTORS: Partial<Record<Dialect, { callee: ReadonlySet<string>; library: string; option: string }>> = {
  python: { callee: new Set(["Client", "AsyncClient"]), library: "httpx", option: "base_url" },
  js: { callee: new Set(["create"]), library: "axios", option: "baseURL" },
};

/** A lexed code file, as client-base.ts holds it. */
export interface ObjectFile {
  path: string;
  text: string;
  tokens: Token[];
  dialect: Dialect;
}

/** An HTTP client object made with a base: `self._http`, `api`. */
export interface ClientObject {
  /** The object's own name, lower-cased (the last name of its chain: `_http` of `self._http`). */
  key: string;
  /** As written where it is made (`self._http`). */
  written: string;
  /** The file that makes it. */
  file: string;
  /** PHP: the request function that returns it (`http` of `$this->http()->get(…)`), sent through as `fn()->get(…)`. */
  method?: string;
}

/**
 * PHP (Laravel): the methods that return an `Http` client made with the base,
 * `return Http::withToken($key)->baseUrl($this->baseUrl);`. Their callers send requests through
 * them as `$this->http()->get('/pods')`, which Laravel joins to the base as axios does.
 * `functionAt` names the function whose body holds a token.
 */
function laravelObjectsIn(file: ObjectFile, names: ReadonlySet<string>, functionAt: (k: number) => string | undefined): ClientObject[] {
  const { tokens } = file;
  const out: ClientObject[] = [];
  for (let k = 2; k < tokens.length; k++) {
    const option = tokens[k] as Token;
    if (option.kind !== "ident" || option.text !== "baseUrl" || tokens[k - 1]?.text !== "." || tokens[k + 1]?.text !== "(") continue;
    const close = matchClose(tokens, k + 1);
    if (close < 0) continue;
    // The argument: a name or a chain ending in one (`$this->baseUrl`), or alternatives joined by `??`.
    let hit = false;
    let plain = true;
    for (let j = k + 2; j < close; j++) {
      const operand = tokens[j] as Token;
      if (operand.kind === "ident") {
        if (tokens[j + 1]?.text !== "." && names.has(operand.text.replace(/^\$/, "").toLowerCase())) hit = true;
      } else if (operand.text !== "." && operand.text !== "??") plain = false;
    }
    if (!hit || !plain) continue;
    // The chain starts at Laravel's `Http` facade, in the same statement.
    let facade = false;
    for (let j = k - 1; j >= 0 && k - j < 200; j--) {
      const t = tokens[j] as Token;
      if (t.text === ";" || t.text === "{" || t.text === "}") break;
      if (t.kind === "ident" && /^\\?(?:Illuminate\\Support\\Facades\\)?Http$/.test(t.text) && tokens[j + 1]?.text === "::") facade = true;
    }
    const fn = facade ? functionAt(k) : undefined;
    if (fn !== undefined) out.push({ key: fn.toLowerCase(), written: `${fn}()`, file: file.path, method: fn });
  }
  return out;
}

/**
 * The HTTP client objects a file makes with a base that is one of `names` (lower-cased): the
 * option's value is a name, a chain ending in one (`self.base_url`), or `a or NAME` / `a ?? NAME`.
 */
export function clientObjectsIn(file: ObjectFile, names: ReadonlySet<string>, functionAt?: (k: number) => string | undefined): ClientObject[] {
  if (file.dialect === "php") return functionAt ? laravelObjectsIn(file, names, functionAt) : [];
  const made = CONSTRUCTORS[file.dialect];
  if (!made || !file.text.includes(made.library)) return [];
  const { tokens } = file;
  const out: ClientObject[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const callee = tokens[k] as Token;
    if (callee.kind !== "ident" || !made.callee.has(callee.text) || tokens[k + 1]?.text !== "(") continue;
    const chainStart = chainStartAt(tokens, k);
    // `httpx.Client(` or `axios.create(`; a bare `Client(` only where the file imports it from httpx.
    const first = (tokens[chainStart] as Token).text;
    if (
      first !== made.library &&
      !(chainStart === k && file.dialect === "python" && new RegExp(`from\\s+${made.library}\\s+import\\b[^\\n]*\\b${callee.text}\\b`).test(file.text))
    )
      continue;
    const close = matchClose(tokens, k + 1);
    if (close < 0 || !baseOptionIn(tokens, k + 1, close, made.option, names)) continue;
    const target = assignedTo(tokens, chainStart, close);
    if (target) out.push({ ...target, file: file.path });
  }
  return out;
}

/** Where the dotted chain ending at name token `k` starts (`httpx` of `httpx.Client`). */
function chainStartAt(tokens: readonly Token[], k: number): number {
  let start = k;
  while (start >= 2 && tokens[start - 1]?.text === "." && tokens[start - 2]?.kind === "ident") start -= 2;
  return start;
}

/** Whether the call's arguments between `open` and `close` set `option` to one of `names`. */
function baseOptionIn(tokens: readonly Token[], open: number, close: number, option: string, names: ReadonlySet<string>): boolean {
  for (let k = open + 1; k < close; k++) {
    const t = tokens[k] as Token;
    const optionName = t.kind === "str" ? (t.parts ?? []).map((part) => ("text" in part ? part.text : "\0")).join("") : t.text;
    if ((t.kind !== "ident" && t.kind !== "str") || optionName !== option) continue;
    const separator = tokens[k + 1]?.text;
    if (separator !== "=" && separator !== ":") continue;
    let hit = false;
    for (let j = k + 2; j < close; j++) {
      const operand = tokens[j] as Token;
      if (operand.text === "," || operand.text === ")" || operand.text === "}") break;
      if (operand.kind === "ident" && operand.text !== "or") {
        if (tokens[j + 1]?.text !== "." && names.has(operand.text.toLowerCase())) hit = true;
        continue;
      }
      if (operand.text === "." || operand.text === "||" || operand.text === "??" || operand.text === "or") continue;
      return false;
    }
    return hit;
  }
  return false;
}

/**
 * The name a constructor call is assigned to: `X = httpx.Client(…)`, `self.x = …`, `const x = …`,
 * `x: axios.create(…)` (an object member), `with httpx.Client(…) as x:`; undefined otherwise.
 */
function assignedTo(tokens: readonly Token[], chainStart: number, close: number): { key: string; written: string } | undefined {
  const before = tokens[chainStart - 1];
  if (before?.text === "=" || before?.text === ":") {
    const name = tokens[chainStart - 2];
    if (name?.kind !== "ident") return undefined;
    const from = chainStartAt(tokens, chainStart - 2);
    const written = tokens
      .slice(from, chainStart - 1)
      .map((t) => t.text)
      .join("");
    return { key: name.text.toLowerCase(), written };
  }
  if (tokens[close + 1]?.text === "as" && tokens[close + 2]?.kind === "ident") {
    const name = tokens[close + 2] as Token;
    return { key: name.text.toLowerCase(), written: name.text };
  }
  return undefined;
}

/** The object whose request method the call opened at `open` is (`self._http.get(` → `_http`), or undefined. */
export function objectOfCall(tokens: readonly Token[], open: number, dialect?: Dialect): string | undefined {
  // PHP: `$this->http()->get(` goes through the object the method `http` returns.
  const returned = tokens[open - 5];
  if (
    dialect === "php" &&
    REQUEST_METHODS.has(tokens[open - 1]?.text ?? "") &&
    tokens[open - 2]?.text === "." &&
    tokens[open - 3]?.text === ")" &&
    tokens[open - 4]?.text === "(" &&
    returned?.kind === "ident" &&
    (tokens[open - 6]?.text === "." || tokens[open - 6]?.text === "::")
  )
    return returned.text.toLowerCase();
  const method = tokens[open - 1];
  const object = tokens[open - 3];
  if (method?.kind !== "ident" || !REQUEST_METHODS.has(method.text) || tokens[open - 2]?.text !== "." || object?.kind !== "ident") return undefined;
  return object.text.toLowerCase();
}

/** How a file names an object other than where it is made. */
export type ObjectUse =
  /** `x.get(…)`: a request through the base; `open` is the call's `(`. */
  | { kind: "request"; at: number; open: number }
  /** `x` as a value (returned, passed on, stored): the base may reach requests v2kit cannot see. */
  | { kind: "value"; at: number };

/**
 * Every place `file` names the object `key` as the last name of a chain, except where it is made
 * (`x = …`) and its other members (`x.close()`, `x.headers`), which send nothing.
 */
export function objectUses(file: ObjectFile, key: string): ObjectUse[] {
  const { tokens } = file;
  const uses: ObjectUse[] = [];
  if (file.dialect === "php") {
    // A method: every call of it (`$this->http()`, `static::http()`); a request when a request method follows (`->get(`).
    for (let k = 1; k < tokens.length; k++) {
      const t = tokens[k] as Token;
      if (t.kind !== "ident" || t.text.toLowerCase() !== key || (tokens[k - 1]?.text !== "." && tokens[k - 1]?.text !== "::")) continue;
      const member = tokens[k + 4];
      if (
        tokens[k + 1]?.text === "(" &&
        tokens[k + 2]?.text === ")" &&
        tokens[k + 3]?.text === "." &&
        member?.kind === "ident" &&
        REQUEST_METHODS.has(member.text) &&
        tokens[k + 5]?.text === "("
      )
        uses.push({ kind: "request", at: t.start, open: k + 5 });
      else uses.push({ kind: "value", at: t.start });
    }
    return uses;
  }
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "ident" || t.text.toLowerCase() !== key) continue;
    const next = tokens[k + 1]?.text;
    if (next === "=" || next === ":" || (tokens[k - 1]?.text === "as" && file.dialect === "python") || inImport(tokens, k)) continue;
    // `with httpx.Client(…) as x:` names it where it is made; a type annotation (`x: httpx.Client`) is not a use either.
    if (next === ".") {
      const member = tokens[k + 2];
      if (member?.kind === "ident" && REQUEST_METHODS.has(member.text)) {
        if (tokens[k + 3]?.text === "(") uses.push({ kind: "request", at: t.start, open: k + 3 });
        else uses.push({ kind: "value", at: t.start });
      }
      continue;
    }
    // `self.x` read as a whole, or `x` alone, passed on or returned.
    uses.push({ kind: "value", at: t.start });
  }
  return uses;
}

/** Whether name token `k` is one an import statement names (`import { api } from …`, `from .http import api`). */
function inImport(tokens: readonly Token[], k: number): boolean {
  for (let j = k - 1; j >= 0 && k - j < 64; j--) {
    const t = tokens[j] as Token;
    if (t.text === "import") return true;
    // Names, commas, `{`, `* as`, Python's `import (`, and the line breaks inside an import written over several lines.
    if (t.kind === "nl") {
      const before = tokens[j - 1]?.text;
      if (before !== "," && before !== "{" && before !== "(") return false;
      continue;
    }
    if (t.text === "(" && tokens[j - 1]?.text !== "import") return false;
    if (t.kind !== "ident" && t.text !== "," && t.text !== "{" && t.text !== "(" && t.text !== "*") return false;
  }
  return false;
}

/** Whether `file` imports `written`'s last name (`from .http import api`, `import { api } from "./http"`): it may call it. */
export function importsObject(file: ObjectFile, key: string): boolean {
  return new RegExp(`\\bimport\\b[^\\n;]*\\b${key.replace(/[^\w]/g, "")}\\b`, "i").test(file.text);
}
