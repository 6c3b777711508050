// A shell base URL with an environment default (issue 41, item 2): `RUNPOD_REST="${RUNPOD_REST:-https://rest.runpod.io/v1}"`,
// often in a file the script sources (`source ./config.env`, `. ./lib.sh`). The URL after `:-`
// (or `-`, `:=`, `=`) is what the script calls when the environment does not say otherwise:
// a base of the file like a plain `NAME=https://…/v1`, and what a fix moves.

/** `NAME=${X:-URL}`, quoted or not, `export`/`readonly`/`declare`/`local` before it; `: "${NAME:=URL}"`. */
const DEFAULT =
  /^[ \t]*(?:(?:export|readonly|local|declare(?:[ \t]+-[a-zA-Z]+)*)[ \t]+)?([A-Za-z_]\w*)=(["']?)\$\{[A-Za-z_]\w*:?[-=]([a-z]+:\/\/[^\s"'{}$`\\]{1,512})\}\2[ \t]*(?:;[ \t]*)?(?:#.*)?$/gm;
const ASSIGN_DEFAULT = /^[ \t]*:[ \t]+(["']?)\$\{([A-Za-z_]\w*):?=([a-z]+:\/\/[^\s"'{}$`\\]{1,512})\}\1[ \t]*(?:;[ \t]*)?(?:#.*)?$/gm;

export interface ShellDefault {
  /** The variable defined (`RUNPOD_REST`), as written. */
  name: string;
  url: string;
  /** Source offsets of the URL. */
  start: number;
  end: number;
}

/** The variables a shell text (a script or a file it sources) defines with a URL default. */
export function shellDefaults(text: string): ShellDefault[] {
  if (!text.includes("${")) return [];
  const out: ShellDefault[] = [];
  for (const match of text.matchAll(DEFAULT)) {
    const url = match[3] as string;
    const start = (match.index ?? 0) + match[0].indexOf(`${url}}`);
    out.push({ name: match[1] as string, url, start, end: start + url.length });
  }
  for (const match of text.matchAll(ASSIGN_DEFAULT)) {
    const url = match[3] as string;
    const start = (match.index ?? 0) + match[0].indexOf(`${url}}`);
    out.push({ name: match[2] as string, url, start, end: start + url.length });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** `NAME=URL`, `NAME="URL"`, `export NAME='URL'`: a base written plainly, one assignment on its line. */
const PLAIN =
  /^[ \t]*(?:(?:export|readonly|local|declare(?:[ \t]+-[a-zA-Z]+)*)[ \t]+)?([A-Za-z_]\w*)=(["']?)([a-z]+:\/\/[^\s"'{}$`\\]{1,512})\2[ \t]*(?:;[ \t]*)?(?:#.*)?$/gm;

/** The variables a shell text defines as a URL, with an environment default (shellDefaults) or plainly (`API_BASE="https://…/v1"`). */
export function shellBases(text: string): ShellDefault[] {
  const out = shellDefaults(text);
  for (const match of text.matchAll(PLAIN)) {
    const url = match[3] as string;
    const start = (match.index ?? 0) + match[0].indexOf(url);
    out.push({ name: match[1] as string, url, start, end: start + url.length });
  }
  return out.sort((a, b) => a.start - b.start);
}

const V1_BASE = /^https:\/\/rest\.runpod\.io\/v1\/?$/i;

/** Whether a text defines a v1 base (plainly or with an environment default): a file scripts may source, kept with the code files for --fix. */
export const definesShellBase = (text: string): boolean => text.includes("rest.runpod.io/v1") && shellBases(text).some((found) => V1_BASE.test(found.url));
