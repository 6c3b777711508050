// `migrate scan --fix` for shell clients (issue 41, items 1 and 2): a v1 base in a variable with
// an environment default (`RUNPOD_REST="${RUNPOD_REST:-https://rest.runpod.io/v1}"`), in the
// script or in a file it sources (`source ./config.env`, `. ./lib.sh`), reached through request
// functions (`rp POST /endpoints`, shell-wrapper.ts) and curl calls that join it to a path
// (`curl "$RUNPOD_REST/endpoints/$ID"`). Each such base is a client unit (client-base.ts): the
// default and every call through it change together, or none does.

import { dirname, join, normalize } from "node:path";
import type { ClientBase, ClientUnit } from "./client-base.js";
import { lineAt } from "./candidate.js";
import { languageOf, LEXERS } from "./lex/languages.js";
import { literalText, type Token } from "./lex/tokens.js";
import type { Finding } from "./resolve.js";
import { shellBases } from "./shell-source.js";
import { shellWrappers } from "./shell-wrapper.js";

const V1_BASE = /^https:\/\/rest\.runpod\.io\/v1\/?$/i;
const V1_BASE_TEXT = "https://rest.runpod.io/v1";
const SEPARATORS = new Set([";", "|", "&", "&&", "||", "("]);

interface Script {
  path: string;
  text: string;
  tokens: Token[];
}

/** Where a base is defined: the file and the variable. */
interface Definition {
  file: string;
  name: string;
  base: ClientBase;
}

/**
 * The shell client units of a tree: `sources` are its code files and the files shell scripts
 * source (path → text), `files` the findings of each file. `claimed`: findings another unit holds.
 */
export function shellClientUnits(
  sources: ReadonlyMap<string, string>,
  files: readonly { path: string; findings: readonly Finding[] }[],
  claimed: ReadonlySet<Finding>,
  shown: (path: string) => string = (path) => path,
): ClientUnit[] {
  const definitions: Definition[] = [];
  for (const [path, text] of sources) {
    const language = languageOf(path, text);
    if ((language !== undefined && language !== "shell") || !text.includes("rest.runpod.io/v1")) continue;
    for (const found of shellBases(text)) {
      if (!V1_BASE.test(found.url)) continue;
      definitions.push({
        file: path,
        name: found.name,
        base: { file: path, start: found.start, end: found.start + V1_BASE_TEXT.length, line: lineAt(text, found.start).line },
      });
    }
  }
  if (definitions.length === 0) return [];
  const scripts: Script[] = [];
  for (const [path, text] of sources) if (languageOf(path, text) === "shell") scripts.push({ path, text, tokens: LEXERS.shell(text) });
  const findingsOf = new Map(files.map((file) => [file.path, file.findings]));
  const units: ClientUnit[] = [];
  for (const definition of definitions) {
    // A name defined twice (two files, or twice in one) is not known to be this base where it is used.
    if (definitions.filter((other) => other.name === definition.name).length > 1) continue;
    const users = scripts.filter((script) => script.path === definition.file || sourcedFiles(script).includes(normalize(definition.file)));
    const functions = new Set<string>();
    const members: ClientUnit["members"] = [];
    let blocked: string | undefined;
    const where = (script: Script, offset: number) => `${shown(script.path)}:${lineAt(script.text, offset).line}`;
    // Uses in the defining file other than its definition (a non-script: only `$NAME` text).
    const own = sources.get(definition.file) as string;
    const ownScript = users.find((script) => script.path === definition.file);
    if (!ownScript && usesText(own, definition.name) > 1) blocked = `\`${definition.name}\` is also used in ${shown(definition.file)}`;
    // Another program of the tree that reads the variable (`os.environ["RUNPOD_REST"]`, a script that does not source the file) may call more than v1.
    const word = new RegExp(`(?<!\\w)${definition.name}(?!\\w)`);
    const other = [...sources].find(([path, text]) => path !== definition.file && !users.some((script) => script.path === path) && word.test(text));
    if (other) blocked ??= `\`${definition.name}\` is also named in ${shown(other[0])}, which does not source ${shown(definition.file)}`;
    for (const script of users) {
      const wrappers = shellWrappers(script.tokens);
      const found = (findingsOf.get(script.path) ?? []).filter((finding) => finding.fixInput?.site && finding.ruleId !== "v1-mention" && !claimed.has(finding));
      for (const [k, t] of script.tokens.entries()) {
        if (t.kind !== "str" || !(t.parts ?? []).some((part) => "hole" in part && holeName(part.hole) === definition.name)) continue;
        // The definition itself (`NAME="${NAME:-…}"`).
        if (script.path === definition.file && t.start <= definition.base.start && t.end >= definition.base.end) continue;
        const wrapper = [...wrappers.values()].find((candidate) => candidate.urls.includes(t) && candidate.base === definition.name);
        if (wrapper) {
          functions.add(wrapper.name);
          continue;
        }
        // A curl that joins the base to a v1 path: `curl "$RUNPOD_REST/endpoints/$ID"`.
        const direct = found.find((finding) => {
          const site = finding.fixInput?.site;
          return site !== undefined && site.span[0] === t.start && !/\/v1\/?$/.test(site.url.text.slice(0, site.url.resourceAt));
        });
        if (direct && firstHole(t) === definition.name && commandOf(script.tokens, k) === "curl") {
          members.push({ finding: direct, fn: "curl" });
          continue;
        }
        blocked ??= `\`${definition.name}\` is also used at ${where(script, t.start)}, which is not a v1 call v2kit reads`;
      }
      // Every call of a request function that sends to this base: a v1 call v2kit reads.
      for (const name of functions) {
        const wrapper = wrappers.get(name);
        if (!wrapper) continue;
        for (const [k, t] of script.tokens.entries()) {
          if (t.kind !== "str" || literalText(t.parts ?? []) !== name || !commandAt(script.tokens, k)) continue;
          if (script.tokens[k + 1]?.text === "(" && script.tokens[k + 2]?.text === ")") continue;
          if (script.tokens[k - 1] !== undefined && literalText(script.tokens[k - 1]?.parts ?? []) === "function") continue;
          const path = nthWord(script.tokens, k, wrapper.pathArg);
          const member = path === undefined ? undefined : found.find((finding) => finding.fixInput?.site?.span[0] === path.start);
          if (member) members.push({ finding: member, fn: name });
          else
            blocked ??= `\`${name}\`, which sends requests to \`${definition.name}\`, is also called at ${where(script, t.start)} with a path that is not a v1 call v2kit reads`;
        }
      }
    }
    if (members.length === 0) continue;
    units.push({
      name: definition.name,
      bases: [definition.base],
      functions: [...functions].sort(),
      members,
      ...(blocked ? { blocked } : {}),
    });
  }
  return units;
}

/** `RUNPOD_REST`, `{RUNPOD_REST}` and `RUNPOD_REST:-…` name the variable; anything else does not. */
const holeName = (hole: string) => /^\{?([A-Za-z_]\w*)(?:\}|[:#%/^,@-].*)?$/s.exec(hole)?.[1];

const firstHole = (t: Token) => {
  const first = t.parts?.[0];
  return first !== undefined && "hole" in first ? holeName(first.hole) : undefined;
};

/** How often a text names `$NAME` or `${NAME…}`. */
const usesText = (text: string, name: string) => [...text.matchAll(new RegExp(`\\$\\{?${name}(?!\\w)`, "g"))].length;

/** Whether token `k` starts a command (after a line end or separator, or a word such as `then`, `if`). */
function commandAt(tokens: readonly Token[], k: number): boolean {
  const before = tokens[k - 1];
  if (before === undefined || before.kind === "nl" || SEPARATORS.has(before.text)) return true;
  if (before.kind !== "str" || !/^(?:then|do|else|if|while|until|!|command|time|exec)$/.test(literalText(before.parts ?? []))) return false;
  return commandAt(tokens, k - 1);
}

/** The command word of the command that token `k` is part of. */
function commandOf(tokens: readonly Token[], k: number): string | undefined {
  for (let j = k; j >= 0 && k - j < 256; j--) {
    const t = tokens[j] as Token;
    if (t.kind === "nl" || (t.kind === "punct" && SEPARATORS.has(t.text))) return undefined;
    if (t.kind === "str" && commandAt(tokens, j)) return literalText(t.parts ?? []);
  }
  return undefined;
}

/** The argument word at `position` (1-based) of the command whose name is token `k`, if it is on the command. */
function nthWord(tokens: readonly Token[], k: number, position: number): Token | undefined {
  let count = 0;
  for (let j = k + 1; j < tokens.length && j - k < 256; j++) {
    const t = tokens[j] as Token;
    if (t.kind === "nl" || (t.kind === "punct" && SEPARATORS.has(t.text))) return undefined;
    if (t.kind === "punct") {
      // A redirection's target is not an argument.
      if (t.text === "<" || t.text === ">") j++;
      continue;
    }
    if (t.kind === "str" && ++count === position) return t;
  }
  return undefined;
}

/**
 * The files a script sources (`source FILE`, `. FILE`), resolved against the script's directory:
 * `./config.env`, `config.env`, `"$(dirname "$0")/config.env"`, `"$DIR/lib.sh"` (a leading
 * variable or substitution stands for the script's directory, as `cd "$(dirname "$0")"` makes it).
 */
function sourcedFiles(script: Script): string[] {
  const out: string[] = [];
  const { tokens } = script;
  for (const [k, t] of tokens.entries()) {
    if (t.kind !== "str" || !commandAt(tokens, k)) continue;
    const command = literalText(t.parts ?? []);
    if (command !== "source" && command !== ".") continue;
    const target = tokens[k + 1];
    if (target?.kind !== "str") continue;
    const parts = target.parts ?? [];
    const [first, ...rest] = parts;
    let relative: string | undefined;
    if (first && "text" in first && !parts.some((part) => "hole" in part)) relative = first.text;
    else if (first && "hole" in first && rest.length === 1 && rest[0] && "text" in rest[0] && rest[0].text.startsWith("/")) relative = `.${rest[0].text}`;
    if (relative === undefined || relative.startsWith("/") || relative.startsWith("~")) continue;
    out.push(normalize(join(dirname(script.path), relative)));
  }
  return out;
}
