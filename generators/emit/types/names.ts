// Type names: schema and operation names become TypeScript identifiers. Names that are
// already valid keep their spelling; the rest are sanitized, then numbered in sorted order.

// Identifier characters as ECMAScript defines them (ID_Start/ID_Continue, `$`, `_`, ZWNJ/ZWJ
// inside), in the Basic Multilingual Plane, as far as TypeScript's tables know them: letters
// that Node's newer Unicode has and TypeScript's does not (NEWER) are not identifier
// characters, and neither is any astral character. Such a name is quoted as a key and
// sanitized as a type name, so the file compiles with any TypeScript 5 or later.
// test/generate-speed/identifiers.test.ts checks every BMP character against TypeScript.
const NEWER: readonly (readonly [number, number])[] = [
  [0x088f, 0x088f],
  [0x0897, 0x0897],
  [0x0c5c, 0x0c5c],
  [0x0cdc, 0x0cdc],
  [0x1acf, 0x1aeb],
  [0x1c89, 0x1c8a],
  [0xa7cb, 0xa7cf],
  [0xa7d2, 0xa7d2],
  [0xa7d4, 0xa7d4],
  [0xa7da, 0xa7dc],
  [0xa7f1, 0xa7f1],
];
const ID_START = /^[$_\p{ID_Start}]$/u;
const ID_PART = /^[$_\u200c\u200d\p{ID_Continue}]$/u;
const inTables = (ch: string) => ch.length === 1 && !NEWER.some(([from, to]) => ch.charCodeAt(0) >= from && ch.charCodeAt(0) <= to);
export const isIdentifierStart = (ch: string): boolean => ID_START.test(ch) && inTables(ch);
export const isIdentifierPart = (ch: string): boolean => ID_PART.test(ch) && inTables(ch);

/** Words that cannot name a type alias, and the global types the emitted file relies on. */
const RESERVED = new Set([
  // ECMAScript reserved words and strict-mode/module reserved words.
  "break",
  "case",
  "catch",
  "class",
  "const",
  "continue",
  "debugger",
  "default",
  "delete",
  "do",
  "else",
  "enum",
  "export",
  "extends",
  "false",
  "finally",
  "for",
  "function",
  "if",
  "import",
  "in",
  "instanceof",
  "new",
  "null",
  "return",
  "super",
  "switch",
  "this",
  "throw",
  "true",
  "try",
  "typeof",
  "var",
  "void",
  "while",
  "with",
  "implements",
  "interface",
  "let",
  "package",
  "private",
  "protected",
  "public",
  "static",
  "yield",
  "await",
  "arguments",
  "eval",
  // Predefined type names (TS2457: "Type alias name cannot be ...").
  "any",
  "unknown",
  "never",
  "string",
  "number",
  "boolean",
  "symbol",
  "object",
  "bigint",
  "undefined",
  "intrinsic",
  // Names this emitter declares or uses from the standard library.
  "Operations",
  "RequestBody",
  "ResponseBody",
  "Record",
  "Exclude",
  "Omit",
  // openapi-typescript's names, which openapi-fetch's `createClient<paths>()` expects.
  "paths",
  "components",
  "operations",
  "webhooks",
  "$defs",
]);

/** Whether `name` is an IdentifierName (keywords included: they are fine as property names). */
export function isIdentifier(name: string): boolean {
  let first = true;
  for (const ch of name) {
    if (!(first ? isIdentifierStart(ch) : isIdentifierPart(ch))) return false;
    first = false;
  }
  return !first;
}

/** A valid identifier made from `name`: invalid code points become `_`. */
export function sanitizeIdentifier(name: string): string {
  let out = "";
  for (const ch of name) {
    const ok = out === "" ? isIdentifierStart(ch) : isIdentifierPart(ch);
    if (ok) out += ch;
    else if (out === "" && isIdentifierPart(ch)) out += `_${ch}`;
    else out += "_";
  }
  return out === "" ? "_" : out;
}

/** `create-endpoint` → `CreateEndpoint`: ASCII letters and digits, each word capitalized. */
export function pascalCase(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
  const joined = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

/** Hands out unique, valid, unreserved type names. */
export class NameRegistry {
  private readonly used = new Set<string>();

  /** Names for `names`, assigned in code-point order: unchanged names first, then the rest. */
  assignAll(names: readonly string[]): Map<string, string> {
    const sorted = [...new Set(names)].sort(compareCodePoints);
    const out = new Map<string, string>();
    for (const name of sorted) {
      if (isIdentifier(name) && !RESERVED.has(name) && !this.used.has(name)) {
        this.used.add(name);
        out.set(name, name);
      }
    }
    for (const name of sorted) if (!out.has(name)) out.set(name, this.allocate(name));
    return out;
  }

  /** A fresh name based on `wanted`: `class` → `class_`, a taken `A_b` → `A_b_2`. */
  allocate(wanted: string): string {
    let base = sanitizeIdentifier(wanted);
    if (RESERVED.has(base)) base = `${base}_`;
    let candidate = base;
    for (let suffix = 2; this.used.has(candidate) || RESERVED.has(candidate); suffix++) candidate = `${base}_${suffix}`;
    this.used.add(candidate);
    return candidate;
  }
}

export function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
