// Doc comments from schema annotations. Descriptions are untrusted text: `*/` is escaped as
// openapi-typescript does (`*\/`), and characters that would end a line in a JavaScript
// parser or break UTF-8 output (U+2028, U+2029, lone surrogates, control characters) are
// written as `\uXXXX`.

import type { PropertySignature } from "./nodes.js";

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

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Control characters (but tab and LF), U+2028/U+2029 and lone surrogates as `\uXXXX` text. */
function escapeUnsafe(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isHigh(code) && isLow(text.charCodeAt(i + 1))) {
      out += text.slice(i, i + 2);
      i++;
      continue;
    }
    const unsafe = (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f || code === 0x2028 || code === 0x2029 || isHigh(code) || isLow(code);
    out += unsafe ? `\\u${code.toString(16).padStart(4, "0")}` : text.charAt(i);
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
  const record = typeof schema === "object" && schema !== null && !Array.isArray(schema) ? (schema as Record<string, unknown>) : {};
  const paragraphs: string[] = [];
  if (typeof record.title === "string" && record.title.trim() !== "") paragraphs.push(record.title);
  if (typeof record.description === "string" && record.description.trim() !== "") paragraphs.push(record.description);
  paragraphs.push(...extra);
  const lines = paragraphs.length > 0 ? paragraphs.join("\n\n").split(/\r\n?|\n/) : [];
  const tags: string[] = [];
  if (record.deprecated === true) tags.push("@deprecated");
  if (Object.hasOwn(record, "default")) tags.push(`@default ${JSON.stringify(record.default) ?? "undefined"}`);
  for (const key of ANNOTATION_TAGS) if (Object.hasOwn(record, key)) tags.push(`@${key} ${tagText(record[key])}`);
  return [...lines, ...tags.flatMap((t) => t.split(/\r\n?|\n/))].map((line) => sanitizeDocText(line).trimEnd());
}

/** A `/** … *\/` above a member inside a type literal (always multi-line). */
export function withDoc(member: PropertySignature, lines: readonly string[]): PropertySignature {
  return lines.length === 0 ? member : { ...member, doc: lines };
}
