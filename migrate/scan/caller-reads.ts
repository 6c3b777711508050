// Reads of a v1 call's response in the code that calls a function returning it (issue 41, item
// 3, across modules): `def get_endpoint(id): return call("endpoints/" + id)` in runpod_api.py, and
// `current = api.get_endpoint(x)` then `current.get("workersMax")` in deploy.py. The functions come
// from response-reads.ts (`returnedBy` on the call's finding); this module finds who calls them:
// the same file, and Python or JavaScript modules that import them by a name v2kit can read
// (`import runpod_api as api`, `from .runpod_api import get_endpoint as ge`, `import { pods } from
// "./client.js"`, `import * as client from "./client"`, `require("./client")`). A name bound any
// other way is not followed. A method of a Python class is followed on the names its instances
// are held by (`client = RunpodClient(…)`, `self.client = …`, `with … as client`, `self` in the
// class). Each read becomes a `v1-response-field` finding in the caller's file, tied to the call:
// it is rewritten only when that call is (fix.ts, scan-fix.ts).

import { dirname, resolve } from "node:path";
import { lineAt } from "./candidate.js";
import { chainStart, matchClose } from "./evaluate.js";
import { LEXERS, languageOf } from "./lex/languages.js";
import { literalText, type Token } from "./lex/tokens.js";
import { readFindings, type Finding } from "./resolve.js";
import { type LocatedRead, parsedValueReads } from "./response-reads.js";

/** A v1 call whose parsed body a function of its file returns, and that file. */
export interface ReturnedCall {
  finding: Finding;
  path: string;
}

/** How a caller writes a call of the function: the dotted name before `(` (`api.get_endpoint`, `pods.get`, `get_endpoint`). */
type Binding = string;

/**
 * The `v1-response-field` findings of reads in the callers of functions that return a v1 call's
 * parsed body, by caller file. `paths`: the Python and JavaScript files that may call them (the
 * scanned tree); `read`: a file's text (undefined: not read).
 */
export function callerReadFindings(
  calls: readonly ReturnedCall[],
  paths: readonly string[],
  read: (path: string) => string | undefined,
): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  const returning = calls.filter((call) => call.finding.fixInput?.returnedBy !== undefined && call.finding.v2 !== null);
  if (returning.length === 0) return out;
  const names = [...new Set(returning.map((call) => call.finding.fixInput?.returnedBy?.owner ?? call.finding.fixInput?.returnedBy?.name ?? ""))];
  for (const path of paths) {
    const text = read(path);
    if (text === undefined || !names.some((name) => text.includes(name))) continue;
    const dialect = languageOf(path, text);
    if (dialect !== "python" && dialect !== "js") continue;
    const python = dialect === "python";
    const own = returning.filter((call) => (languageOf(call.path, "") === "python") === python);
    if (own.length === 0) continue;
    const tokens = LEXERS[dialect](text);
    const imports = python ? pythonImports(tokens, text) : jsImports(tokens, path);
    const found: Finding[] = [];
    for (const call of own) {
      const returned = call.finding.fixInput?.returnedBy;
      if (returned === undefined) continue;
      const bindings =
        returned.cls !== undefined
          ? instancesOf(tokens, text, bindingsOf(call.path, path, returned.cls, imports, python), call.path === path).map(
              (instance) => `${instance}.${returned.name}`,
            )
          : bindingsOf(call.path, path, returned.owner ?? returned.name, imports, python).map((binding) =>
              returned.owner === undefined ? binding : `${binding}.${returned.name}`,
            );
      if (bindings.length === 0) continue;
      const shown = `${returned.owner ?? returned.cls ?? ""}${(returned.owner ?? returned.cls) ? "." : ""}${returned.name}`;
      const at = `${call.path.replace(/^.*[\\/]/, "")}:${call.finding.line}`;
      for (const site of callSites(tokens, bindings)) {
        const reads = parsedValueReads({ tokens }, python, text, site.start, site.close, returned.typed === true).map((one): LocatedRead => ({
          ...one,
          ...(returned.typed ? { typed: true as const } : {}),
          ...lineAt(text, one.at),
          match: text.slice(one.at, Math.min(one.end, one.at + 256)),
        }));
        found.push(...readFindings(call.finding, reads, `the value of \`${shown}(…)\`, which returns the response of the call at ${at}`));
      }
    }
    if (found.length > 0)
      out.set(
        path,
        found.sort((a, b) => a.line - b.line || a.column - b.column),
      );
  }
  return out;
}

/** What one file imports: modules under a local name, and names from modules. */
interface Imports {
  /** Local name → the module it is (Python: its last dotted segment; JavaScript: the resolved path). */
  modules: Map<string, string>;
  /** Local name → [module, the name it has there]. */
  names: Map<string, [string, string]>;
  /** Modules whose every name is imported (`from m import *`). */
  star: Set<string>;
}

const moduleOfPython = (path: string) => {
  const stem = path.replace(/^.*[\\/]/, "").replace(/\.pyi?$/, "");
  return stem === "__init__" ? dirname(path).replace(/^.*[\\/]/, "") : stem;
};
const withoutExtension = (path: string) => path.replace(/\.(?:[cm]?[jt]s|[jt]sx)$/, "").replace(/[\\/]index$/, "");

/** The local names by which `caller` reaches `name` of the module at `callee`: each a dotted prefix of the call. */
function bindingsOf(callee: string, caller: string, name: string, imports: Imports, python: boolean): Binding[] {
  if (callee === caller) return [name];
  const module = python ? moduleOfPython(callee) : withoutExtension(resolve(callee));
  const out: Binding[] = [];
  for (const [local, of] of imports.modules) if (of === module) out.push(`${local}.${name}`);
  for (const [local, [of, original]] of imports.names) if (of === module && original === name) out.push(local);
  if (imports.star.has(module)) out.push(name);
  return out;
}

/** Python `import a.b as x`, `import a.b`, `from a.b import c as d, e`, `from . import m`. */
function pythonImports(tokens: readonly Token[], text: string): Imports {
  const imports: Imports = { modules: new Map(), names: new Map(), star: new Set() };
  const startsLine = (k: number) => text.slice(text.lastIndexOf("\n", (tokens[k] as Token).start - 1) + 1, (tokens[k] as Token).start).trim() === "";
  // A dotted name from token k: its text and the token after it.
  const dotted = (k: number): [string, number] => {
    let name = "";
    let j = k;
    while (tokens[j]?.text === ".") name += (tokens[j++] as Token).text;
    while (tokens[j]?.kind === "ident") {
      name += (tokens[j] as Token).text;
      if (tokens[j + 1]?.text !== "." || tokens[j + 2]?.kind !== "ident") break;
      name += ".";
      j += 2;
    }
    return [name, j + 1];
  };
  const last = (name: string) => name.replace(/^.*\./, "");
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.text === "import" && startsLine(k)) {
      let j = k + 1;
      for (;;) {
        const [name, after] = dotted(j);
        if (name === "") break;
        if (tokens[after]?.text === "as" && tokens[after + 1]?.kind === "ident") {
          imports.modules.set((tokens[after + 1] as Token).text, last(name));
          j = after + 2;
        } else {
          // `import a.b.m` is called as `a.b.m.f(…)`.
          imports.modules.set(name, last(name));
          j = after;
        }
        if (tokens[j]?.text !== ",") break;
        j++;
      }
    } else if (t.text === "from" && startsLine(k)) {
      const [from, after] = dotted(k + 1);
      if (tokens[after]?.text !== "import") continue;
      let j = after + 1;
      const parenthesised = tokens[j]?.text === "(";
      const close = parenthesised ? matchClose(tokens, j) : -1;
      if (parenthesised) j++;
      if (tokens[j]?.text === "*") {
        imports.star.add(last(from));
        continue;
      }
      for (;;) {
        const name = tokens[j];
        if (name?.kind !== "ident") break;
        let local = name.text;
        j++;
        if (tokens[j]?.text === "as" && tokens[j + 1]?.kind === "ident") {
          local = (tokens[j + 1] as Token).text;
          j += 2;
        }
        // `from pkg import runpod_api` names a module; `from runpod_api import get_endpoint`, a name of one.
        imports.modules.set(local, name.text);
        imports.names.set(local, [last(from), name.text]);
        if (tokens[j]?.text !== ",") break;
        j++;
        if (!parenthesised && text.slice((tokens[j - 1] as Token).end, tokens[j]?.start ?? 0).includes("\n")) break;
        if (parenthesised && j >= close) break;
      }
    }
  }
  return imports;
}

/** JavaScript `import { a as b } from "./m"`, `import * as m from "./m"`, `const { a } = require("./m")`, `const m = require("./m")`. */
function jsImports(tokens: readonly Token[], caller: string): Imports {
  const imports: Imports = { modules: new Map(), names: new Map(), star: new Set() };
  const target = (k: number) => {
    const spec = tokens[k];
    if (spec?.kind !== "str" || spec.parts?.some((part) => "hole" in part)) return undefined;
    const specifier = literalText(spec.parts ?? []);
    return specifier.startsWith(".") ? withoutExtension(resolve(dirname(caller), specifier)) : undefined;
  };
  // `{ a, b as c }` (import) or `{ a, b: c }` (destructuring) from token `open`.
  const named = (open: number, module: string, rename: string) => {
    const close = matchClose(tokens, open);
    for (let j = open + 1; j < close; j++) {
      const name = tokens[j];
      if (name?.kind !== "ident" || name.text === "type") continue;
      let local = name.text;
      if (tokens[j + 1]?.text === rename && tokens[j + 2]?.kind === "ident") {
        local = (tokens[j + 2] as Token).text;
        j += 2;
      }
      imports.names.set(local, [module, name.text]);
      while (j < close && tokens[j + 1]?.text !== ",") j++;
      j++;
    }
  };
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.text === "import" && tokens[k + 1]?.text !== "(") {
      let from = k + 1;
      while (from < tokens.length && from - k < 200 && tokens[from]?.text !== "from" && tokens[from]?.text !== ";") from++;
      const module = tokens[from]?.text === "from" ? target(from + 1) : undefined;
      if (module === undefined) continue;
      for (let j = k + 1; j < from; j++) {
        if (tokens[j]?.text === "{") {
          named(j, module, "as");
          j = matchClose(tokens, j);
        } else if (tokens[j]?.text === "*" && tokens[j + 1]?.text === "as" && tokens[j + 2]?.kind === "ident")
          imports.modules.set((tokens[j + 2] as Token).text, module);
      }
    } else if (t.text === "require" && tokens[k + 1]?.text === "(" && tokens[k + 3]?.text === ")" && tokens[k - 1]?.text === "=") {
      const module = target(k + 2);
      if (module === undefined) continue;
      if (tokens[k - 2]?.kind === "ident") imports.modules.set((tokens[k - 2] as Token).text, module);
      else if (tokens[k - 2]?.text === "}") {
        let open = k - 2;
        while (open > 0 && k - open < 200 && tokens[open]?.text !== "{") open--;
        named(open, module, ":");
      }
    }
  }
  return imports;
}

/**
 * The names an instance of a Python class is held by in a file, the class reached by one of
 * `classes` (`RunpodClient`, `api.RunpodClient`): `client = RunpodClient(…)`, `self.client =
 * RunpodClient(…)`, `with RunpodClient(…) as client:`; in the class's own file also `self` (its
 * other methods). A name bound any other way (a parameter, a factory's return) is not followed.
 */
function instancesOf(tokens: readonly Token[], text: string, classes: readonly string[], own: boolean): string[] {
  const wanted = new Set(classes);
  const instances = new Set<string>(own ? ["self"] : []);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "ident" || tokens[k + 1]?.text !== "(" || tokens[k - 1]?.text === "." || tokens[k - 1]?.text === "def") continue;
    // The class's dotted name ends at `k`: find where it starts.
    let start = k;
    while (tokens[start - 1]?.text === "." && tokens[start - 2]?.kind === "ident") start -= 2;
    if (!wanted.has(written(tokens, start, k))) continue;
    if (tokens[start - 1]?.text === "=" && tokens[start - 2]?.kind === "ident") {
      let target = start - 2;
      while (tokens[target - 1]?.text === "." && tokens[target - 2]?.kind === "ident") target -= 2;
      // `x = Client(…)` on a line of its own (not a keyword argument `f(client=Client())`).
      const lineStart = text.lastIndexOf("\n", (tokens[target] as Token).start - 1) + 1;
      if (text.slice(lineStart, (tokens[target] as Token).start).trim() === "") instances.add(written(tokens, target, start - 2));
    }
    const close = matchClose(tokens, k + 1);
    if (close > 0 && tokens[close + 1]?.text === "as" && tokens[close + 2]?.kind === "ident") instances.add((tokens[close + 2] as Token).text);
  }
  return [...instances];
}

/** Each call written as one of `bindings` (`api.get_endpoint(…)`): its first token and its `)`. */
function callSites(tokens: readonly Token[], bindings: readonly Binding[]): { start: number; close: number }[] {
  const wanted = new Set(bindings);
  const last = new Set(bindings.map((binding) => binding.replace(/^.*\./, "")));
  const sites: { start: number; close: number }[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "ident" || !last.has(t.text) || tokens[k + 1]?.text !== "(") continue;
    const start = chainStart(tokens, k);
    const before = tokens[start - 1]?.text;
    // A definition (`def get_endpoint(`, `function get(`), or a member of something longer (`self.api.get_endpoint`).
    if (before === "def" || before === "function" || before === "." || before === "?.") continue;
    if (!wanted.has(written(tokens, start, k))) continue;
    const close = matchClose(tokens, k + 1);
    if (close > 0) sites.push({ start, close });
  }
  return sites;
}

/** The text of tokens [start, end], as a dotted name is written without spaces (`self.client.get_pod`). */
const written = (tokens: readonly Token[], start: number, end: number) =>
  tokens
    .slice(start, end + 1)
    .map((one) => one.text)
    .join("");
