// Shell request functions (issue 41, item 1): `rp() { local method="$1" path="$2"; shift 2;
// curl -sS -X "$method" "$RUNPOD_REST$path" -H … "$@"; }`, called as `rp POST /endpoints -d @- <<JSON`
// or `rp DELETE "/pods/$POD_ID"`. The function's curl takes its method (`-X`/`--request`) and the
// path after its URL's base variable from positional parameters, directly (`"$1"`) or through a
// variable assigned one (`local method="$1"`); at each call those arguments are the method and
// the path, and the words after them are curl's when the function passes `"$@"` on.

import { literalText, type Token } from "./lex/tokens.js";

export interface ShellWrapper {
  name: string;
  /** The positional parameters (1-based, as the call numbers its arguments) of the method and the path. */
  methodArg: number;
  pathArg: number;
  /** The variable the URL starts with (`RUNPOD_REST` of `"$RUNPOD_REST$path"`), as written. */
  base: string;
  /** The URL word of the function's (first) curl. */
  url: Token;
  /** Whether curl gets the call's other arguments (`"$@"`): the call's `-d …` is then the body it sends. */
  forwards: boolean;
  /** Whether the function's curl may send a body of its own: a data option, or a word that is one variable other than `"$@"` (`$OPTS`). */
  sendsBody: boolean;
  /** The URL word of each of its curls (`url` the first). */
  urls: Token[];
  /** Every curl names `Content-Type: application/json`: a body added at the call needs no header of its own. */
  json: boolean;
  /**
   * The positional parameter its curls send as a JSON body (`-d "$body"` with `body="${3:-}"`, and
   * `Content-Type: application/json` beside it): a call passes its body there (`api POST /pods "$body"`).
   */
  bodyArg?: number;
}

const DATA_FLAG = /^(?:-d|--data|--data-raw|--data-binary|--json)$/;

const CURL_SENDS = /^(?:--data.*|--json.*|--form.*|--upload-file.*|--config.*|-[a-zA-Z]*[dFTK].*)$/;

const SEPARATORS = new Set([";", "|", "&", "&&", "||", "("]);
/** Words that may stand before a command (`then curl …`, `command curl …`). */
const PREFIX = /^(?:then|do|else|command|exec|time|sudo|env)$/;
const METHOD_FLAG = /^(?:-X|--request)$/;

const cache = new WeakMap<readonly Token[], Map<string, ShellWrapper>>();

/** The request functions a shell file defines, by name (read once per file). */
export function shellWrappers(tokens: readonly Token[]): Map<string, ShellWrapper> {
  let known = cache.get(tokens);
  if (known === undefined) cache.set(tokens, (known = findWrappers(tokens)));
  return known;
}

const wordText = (t: Token | undefined) => (t?.kind === "str" ? literalText(t.parts ?? []) : undefined);
const soleHole = (t: Token | undefined) => {
  const parts = t?.kind === "str" ? (t.parts ?? []) : [];
  const only = parts.length === 1 ? parts[0] : undefined;
  return only !== undefined && "hole" in only ? only.hole : undefined;
};
/** Whether token `k` starts a command: after a line end, a separator, or a group's `{` (`f() { curl …; }`). */
const commandStart = (tokens: readonly Token[], k: number) =>
  k === 0 || tokens[k - 1]?.kind === "nl" || SEPARATORS.has(tokens[k - 1]?.text ?? "") || wordText(tokens[k - 1]) === "{";

function findWrappers(tokens: readonly Token[]): Map<string, ShellWrapper> {
  const found = new Map<string, ShellWrapper>();
  for (let k = 0; k < tokens.length; k++) {
    if (!commandStart(tokens, k)) continue;
    // `name() {` or `function name {` / `function name() {`.
    let nameAt: number | undefined;
    let open: number | undefined;
    if (wordText(tokens[k]) === "function" && tokens[k + 1]?.kind === "str") {
      nameAt = k + 1;
      open = tokens[k + 2]?.text === "(" && tokens[k + 3]?.text === ")" ? k + 4 : k + 2;
    } else if (tokens[k]?.kind === "str" && tokens[k + 1]?.text === "(" && tokens[k + 2]?.text === ")") {
      nameAt = k;
      open = k + 3;
    }
    if (nameAt === undefined || open === undefined) continue;
    while (tokens[open]?.kind === "nl") open++;
    const name = wordText(tokens[nameAt]);
    if (name === undefined || !/^[A-Za-z_][\w:-]*$/.test(name) || wordText(tokens[open]) !== "{") continue;
    const close = closingBrace(tokens, open);
    if (close < 0) continue;
    const wrapper = readBody(tokens, name, open + 1, close);
    // Two definitions of one name, or a function the file cannot read: none.
    if (wrapper && !found.has(name)) found.set(name, wrapper);
    else found.delete(name);
    k = close;
  }
  return found;
}

/** The `}` word that closes the `{` word at `open` (a command start each), or -1. */
function closingBrace(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let k = open; k < tokens.length && k - open < 4000; k++) {
    const text = wordText(tokens[k]);
    if (text !== "{" && text !== "}") continue;
    if (text === "{") depth++;
    else if (commandStart(tokens, k) && --depth === 0) return k;
  }
  return -1;
}

/**
 * The one curl of a function body [from, to) that takes its method and path from positional
 * parameters; undefined when there is none, or more than one curl (which one a call runs is then
 * not known).
 */
function readBody(tokens: readonly Token[], name: string, from: number, to: number): ShellWrapper | undefined {
  const positional = new Map<string, number>();
  let shifted = 0;
  const curls: Curl[] = [];
  /** `1`, `{1}`, `{3:-}`, `{3:-x}`: positional parameter N, defaulted or not. */
  const positionalOf = (hole: string | undefined): number | undefined => {
    const digit = hole === undefined ? undefined : /^\{?([1-9])(?:\}|:?[-=][^}]*\}?)?$/.exec(hole)?.[1];
    return digit === undefined ? undefined : Number(digit) + shifted;
  };
  const argOf = (hole: string | undefined): number | undefined => {
    if (hole === undefined) return undefined;
    return positionalOf(hole) ?? positional.get(hole.replace(/^\{(.*)\}$/, "$1"));
  };
  for (let k = from; k < to; k++) {
    const t = tokens[k] as Token;
    // `method="$1"`, `local method="$1" path="$2" body="${3:-}"`: an assignment of a positional parameter.
    if (t.kind === "ident" && tokens[k + 1]?.text === "=") {
      const arg = positionalOf(soleHole(tokens[k + 2]));
      if (arg === undefined) positional.delete(t.text);
      else positional.set(t.text, arg);
      continue;
    }
    if (!commandStart(tokens, k) && !PREFIX.test(wordText(tokens[k - 1]) ?? "")) continue;
    const command = wordText(t);
    if (command === "shift") {
      const count = wordText(tokens[k + 1]);
      shifted += count !== undefined && /^\d+$/.test(count) ? Number(count) : 1;
      continue;
    }
    if (command !== "curl") continue;
    const curl: Curl = { forwards: false, sendsBody: false };
    for (let j = k + 1; j < to && tokens[j]?.kind !== "nl" && !SEPARATORS.has(tokens[j]?.text ?? ""); j++) {
      const word = tokens[j] as Token;
      if (word.kind !== "str") continue;
      const text = wordText(word) ?? "";
      if (METHOD_FLAG.test(text)) {
        curl.method = argOf(soleHole(tokens[j + 1]));
        j++;
        continue;
      }
      // `-d "$body"`: the body is a positional parameter of the call (`api POST /pods "$body"`).
      if (DATA_FLAG.test(text)) {
        const arg = argOf(soleHole(tokens[j + 1]));
        if (arg === undefined) curl.sendsBody = true;
        else curl.bodyArg = arg;
        j++;
        continue;
      }
      if (/^-H$|^--header$/.test(text) && /^content-type:\s*application\/json/i.test(wordText(tokens[j + 1]) ?? "")) curl.json = true;
      const hole = soleHole(word);
      if (hole === "@" || hole === "*") curl.forwards = true;
      else if (CURL_SENDS.test(text)) curl.sendsBody = true;
      else if (hole !== undefined && argOf(hole) === undefined && (word.parts ?? []).length === 1) curl.sendsBody = true;
      const parts = word.parts ?? [];
      const [first, second] = parts;
      if (parts.length === 2 && first && second && "hole" in first && "hole" in second && /^[A-Za-z_]\w*$/.test(first.hole)) {
        const arg = argOf(second.hole);
        if (arg !== undefined) curl.url = { token: word, base: first.hole, arg };
      }
    }
    curls.push(curl);
  }
  // One curl, or several that agree on the method, the path and the base (`if [[ -n "$body" ]]; then curl … -d "$body" …; else curl …; fi`).
  const [one] = curls;
  if (one?.method === undefined || one.url === undefined) return undefined;
  const agree = curls.every((curl) => curl.method === one.method && curl.url !== undefined && curl.url.arg === one.url?.arg && curl.url.base === one.url.base);
  if (!agree) return undefined;
  const bodyArgs = new Set(curls.flatMap((curl) => (curl.bodyArg === undefined ? [] : [curl.bodyArg])));
  const bodyArg = bodyArgs.size === 1 ? [...bodyArgs][0] : undefined;
  return {
    name,
    methodArg: one.method,
    pathArg: one.url.arg,
    base: one.url.base,
    url: one.url.token,
    urls: curls.map((curl) => (curl.url as NonNullable<Curl["url"]>).token),
    forwards: curls.every((curl) => curl.forwards),
    json: curls.every((curl) => curl.json === true),
    sendsBody: curls.some((curl) => curl.sendsBody) || bodyArgs.size > 1,
    ...(bodyArg !== undefined && curls.every((curl) => curl.bodyArg === undefined || curl.json === true) ? { bodyArg } : {}),
  };
}

/** What one curl of a function body takes from the call: its method, path and base, the call's other words, its body. */
interface Curl {
  method?: number;
  url?: { token: Token; base: string; arg: number };
  forwards: boolean;
  sendsBody: boolean;
  /** The positional parameter a data option sends (`-d "$body"`). */
  bodyArg?: number;
  /** It names `Content-Type: application/json`. */
  json?: true;
}

/**
 * A call of a request function of the file whose path argument is the word at `site`: the
 * function and the call's words (the name first); undefined for any other word.
 */
export function wrapperCall(
  tokens: readonly Token[],
  words: readonly string[],
  wordTokens: readonly Token[],
  site: number,
): { wrapper: ShellWrapper; words: readonly string[]; wordTokens: readonly Token[] } | undefined {
  const wrapper = shellWrappers(tokens).get(words[0] ?? "");
  if (wrapper === undefined || wordTokens[wrapper.pathArg] !== tokens[site]) return undefined;
  return { wrapper, words, wordTokens };
}
