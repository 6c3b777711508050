// A v2 request body written back in the syntax of the literal it replaces: a Python dict stays a
// dict, a JS object literal keeps unquoted keys and shorthand properties, a PowerShell hashtable
// stays a hashtable, JSON inside a shell or PowerShell string keeps its quoting and its `$VAR`s.
// Placeholders (`<expr>`, `$VAR`) become the expressions they stand for, as written. Layout
// follows the original: one line stays one line; a multi-line literal is indented as it was.

import type { BodyAnchor } from "./literal-body.js";

export type WriteResult = { text: string } | { reason: string };

interface Layout {
  multiline: boolean;
  /** Indentation of the line the literal starts on. */
  base: string;
  unit: string;
  /** `{ a: 1 }` rather than `{a: 1}` (JS, PowerShell, one line). */
  padded: boolean;
  quote: string;
  trailingComma: boolean;
  /** JSON: `"a": 1` rather than `"a":1`. */
  spaced: boolean;
}

function layoutOf(source: string, anchor: BodyAnchor): Layout {
  const original = source.slice(anchor.start, anchor.end);
  const lineStart = source.lastIndexOf("\n", anchor.start - 1) + 1;
  const base = /^[ \t]*/.exec(source.slice(lineStart, anchor.start))?.[0] ?? "";
  const inner = /\n([ \t]+)\S/.exec(original)?.[1];
  const unit =
    inner !== undefined && inner.startsWith(base) && inner.length > base.length ? inner.slice(base.length) : anchor.syntax === "python" ? "    " : "  ";
  const quoteOf = /(["'])/.exec(original)?.[1];
  return {
    multiline: original.includes("\n"),
    base,
    unit,
    padded: /^@?\{[ \t]/.test(original),
    quote: anchor.syntax === "python" || anchor.syntax === "js" ? (quoteOf ?? '"') : anchor.syntax === "powershell" ? (quoteOf ?? "'") : '"',
    trailingComma: /,\s*[}\]]\s*$/.test(original),
    spaced: /":\s/.test(original) || !/":/.test(original),
  };
}

class Unwritable extends Error {}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/**
 * The v2 body as source text for the literal at `anchor`, or why it cannot be written.
 * `variables` are shell variables written bare in the original (`{"min": $MIN}`).
 */
export function writeBody(source: string, anchor: BodyAnchor, v2: unknown, variables: ReadonlySet<string> = new Set()): WriteResult {
  const layout = layoutOf(source, anchor);
  const hole = (value: string): string | undefined => {
    const span = anchor.holes[value];
    return span ? source.slice(span[0], span[1]) : undefined;
  };
  const str = (value: string, quote: string): string => {
    if (anchor.syntax === "powershell") return `'${value.replace(/'/g, "''")}'`;
    if (anchor.syntax === "json") return JSON.stringify(value);
    // Python and JS: the original quote, escapes as both languages read them.
    let out = JSON.stringify(value).slice(1, -1);
    if (quote === "'") out = out.replace(/\\"/g, '"').replace(/'/g, "\\'");
    return `${quote}${out}${quote}`;
  };
  const scalar = (value: unknown): string => {
    if (typeof value === "string") {
      const expr = hole(value);
      if (expr !== undefined) return expr;
      if (anchor.syntax !== "json" && /^<.*>$/s.test(value)) throw new Unwritable(`the placeholder ${value} changed on the way to v2`);
      if (anchor.syntax === "json" && variables.has(value)) return value;
      return str(value, layout.quote);
    }
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new Unwritable("a number that is not finite");
      return String(value);
    }
    if (typeof value === "boolean")
      return anchor.syntax === "python" ? (value ? "True" : "False") : anchor.syntax === "powershell" ? `$${value}` : String(value);
    if (value === null) return anchor.syntax === "python" ? "None" : anchor.syntax === "powershell" ? "$null" : "null";
    throw new Unwritable(`a value of type ${typeof value}`);
  };
  const key = (name: string): string => {
    if (anchor.syntax === "js" && IDENT.test(name)) return name;
    if (anchor.syntax === "powershell") return /^[A-Za-z_]\w*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
    if (anchor.syntax === "json") return JSON.stringify(name);
    return str(name, layout.quote);
  };
  const write = (value: unknown, depth: number): string => {
    const isArray = Array.isArray(value);
    if (!isArray && (typeof value !== "object" || value === null)) return scalar(value);
    const ps = anchor.syntax === "powershell";
    const [open, close] = isArray ? (ps ? ["@(", ")"] : ["[", "]"]) : ps ? ["@{", "}"] : ["{", "}"];
    const members = isArray
      ? (value as unknown[]).map((v) => write(v, depth + 1))
      : Object.entries(value as Record<string, unknown>).map(([k, v]) => {
          // `{ min: min }` is written `{ min }`, as the shorthand the original may have used.
          if (anchor.syntax === "js" && typeof v === "string" && hole(v) === k && IDENT.test(k)) return k;
          const sep = ps ? " = " : anchor.syntax === "json" && !layout.spaced ? ":" : ": ";
          return `${key(k)}${sep}${write(v, depth + 1)}`;
        });
    if (members.length === 0) return `${open}${close}`;
    if (layout.multiline) {
      const pad = layout.base + layout.unit.repeat(depth + 1);
      const end = layout.base + layout.unit.repeat(depth);
      const comma = ps && !isArray ? "" : ",";
      const trailing = layout.trailingComma && !ps && anchor.syntax !== "json" ? "," : "";
      return `${open}\n${members.map((m) => pad + m).join(`${comma}\n`)}${trailing}\n${end}${close}`;
    }
    const sep = ps && !isArray ? "; " : anchor.syntax === "json" && !layout.spaced ? "," : ", ";
    const pad = layout.padded && !isArray ? " " : "";
    return `${open}${pad}${members.join(sep)}${pad}${close}`;
  };
  try {
    let text = write(v2, 0);
    if (anchor.quote === "'" && text.includes("'")) {
      // Shell single quotes admit no escape; PowerShell doubles them.
      if (anchor.in !== "powershell") return { reason: "the v2 body has a ' and the shell string around it is single-quoted" };
      text = text.replace(/'/g, "''");
    } else if (anchor.quote === '"') {
      text = text.replace(/[\\"`]/g, (c) => `\\${c}`);
    }
    return { text };
  } catch (error) {
    if (error instanceof Unwritable) return { reason: `the v2 body cannot be written back: ${error.message}` };
    throw error;
  }
}

/** Shell variables written bare (outside JSON strings) in a JSON body: `{"min": $MIN}` → `$MIN`. */
export function bareVariables(json: string): Set<string> {
  const out = new Set<string>();
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i] as string;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "$") {
      const name = /^\$(?:\{[^}]*\}|\w+)/.exec(json.slice(i))?.[0];
      if (name) {
        out.add(name);
        i += name.length - 1;
      }
    }
  }
  return out;
}
