// A base URL in JavaScript/TypeScript with an environment default (issue 41, item 3):
// `const BASE = process.env.RUNPOD_REST ?? "https://rest.runpod.io/v1"` (or `||`, `process.env["X"]`,
// `import.meta.env.X`, `Deno.env.get("X")`), also as a member of a config object or a default
// argument. The literal is what the code calls when the environment does not say otherwise: the
// name it is assigned to is a constant like `const BASE = "https://…"`, and a fix moves the literal.

import type { Token } from "./lex/tokens.js";

const ENV_READ = /^(?:process\.env|import\.meta\.env|Deno\.env\.get)(?:\.|\[|\(|$)/;

/** The tokens of the environment read that starts at `from` (`process.env.X`), if one does: the index after it. */
export function envReadEnd(tokens: readonly Token[], from: number): number | undefined {
  let text = "";
  let k = from;
  for (; k < tokens.length && k - from < 12; k++) {
    const t = tokens[k] as Token;
    if (t.kind === "ident" || t.text === ".") text += t.text;
    else if ((t.text === "[" || t.text === "(") && tokens[k + 1]?.kind === "str" && tokens[k + 2]?.text === (t.text === "[" ? "]" : ")")) {
      text += `${t.text}…`;
      k += 2;
    } else break;
  }
  return ENV_READ.test(text) ? k : undefined;
}

/**
 * At a string literal token `k`: when it is the fallback of an environment read (`process.env.X ??
 * "…"`), the index of the read's first token; else undefined.
 */
export function envDefaultStart(tokens: readonly Token[], k: number): number | undefined {
  const op = tokens[k - 1]?.text;
  if (op !== "??" && op !== "||") return undefined;
  for (let from = k - 2; from >= 0 && k - from < 14; from--) {
    const t = tokens[from] as Token;
    if (t.kind !== "ident" && t.text !== "." && t.text !== "[" && t.text !== "]" && t.text !== "(" && t.text !== ")" && t.kind !== "str") return undefined;
    if ((t.text === "process" || t.text === "import" || t.text === "Deno") && envReadEnd(tokens, from) === k - 1) return from;
  }
  return undefined;
}
