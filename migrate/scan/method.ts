// The HTTP method of the call a URL expression is passed to: the function's name
// (`c.Patch`, `requests.post`), a sibling argument (`http.NewRequest("PATCH", …)`,
// `http.MethodPost`), an options object (`{method: "PATCH"}`, `Method = 'Post'`), a flag of
// the command (`curl -X POST`, `-Method Post`, across continued lines), or the command's
// default (`fetch(url)`, curl without data, `Invoke-RestMethod` are GET). Walks are bounded.

import { callArgs, chainStart, type EvalContext, matchClose, openersAround, WALK_LIMIT } from "./evaluate.js";
import { definitionOf } from "./definition.js";
import type { BodyAnchor } from "./literal-body.js";
import { literalText, type Token } from "./lex/tokens.js";
import { shellWrappers, wrapperCall } from "./shell-wrapper.js";
import { readHeredoc } from "./shell-word.js";

export interface MethodSource {
  method: string;
  /** How it was read, for the finding's notes. */
  how: string;
  /**
   * Where a fix may change it: the source span of the verb as written (`"POST"`'s letters, the
   * `post` of `requests.post`, `-X POST`'s word), or a place to insert a `-X` flag (curl's
   * default). Absent when the method comes from a name a fix must not rename (`doPost`).
   */
  anchor?: MethodAnchor;
}

export type MethodAnchor = { start: number; end: number } | { insertAt: number };

/** The span of the verb in a token that is a verb (`"POST"`, `Post`, `post`) or `MethodPost`, if it is one. */
export function verbSpan(token: Token | undefined): { start: number; end: number } | undefined {
  if (!token) return undefined;
  const inner = token.kind === "str" ? /^((?:-X|--request=)?[^A-Za-z]{0,3})(get|post|put|patch|delete|head)[^A-Za-z]{0,3}$/i.exec(token.text) : undefined;
  if (inner) return { start: token.start + (inner[1] as string).length, end: token.start + (inner[1] as string).length + (inner[2] as string).length };
  const named = token.kind === "ident" ? /^(Method|-X|--request=)?(get|post|put|patch|delete|head)$/i.exec(token.text) : undefined;
  if (named) return { start: token.start + (named[1] ?? "").length, end: token.end };
  return undefined;
}

const VERBS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]);

/** `Patch`, `doPost`, `post_json`, `MethodDelete`, `del` → the verb its name carries. */
export function verbInName(name: string): string | undefined {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_\-.$]+/)
    .map((word) => word.toUpperCase());
  for (const word of words) {
    if (VERBS.has(word)) return word;
    if (word === "DEL") return "DELETE";
  }
  return undefined;
}

function verbLiteral(token: Token | undefined): string | undefined {
  if (!token) return undefined;
  const text = token.kind === "str" ? literalText(token.parts ?? []) : token.kind === "ident" ? token.text : "";
  const upper = text.toUpperCase();
  return VERBS.has(upper) ? upper : undefined;
}

/**
 * The value of a `method` key inside tokens [from, to] at bracket depth `maxDepth` or less:
 * `method: "POST"`, `method="POST"`, `Method = 'Post'`, `Method: http.MethodPost`. Deeper keys
 * belong to other calls.
 */
function methodKey(tokens: readonly Token[], from: number, to: number, maxDepth: number): { verb: string; token: Token } | undefined {
  let depth = 0;
  for (let j = from; j <= to - 2; j++) {
    const t = tokens[j] as Token;
    if (t.kind === "punct" && (t.text === "(" || t.text === "[" || t.text === "{")) depth++;
    else if (t.kind === "punct" && (t.text === ")" || t.text === "]" || t.text === "}")) depth--;
    if (depth > maxDepth) continue;
    const key = t.kind === "str" ? literalText(t.parts ?? []) : t.kind === "ident" ? t.text : "";
    if (!/^-?method$/i.test(key)) continue;
    const sep = tokens[j + 1]?.text;
    if (sep !== ":" && sep !== "=" && sep !== "=>") continue;
    let valueAt = j + 2;
    while (tokens[valueAt + 1]?.text === "." && tokens[valueAt + 2]?.kind === "ident") valueAt += 2;
    const verb = verbLiteral(tokens[valueAt]) ?? (tokens[valueAt]?.kind === "ident" ? verbInName(tokens[valueAt]?.text ?? "") : undefined);
    if (verb) return { verb, token: tokens[valueAt] as Token };
  }
  return undefined;
}

/** `options` in `fetch(url, options)`: the method key of the object literal it was assigned. */
function methodOfVariable(tokens: readonly Token[], name: string, before: number): { verb: string; token: Token } | undefined {
  for (let k = before - 1; k >= 2 && before - k < 4 * WALK_LIMIT; k--) {
    const t = tokens[k] as Token;
    if (t.text !== "{" || tokens[k - 1]?.text !== "=" || tokens[k - 2]?.text !== name) continue;
    const close = matchClose(tokens, k);
    return methodKey(tokens, k + 1, close < 0 ? Math.min(tokens.length - 1, k + WALK_LIMIT) : close, 0);
  }
  return undefined;
}

const FETCH = /^(?:fetch|\$fetch|ofetch|Request)$/;

const BEFORE_LITERAL = new Set(["(", ",", "=", ":", ":=", "[", "@", "?", "||", "??", "return", "&"]);

/** `{` that opens an object, hashtable or Go composite literal rather than a block. */
function isLiteralBrace(tokens: readonly Token[], j: number): boolean {
  const prev = tokens[j - 1];
  if (!prev) return false;
  if (BEFORE_LITERAL.has(prev.text)) return true;
  // Go `&http.Request{`, `Options{`: a type name after `=`, `(`, `,`, `&`, `return`.
  if (prev.kind === "ident") {
    const before = tokens[chainStart(tokens, j - 1) - 1];
    return before !== undefined && BEFORE_LITERAL.has(before.text) && before.text !== ":";
  }
  return false;
}

/** The name a `(` at `j` calls: the token before it, or before its type arguments (`restRequest<Pod>(`). */
function calleeBefore(tokens: readonly Token[], j: number): Token | undefined {
  if (tokens[j - 1]?.text !== ">" && tokens[j - 1]?.text !== ">>") return tokens[j - 1];
  let depth = 0;
  // An object type inside the type arguments (`rest<{ id: string; name: string }>(…)`) is skipped whole.
  let braces = 0;
  for (let k = j - 1; k > 0 && j - k < 64; k--) {
    const x = (tokens[k] as Token).text;
    if (x === "}") braces++;
    else if (x === "{") {
      if (braces === 0) return undefined;
      braces--;
    } else if (braces > 0) continue;
    else if (x === ">") depth++;
    else if (x === ">>") depth += 2;
    else if (x === "<" && --depth === 0) return tokens[k - 1]?.kind === "ident" ? tokens[k - 1] : undefined;
    else if (x === "(" || x === ")" || x === ";") return undefined;
  }
  return undefined;
}

/** The method of the call or object literal around token `siteStart`, innermost first. */
function groupMethod(ctx: EvalContext, siteStart: number): MethodSource | undefined {
  const { tokens } = ctx;
  let levels = 0;
  for (const j of openersAround(tokens, siteStart)) {
    if (levels >= 3) break;
    const t = tokens[j] as Token;
    // A block (function body, `if`) ends the search: its other calls are not this one's.
    if (t.text === "{" && !isLiteralBrace(tokens, j)) return undefined;
    levels++;
    const close = matchClose(tokens, j);
    const end = close < 0 ? Math.min(tokens.length - 1, j + WALK_LIMIT) : close;
    const callee = calleeBefore(tokens, j);
    if (t.text === "(" && callee?.kind === "ident") {
      const fromName = verbInName(callee.text);
      if (fromName) return withAnchor({ method: fromName, how: `the function name ${callee.text}` }, verbSpan(callee));
      const args = callArgs(ctx, j)?.args ?? [];
      for (const [a, b] of args) {
        const tail = tokens[b];
        const verb = a === b ? verbLiteral(tokens[a]) : tail?.kind === "ident" && a === chainStart(tokens, b) ? verbInName(tail.text) : undefined;
        if (verb)
          return withAnchor(
            {
              method: verb,
              how: `the argument ${tokens
                .slice(a, b + 1)
                .map((x) => x.text)
                .join("")}`,
            },
            verbSpan(tokens[b]),
          );
      }
    }
    // `["curl", "-X", "POST", url]` (subprocess, exec): the argument list of a curl command.
    if ((t.text === "[" || t.text === "(") && tokens[j + 1]?.kind === "str" && literalText(tokens[j + 1]?.parts ?? []) === "curl") {
      const words: string[] = [];
      const wordTokens: Token[] = [];
      for (let k = j + 1; k < end; k++) {
        if (tokens[k]?.kind !== "str") continue;
        words.push(literalText(tokens[k]?.parts ?? []));
        wordTokens.push(tokens[k] as Token);
      }
      const fromArgv = curlMethod(words, wordTokens);
      // Inserting a flag into an argument list needs its own quoting: only a written verb is changed.
      if (fromArgv.anchor && "insertAt" in fromArgv.anchor) delete fromArgv.anchor;
      return { ...fromArgv, how: `${fromArgv.how} (argument list)` };
    }
    const keyed = methodKey(tokens, j + 1, end, t.text === "(" ? 1 : 0);
    if (keyed) return withAnchor({ method: keyed.verb, how: "the method option" }, verbSpan(keyed.token));
    if (t.text === "(") {
      for (const [a, b] of callArgs(ctx, j)?.args ?? []) {
        const name = tokens[a];
        const fromVariable = a === b && name?.kind === "ident" ? methodOfVariable(tokens, name.text, j) : undefined;
        if (fromVariable) return withAnchor({ method: fromVariable.verb, how: `the method option of ${name?.text}` }, verbSpan(fromVariable.token));
      }
    }
    if (t.text === "(" && callee?.kind === "ident") {
      const fromDefault = defaultMethod(ctx, j, callee);
      if (fromDefault) return fromDefault;
    }
    if (t.text === "(" && callee?.kind === "ident" && FETCH.test(callee.text)) {
      return { method: "GET", how: `${callee.text}() without a method option (GET)` };
    }
  }
  return undefined;
}

/**
 * A request function of this file whose method parameter has a verb as its default
 * (`def call(path, method="GET", body=None)`, `function api(path, method = "GET")`), called
 * without that argument (`call("/pods")`): the default (issue 41). Only a parameter named for a
 * method (`method`, `http_method`, `verb`) counts; a call that passes it, by position or by name,
 * is read as before.
 */
function defaultMethod(ctx: EvalContext, open: number, callee: Token): MethodSource | undefined {
  const { tokens } = ctx;
  const definition = definitionOf(tokens, callee.text, ctx.python);
  if (!definition) return undefined;
  const index = definition.params.findIndex(
    (param, at) => /method|verb/i.test(param) && definition.defaults[at]?.kind === "str" && verbLiteral(definition.defaults[at]) !== undefined,
  );
  if (index < 0) return undefined;
  const param = definition.params[index] as string;
  const calleeAt = tokens.lastIndexOf(callee, open);
  const viaObject = tokens[calleeAt - 1]?.text === "." || tokens[calleeAt - 1]?.text === "?.";
  const shift = viaObject && ctx.python && (definition.params[0] === "self" || definition.params[0] === "cls") ? 1 : 0;
  const args = callArgs(ctx, open)?.args ?? [];
  const keyword = (start: number) => ctx.python && tokens[start]?.kind === "ident" && tokens[start + 1]?.text === "=";
  if (args.some(([start]) => keyword(start) && tokens[start]?.text === param)) return undefined;
  // `*args` or `**kwargs` at the call may carry it.
  if (args.some(([start]) => tokens[start]?.text === "*" || tokens[start]?.text === "**" || tokens[start]?.text === "...")) return undefined;
  if (args.filter(([start]) => !keyword(start)).length > index - shift) return undefined;
  return { method: verbLiteral(definition.defaults[index]) as string, how: `the default of ${param} in ${callee.text}()` };
}

const PS_HTTP = /^(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)$/i;

/** The PowerShell statement around token `siteStart`: out of parentheses, up to a line end, `;` or a block brace. */
export function psStatement(tokens: readonly Token[], siteStart: number): [number, number] {
  let a = siteStart;
  for (let depth = 0; a > 0 && siteStart - a < WALK_LIMIT; a--) {
    const t = tokens[a - 1] as Token;
    if (t.text === ")" || t.text === "]" || t.text === "}") depth++;
    else if (t.text === "(" || t.text === "[") depth = Math.max(0, depth - 1);
    else if (t.text === "{") {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (t.kind === "nl" || t.text === ";")) break;
  }
  let b = siteStart;
  for (let depth = 0; b < tokens.length - 1 && b - siteStart < WALK_LIMIT; b++) {
    const t = tokens[b + 1] as Token;
    if (t.text === "(" || t.text === "{" || t.text === "[") depth++;
    else if (t.text === ")" || t.text === "]") depth = Math.max(0, depth - 1);
    else if (t.text === "}") {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (t.kind === "nl" || t.text === ";")) break;
  }
  return [a, b];
}

function powershellMethod(tokens: readonly Token[], siteStart: number): MethodSource | undefined {
  const [a, b] = psStatement(tokens, siteStart);
  for (let j = a; j < b; j++) {
    const t = tokens[j] as Token;
    if (t.kind === "ident" && /^-Method$/i.test(t.text)) {
      const verb = verbLiteral(tokens[j + 1]);
      if (verb) return withAnchor({ method: verb, how: `-Method ${tokens[j + 1]?.text}` }, verbSpan(tokens[j + 1]));
    }
  }
  for (let j = a; j <= b; j++) {
    const t = tokens[j] as Token;
    if (t.kind === "ident" && PS_HTTP.test(t.text)) return { method: "GET", how: `${t.text} without -Method (GET)` };
  }
  return undefined;
}

/**
 * Words before the command itself: a prompt `$`, wrappers (`sudo`, `env`, `time`), and the
 * keywords that open a compound command's body (`while read id; do curl …; done`, `then`, `else`).
 */
export const SHELL_PREFIX = /^(?:\$|sudo|env|time|command|exec|do|then|else|if|while|until|!)$/;

const SHELL_END = new Set([";", "|", "&", "&&", "||", "(", ")"]);
const CURL_DATA = /^(?:-d|--data(?:-raw|-binary|-urlencode|-ascii)?|--json|-F|--form(?:-string)?)$/;

/** The method of a curl command given as its words (`curl` first): `-X`/`--request`, else POST with data, else GET. */
function curlMethod(words: readonly string[], wordTokens?: readonly Token[]): MethodSource {
  let method: string | undefined;
  let how = "";
  let data = false;
  let anchor: MethodAnchor | undefined;
  for (let k = 1; k < words.length; k++) {
    const word = words[k] as string;
    const attached = /^(?:--request=|-X)(\S+)$/.exec(word);
    if (attached) {
      [method, how] = [attached[1]?.toUpperCase(), `curl ${word}`];
      anchor = verbSpan(wordTokens?.[k]);
    } else if (word === "-X" || word === "--request" || /^-[a-zA-Z]*X$/.test(word)) {
      [method, how] = [words[k + 1]?.toUpperCase(), `curl ${word} ${words[k + 1]}`];
      anchor = verbSpan(wordTokens?.[k + 1]);
    } else if (CURL_DATA.test(word)) data = true;
  }
  if (method) return withAnchor({ method, how }, anchor);
  const curlEnd = wordTokens?.[0]?.end;
  return data
    ? withAnchor({ method: "POST", how: "curl with a request body (POST)" }, curlEnd === undefined ? undefined : { insertAt: curlEnd })
    : withAnchor({ method: "GET", how: "curl without -X (GET)" }, curlEnd === undefined ? undefined : { insertAt: curlEnd });
}

function withAnchor(source: MethodSource, anchor: MethodAnchor | undefined): MethodSource {
  return anchor ? { ...source, anchor } : source;
}

const URL_START = /[a-z][a-z0-9+.-]*:\/\/|\/v1\//gi;

/**
 * Where the URL starts that holds offset `near` (the v1 resource a finding is about): the last
 * scheme or `/v1/` before it with no white space between (a docstring's other URL, `See
 * https://docs…`, is not it); without `near`, the first in the text.
 */
function urlStart(text: string, near: number | undefined): number {
  if (near === undefined) return text.search(URL_START);
  let at = -1;
  for (const match of text.slice(0, near + 1).matchAll(URL_START)) {
    const k = match.index ?? 0;
    if (!/\s/.test(text.slice(k, near))) {
      at = k;
      break;
    }
  }
  return at;
}

/**
 * The method a string states for the URL in it: a curl command inside it (`"curl -X DELETE
 * https://…/v1/pods/{id}"`, run through a shell by the code around it), or a verb right before
 * the URL (`"(POST /v1/pods)"` in a docstring, `"POST https://…/v1/pods"` in a log line).
 */
export function methodInText(text: string, near?: number): MethodSource | undefined {
  const at = urlStart(text, near);
  if (at < 0) return undefined;
  const before = text.slice(Math.max(0, at - 4096), at);
  const curl = before.search(/(?:^|[\s;|&("'`])curl\s/);
  if (curl >= 0) {
    const words = text
      .slice(Math.max(0, at - 4096) + curl)
      .split(/[\s"'`]+/)
      .filter((word) => word !== "");
    const end = words.findIndex((word, i) => i > 0 && /^(?:;|\||&&|\|\|)$/.test(word));
    return curlMethod(end < 0 ? words : words.slice(0, end));
  }
  const verb = /(?:^|[\s([`"'])(GET|POST|PUT|PATCH|DELETE)\s+$/.exec(before)?.[1];
  return verb === undefined ? undefined : { method: verb, how: `"${verb} …" in the text` };
}

/**
 * The words of the shell command around token `siteStart` (from the statement start to its end), their
 * variables dropped, or written `$NAME` with `holes`; `NAME=value` assignments left out.
 */
export function commandWords(tokens: readonly Token[], siteStart: number, holes: boolean, wordTokens: Token[] = []): string[] {
  let a = siteStart;
  while (a > 0 && siteStart - a < WALK_LIMIT && tokens[a - 1]?.kind !== "nl" && !SHELL_END.has(tokens[a - 1]?.text ?? "")) a--;
  const words: string[] = [];
  for (let j = a; j < tokens.length && j - a < WALK_LIMIT; j++) {
    const t = tokens[j] as Token;
    if (t.kind === "nl" || (t.kind === "punct" && SHELL_END.has(t.text))) break;
    if (t.kind === "str") {
      words.push(holes ? (t.parts ?? []).map((part) => ("text" in part ? part.text : `$${part.hole}`)).join("") : literalText(t.parts ?? []));
      wordTokens.push(t);
    } else if (t.kind === "ident" && tokens[j + 1]?.text === "=") j += 2; // NAME=value before the command
  }
  return words;
}

/** curl options whose next word is their value (not a URL, not a body). */
const CURL_VALUE =
  /^(?:-H|--header|-u|--user|-A|--user-agent|-o|--output|-w|--write-out|-X|--request|-m|--max-time|--connect-timeout|--retry|--retry-delay|--retry-max-time|-b|--cookie|-c|--cookie-jar|-e|--referer|-x|--proxy|-D|--dump-header|--cacert|--cert|--key|-E|--oauth2-bearer)$/;
/** curl options that send a body, read options from elsewhere, or take one as a file: a short-option cluster holding d, F, T or K too. */
const CURL_SENDS = /^(?:--data.*|--json.*|--form.*|--upload-file.*|--config.*|-[a-zA-Z]*[dFTK].*)$/;

/**
 * Whether the curl command around token `siteStart` sends no request body and can take one added
 * (`curl -sS -X POST "$BASE/pods/$ID/stop" -H "Authorization: …"`): every word is read, none is a
 * body or config option (`-d`, `--data*`, `--json`, `-F`, `-T`, `-K`, a cluster such as `-sd`), and
 * no word is a whole variable outside an option's value (`$CURL_OPTS`, `"$@"` may hold `-d`).
 */
export function curlSendsNoBody(tokens: readonly Token[], siteStart: number): boolean {
  const wordTokens: Token[] = [];
  const words = commandWords(tokens, siteStart, false, wordTokens);
  while (words[0] !== undefined && SHELL_PREFIX.test(words[0])) {
    words.shift();
    wordTokens.shift();
  }
  // A request function whose one curl sends no body of its own and forwards the call's other words (`"$@"`):
  // those words, after the path, are curl's (shell-wrapper.ts).
  let from = 1;
  if (words[0] !== "curl") {
    const wrapper = words[0] === undefined ? undefined : shellWrappers(tokens).get(words[0]);
    if (!wrapper?.forwards || wrapper.sendsBody) return false;
    from = Math.max(wrapper.methodArg, wrapper.pathArg) + 1;
  }
  for (let i = from; i < words.length; i++) {
    const word = words[i] as string;
    const parts = wordTokens[i]?.parts ?? [];
    if (CURL_VALUE.test(word)) {
      i++;
      continue;
    }
    if (CURL_SENDS.test(word)) return false;
    // A word that is one variable (`$OPTS`, `"$@"`, `${ARGS[@]}`) may expand to any option.
    if (parts.length > 0 && parts.every((part) => "hole" in part)) return false;
  }
  return true;
}

function shellMethod(tokens: readonly Token[], siteStart: number): MethodSource | undefined {
  const wordTokens: Token[] = [];
  const words = commandWords(tokens, siteStart, false, wordTokens);
  while (words[0] !== undefined && SHELL_PREFIX.test(words[0])) {
    words.shift();
    wordTokens.shift();
  }
  const cmd = words[0];
  if (cmd === "curl") return curlMethod(words, wordTokens);
  const call = wrapperCall(tokens, words, wordTokens, siteStart);
  if (call) return wrapperMethod(call.wrapper.name, call.wrapper.methodArg, words, wordTokens);
  if (cmd === "http" || cmd === "https" || cmd === "xh") {
    const verb = verbLiteral({ kind: "ident", start: 0, end: 0, text: words[1] ?? "" });
    return verb ? { method: verb, how: `${cmd} ${words[1]}` } : { method: "GET", how: `${cmd} without a method (GET)` };
  }
  if (cmd === "wget") {
    const methodFlag = words.map((word) => /^--method=(\w+)$/.exec(word)?.[1]).find(Boolean);
    if (methodFlag) return { method: methodFlag.toUpperCase(), how: `wget --method=${methodFlag}` };
    return words.some((word) => word.startsWith("--post-")) ? { method: "POST", how: "wget --post-data (POST)" } : { method: "GET", how: "wget (GET)" };
  }
  return undefined;
}

/** The method a call of a shell request function passes (`rp DELETE "/pods/$ID"`): the literal verb of its method argument (shell-wrapper.ts). */
function wrapperMethod(name: string, methodArg: number, words: readonly string[], wordTokens: readonly Token[]): MethodSource | undefined {
  const token = wordTokens[methodArg];
  const verb = (words[methodArg] ?? "").toUpperCase();
  if (!token || !VERBS.has(verb) || token.parts?.some((part) => "hole" in part)) return undefined;
  const anchor = verbSpan(token);
  return { method: verb, how: `argument ${methodArg} of ${name}(), which it sends as curl's -X`, ...(anchor ? { anchor } : {}) };
}

/** A curl flag whose next word is the request body. */
const CURL_BODY = /^(?:-d|--data(?:-raw|-binary|-ascii)?|--json)$/;

/**
 * The request body a shell command sends literally (`curl … -d '{"workersMin": 1}'`,
 * `--data=…`, `--json …`), its variables written `$NAME`; undefined when it sends none or reads
 * a file (`-d @body.json`).
 */
export function shellBody(tokens: readonly Token[], siteStart: number, source?: string): { text: string; anchor?: BodyAnchor } | undefined {
  const wordTokens: Token[] = [];
  const words = commandWords(tokens, siteStart, true, wordTokens);
  const command = words.find((word) => !SHELL_PREFIX.test(word));
  // A request function that passes its other arguments to curl (`"$@"`) sends the call's `-d …`.
  if (command !== "curl" && shellWrappers(tokens).get(command ?? "")?.forwards !== true) return undefined;
  for (let k = 1; k < words.length; k++) {
    const word = words[k] as string;
    const attached = /^--(?:data(?:-raw|-binary|-ascii)?|json)=(.*)$/s.exec(word)?.[1];
    const body = attached ?? (CURL_BODY.test(word) ? words[k + 1] : undefined);
    if (body === undefined) continue;
    // The body word, quoted (`'{…}'`, `"{\"a\": $X}"`): a fix rewrites the whole word, by bash's rules.
    const token = attached === undefined ? wordTokens[k + 1] : undefined;
    // `-d @-` with a here-document on the command's line: its JSON is the body (issue 41, item 2).
    if (body === "@-" && token !== undefined && source !== undefined) {
      const doc = heredocOf(source, (wordTokens[0] as Token).start, token.end);
      if (doc) return doc;
    }
    const anchor: BodyAnchor | undefined =
      token !== undefined && /^["']/.test(token.text) ? { start: token.start, end: token.end, syntax: "json", holes: {}, in: "shell" } : undefined;
    return anchor ? { text: body, anchor } : { text: body };
  }
  return undefined;
}

/** A here-document operator: `<<JSON`, `<<-EOF`, `<<'EOF'`, `<< "EOF"` (not a `<<<` here-string). */
const HEREDOC = /(?<!<)<<(-?)[ \t]*(['"]?)([A-Za-z_][\w-]*)\2/g;

/**
 * The here-document of the command written from `from`, whose `-d @-` ends at `after`: its text
 * as the body, with an anchor on its JSON (first to last non-blank character) when it holds one.
 * Undefined unless the command's line (its `\`-continued lines) has exactly one such operator.
 */
function heredocOf(source: string, from: number, after: number): { text: string; anchor?: BodyAnchor } | undefined {
  let lineEnd = after;
  for (;;) {
    lineEnd = source.indexOf("\n", lineEnd);
    if (lineEnd < 0) return undefined;
    if (source[lineEnd - 1] !== "\\") break;
    lineEnd++;
  }
  const operators = [...source.slice(from, lineEnd).matchAll(HEREDOC)];
  const operator = operators[0];
  if (operators.length !== 1 || !operator) return undefined;
  const strip = operator[1] === "-";
  const delimiter = operator[3] as string;
  const bodyStart = lineEnd + 1;
  let at = bodyStart;
  let bodyEnd: number | undefined;
  while (at <= source.length) {
    const next = source.indexOf("\n", at);
    const line = source.slice(at, next < 0 ? source.length : next).replace(/\r$/, "");
    if ((strip ? line.replace(/^\t+/, "") : line) === delimiter) {
      bodyEnd = at;
      break;
    }
    if (next < 0) break;
    at = next + 1;
  }
  if (bodyEnd === undefined) return undefined;
  const text = source.slice(bodyStart, bodyEnd);
  const first = /\S/.exec(text);
  const last = /\S\s*$/.exec(text);
  if (!first || !last || !/^[{[]/.test(text.slice(first.index))) return { text };
  const anchor: BodyAnchor = {
    start: bodyStart + first.index,
    end: bodyStart + last.index + 1,
    syntax: "json",
    holes: {},
    in: "heredoc",
    heredoc: { delimiter, expands: operator[2] === "" },
  };
  // What bash reads (`\$` is a `$`), each splice as written: the literal the finding migrates.
  const read = readHeredoc(source.slice(anchor.start, anchor.end), operator[2] === "");
  const literal =
    "reason" in read ? source.slice(anchor.start, anchor.end) : read.pieces.map((piece) => ("text" in piece ? piece.text : piece.splice)).join("");
  return { text: literal, anchor };
}

export type Dialect = "js" | "python" | "go" | "shell" | "powershell" | "rust" | "php";

/** The method at the site starting at token `siteStart`. */
export function methodAt(ctx: EvalContext, dialect: Dialect, siteStart: number): MethodSource | undefined {
  if (dialect === "shell") return shellMethod(ctx.tokens, siteStart);
  const fromGroup = groupMethod(ctx, siteStart);
  if (fromGroup || dialect !== "powershell") return fromGroup;
  return powershellMethod(ctx.tokens, siteStart);
}
