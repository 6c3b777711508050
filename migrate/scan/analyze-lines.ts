// The line-based fallback for files no lexer reads (YAML, JSON, prose, other languages):
// v1 URLs on the v1 server (another host's `/v1` is another API's), bare `/v1/<resource>…` paths, a route after an interpolated base
// (`${BASE}/pods`, `{API}/pods`) and literals shaped like a v1 route (`"/pods/{id}/start"`);
// the method is an HTTP verb on the same line. Every pattern is linear: interpolations are
// bounded and each line's verbs are found once.

import { shellDefaults } from "./shell-source.js";
import { type Bases, type Candidate, type FileAnalysis, type FixSite, hostOf, namesOurHost, noteBase, RESOURCE, type V1Base } from "./candidate.js";
import { V1_SERVER_HOST } from "../route-table.js";
import { type MethodSource, methodInText } from "./method.js";

/** Characters that end a URL or path in source text; `{…}` placeholders are bounded. */
// `<id>` is a placeholder as docs write one (`…/networkvolumes/<id>`): part of the path.
// `${{ vars.ID }}` is a GitHub Actions expression: one path parameter.
// A backslash ends it: a URL in JSON-escaped text (a notebook's `"url = \"https://…/v1/pods\"\n"`) is followed by `\"`.
const TAIL = `(?:\\$\\{\\{[^{}\\n]{0,128}\\}\\}|\\$?\\{[^{}\\s]{0,64}\\}|<[A-Za-z_][\\w-]{0,63}>|[^\\s"'\`)\\]{}>,;$\\\\]|\\$(?!\\{))*`;
const HOST_URL = new RegExp(`\\bhttps?://[A-Za-z0-9.-]{1,253}(?::\\d{1,5})?(?:/[\\w.-]{1,64}){0,4}?/v1/${RESOURCE}(?![\\w-])${TAIL}`, "g");
const V1_PATH = new RegExp(`(?<![\\w.:/-])/v1/${RESOURCE}(?![\\w-])${TAIL}`, "g");
const LITERAL = new RegExp(`(["'\`])(/${RESOURCE}(?:[/?][^"'\`\\s]{0,512})?)\\1`, "g");
const AFTER_BASE = new RegExp(`(?:\\$\\{[^{}\\s]{0,64}\\}|\\{[A-Za-z_][\\w.]{0,63}\\})(/${RESOURCE}(?![\\w-])${TAIL})`, "g");
const V2_BEFORE = /\/v2\/?$/;
/** What may precede an interpolated base at the start of a URL. */
const BASE_STARTS = /[\s"'`=(:,[]/;
const VERB = /\b(get|post|put|patch|delete)\b/gi;
const QUOTED = /["'`]([^"'`\s]{1,512})["'`]/g;
const UNQUOTED_BASE = /=\s?(https?:\/\/[\w.:-]{1,253}(?:\/[\w.-]{1,64}){0,4}?\/v\d+)\/?[ \t]*$/gm;
/** A key or variable named for this API right before a URL (`RUNPOD_API_URL: http://…`, `runpodBase = "…`). */
const TIED_KEY = /runpod\w*["']?\s*[:=]\s*["']?$/i;
/** A line that is a comment in the languages the line scanner reads: `//`, `///`, `/*`, `* ` (inside a block), `#`, `-- `, `<!--`, `REM`. */
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*(?:\s|$)|#(?![!{])|--\s|<!--|rem\s)/i;
const NAMED_HOLE = /(?:\$\{([^{}\s]{1,64})\}|\{([A-Za-z_][\w.]{0,63})\})$/;

/**
 * Whose `/v1` a matched URL is: the v1 server's (no base field), a host tied to this API by the
 * key it is the value of, or undefined (another API's: another host, or a path before `/v1`).
 */
function hostUrlBase(match: string, before: string): V1Base | "server" | undefined {
  const parsed = /^https?:\/\/([^/]+)(.*?)\/v1\//i.exec(match);
  if (parsed && parsed[2] === "" && hostOf(parsed[1] as string) === V1_SERVER_HOST) return "server";
  return TIED_KEY.test(before.slice(-128)) ? { owner: "named", hostShown: true } : undefined;
}

/** Whose `/v1` a path that starts with it is: a base named before it (`${RUNPOD_URL}/v1/…`), else one the text does not show. */
function rootedBase(before: string): V1Base {
  const hole = NAMED_HOLE.exec(before.slice(-72));
  const name = hole?.[1] ?? hole?.[2];
  return { owner: name !== undefined && /runpod/i.test(name) ? "named" : "unknown", hostShown: false };
}

function verbsOf(line: string): { at: number; verb: string }[] {
  return [...line.matchAll(VERB)].map((match) => ({ at: match.index ?? 0, verb: (match[1] as string).toUpperCase() }));
}

/** The nearest verb before `at` on its line, else the first after it. */
function verbNear(verbs: readonly { at: number; verb: string }[], at: number): { at: number; verb: string } | undefined {
  let lo = 0;
  let hi = verbs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((verbs[mid] as { at: number }).at < at) lo = mid + 1;
    else hi = mid;
  }
  return verbs[lo - 1] ?? verbs[lo];
}

/**
 * The method of the curl command whose argument starts at `at` (`run: curl -s https://…`): its
 * `-X`, else POST with data, else GET. Only a command wholly on this line (`continued`: the line
 * ends in `\`, `` ` `` or `^`, and the next may send data). Windows keep a dense line linear.
 */
function curlOnLine(line: string, at: number, continued: boolean): MethodSource | undefined {
  if (continued) return undefined;
  const window = Math.max(0, at - 4096);
  const curl = [...line.slice(window, at).matchAll(/(?:^|[\s;|&("'`])curl\s/g)].pop();
  if (!curl) return undefined;
  const from = window + (curl.index ?? 0) + curl[0].indexOf("curl");
  if (/[;|&]/.test(line.slice(from, at))) return undefined;
  return methodInText(line.slice(from, at + 8192));
}

/** Base URLs named as whole quoted strings (`"https://…/v2"`) or shell values (`BASE=https://…/v1`). */
export function basesOfText(text: string): Bases {
  const bases: Bases = { v1: false, v2: false };
  if (namesOurHost(text)) bases.ours = true;
  if (!text.includes("/v") && !bases.ours) return bases;
  for (const match of text.matchAll(QUOTED)) noteBase(bases, match[1] as string);
  for (const match of text.matchAll(UNQUOTED_BASE)) noteBase(bases, match[1] as string);
  // A shell environment default: `BASE="${BASE:-https://…/v1}"` (shell-source.ts).
  for (const { url } of shellDefaults(text)) noteBase(bases, url);
  return bases;
}

/**
 * Where a URL the line scanner matched is written, for a fix: the match is source text, so each
 * character's offset is known. Only a URL that states `/v1` itself can be fixed this way.
 */
function lineSite(offset: number, match: string): FixSite | undefined {
  const resourceAt = match.search(new RegExp(`/v1/${RESOURCE}(?![\\w-])`)) + 3;
  if (resourceAt < 3) return undefined;
  return {
    url: { text: match, at: Array.from({ length: match.length }, (_, k) => offset + k), resourceAt },
    span: [offset, offset + match.length],
    shared: [],
  };
}

export function analyzeLines(text: string, sites = false): FileAnalysis {
  const candidates: Candidate[] = [];
  const bases = basesOfText(text);
  let lineStart = 0;
  text.split(/(?<=\n)/).forEach((raw, index) => {
    const line = raw.replace(/\r?\n$/, "");
    const offset = lineStart;
    lineStart += raw.length;
    const found: { at: number; match: string; path: string; explicit: boolean; base?: V1Base; foreign?: true }[] = [];
    const strip = (url: string) => url.replace(/^.*?\/v1(?=\/)/, "").replace(/\/<([A-Za-z_][\w-]*)>(?=[/?#]|$)/g, "/{$1}");
    for (const match of line.matchAll(HOST_URL)) {
      const at = match.index ?? 0;
      const base = hostUrlBase(match[0], line.slice(Math.max(0, at - 128), at));
      // Another API's `/v1` (another host, `/api/v1`) is not reported; the span stays taken.
      if (base === undefined) found.push({ at, match: match[0], path: "", explicit: true, foreign: true });
      else found.push({ at, match: match[0], path: strip(match[0]), explicit: true, ...(base === "server" ? {} : { base }) });
    }
    for (const match of line.matchAll(V1_PATH)) {
      const at = match.index ?? 0;
      found.push({ at, match: match[0], path: strip(match[0]), explicit: true, base: rootedBase(line.slice(Math.max(0, at - 72), at)) });
    }
    for (const match of line.matchAll(AFTER_BASE)) {
      const path = match[1] ?? "";
      const at = (match.index ?? 0) + match[0].length - path.length;
      // The placeholder must start the URL (`${BASE}/pods`), not sit inside another path (`/v2/clusters/{id}/pods`).
      if (!BASE_STARTS.test(line[(match.index ?? 0) - 1] ?? " ") || V2_BEFORE.test(line.slice(Math.max(0, at - 3), at))) continue;
      found.push({ at, match: path, path, explicit: false });
    }
    // A row that names a v2 path beside a relative one (`| \`/pods\` | \`/v2/pods\` |`) maps paths; it is no call.
    if (!line.includes("/v2/")) {
      for (const match of line.matchAll(LITERAL)) found.push({ at: (match.index ?? 0) + 1, match: match[2] ?? "", path: match[2] ?? "", explicit: false });
    }
    if (found.length === 0) return;
    // A comment line (`// GET https://…`, `/// …`, `* …` in a doc block, `# …`, `-- …`) names a route: a mention, never a call.
    const mention = COMMENT_LINE.test(line);
    const verbs = verbsOf(line);
    const continued = /[\\`^][ \t]*$/.test(line.slice(-256));
    // Earlier and stricter patterns win where matches overlap.
    found.sort((a, b) => a.at - b.at || Number(b.explicit) - Number(a.explicit));
    let takenUntil = -1;
    for (const hit of found) {
      if (hit.at < takenUntil) continue;
      takenUntil = hit.at + hit.match.length;
      if (hit.foreign) continue;
      const near = verbNear(verbs, hit.at);
      const verb = near?.verb;
      // `-X POST` / `--request POST`: a curl flag on the line, a method a fix can change.
      const flag = near && /(?:^|\s)(?:-X ?|--request[ =])$/.test(line.slice(Math.max(0, near.at - 11), near.at));
      const anchor = near && flag ? { start: offset + near.at, end: offset + near.at + near.verb.length } : undefined;
      const site = sites && hit.explicit ? lineSite(offset + hit.at, hit.match) : undefined;
      // A curl command on the line states its method even without a verb (`curl -s https://…` is GET).
      const fromCurl = flag ? undefined : curlOnLine(line, hit.at, continued);
      candidates.push({
        line: index + 1,
        column: hit.at + 1,
        match: hit.match,
        path: hit.path,
        explicit: hit.explicit,
        ...(hit.base ? { base: hit.base } : {}),
        ...(fromCurl ? { method: fromCurl } : verb ? { method: { method: verb, how: `the verb ${verb} on the line`, ...(anchor ? { anchor } : {}) } } : {}),
        ...(site && !mention ? { site } : {}),
        ...(mention ? { mention } : {}),
      });
    }
  });
  return { candidates, bases };
}
