// Doc comments from schema annotations. Descriptions are untrusted text: `*/` is escaped as
// openapi-typescript does (`*\/`), and characters that would end a line in a JavaScript
// parser or break UTF-8 output (U+2028, U+2029, lone surrogates, control characters) are
// written as `\uXXXX`.

import { ts } from "ts-morph";

const ANNOTATION_TAGS = [
  "format",
  "pattern",
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
] as const;

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** Control characters (but tab and LF), U+2028/U+2029 and lone surrogates as `\uXXXX` text. */
function escapeUnsafe(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isHigh(c) && isLow(text.charCodeAt(i + 1))) {
      out += text.slice(i, i + 2);
      i++;
      continue;
    }
    const unsafe = (c < 0x20 && c !== 0x09 && c !== 0x0a) || c === 0x7f || c === 0x2028 || c === 0x2029 || isHigh(c) || isLow(c);
    out += unsafe ? `\\u${c.toString(16).padStart(4, "0")}` : text.charAt(i);
  }
  return out;
}

export function sanitizeDocText(text: string): string {
  return escapeUnsafe(text.replace(/\r\n?/g, "\n")).replace(/\*\//g, "*\\/");
}

function tagText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
}

/** The lines of a doc comment (without `/**` framing) for a schema, or [] when it has none. */
export function schemaDocLines(schema: unknown, extra: readonly string[] = []): string[] {
  const s = typeof schema === "object" && schema !== null && !Array.isArray(schema) ? (schema as Record<string, unknown>) : {};
  const paragraphs: string[] = [];
  if (typeof s.title === "string" && s.title.trim() !== "") paragraphs.push(s.title);
  if (typeof s.description === "string" && s.description.trim() !== "") paragraphs.push(s.description);
  paragraphs.push(...extra);
  const lines = paragraphs.length > 0 ? paragraphs.join("\n\n").split("\n") : [];
  const tags: string[] = [];
  if (s.deprecated === true) tags.push("@deprecated");
  if (Object.hasOwn(s, "default")) tags.push(`@default ${JSON.stringify(s.default) ?? "undefined"}`);
  for (const key of ANNOTATION_TAGS) if (Object.hasOwn(s, key)) tags.push(`@${key} ${tagText(s[key])}`);
  return [...lines, ...tags.flatMap((t) => t.split("\n"))].map((line) => sanitizeDocText(line).trimEnd());
}

/** The JSDoc text for ts-morph's `docs` structure property. */
export function docStructures(lines: readonly string[]): string[] {
  return lines.length === 0 ? [] : [lines.join("\n")];
}

/** Attaches `/** … *\/` before a factory node (used for members inside type literals). */
export function withDoc<T extends ts.Node>(node: T, lines: readonly string[]): T {
  if (lines.length === 0) return node;
  const body = `*\n${lines.map((l) => (l === "" ? " *" : ` * ${l}`)).join("\n")}\n `;
  return ts.addSyntheticLeadingComment(node, ts.SyntaxKind.MultiLineCommentTrivia, body, true);
}
