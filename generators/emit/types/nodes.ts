// The type nodes the types emitter builds: the few TypeScript type forms a JSON Schema maps to.
// Names and literal values are escaped when a node is made (string literals as TypeScript's
// printer writes them), so print.ts only lays out text and never sees raw spec text.

import { isIdentifier } from "./names.js";

export type KeywordName = "string" | "number" | "boolean" | "unknown" | "never" | "undefined";

export type TypeNode =
  | { readonly kind: "keyword"; readonly name: KeywordName }
  /** A literal type, already printed: `"a"`, `-1`, `true`, `null`. */
  | { readonly kind: "literal"; readonly text: string }
  | { readonly kind: "reference"; readonly name: string; readonly args: readonly TypeNode[] }
  | { readonly kind: "array"; readonly element: TypeNode }
  | { readonly kind: "tuple"; readonly elements: readonly TupleElement[] }
  | { readonly kind: "union"; readonly types: readonly TypeNode[] }
  | { readonly kind: "intersection"; readonly types: readonly TypeNode[] }
  | { readonly kind: "indexed"; readonly object: TypeNode; readonly index: TypeNode }
  | { readonly kind: "object"; readonly members: readonly Member[] };

export interface TupleElement {
  readonly type: TypeNode;
  /** `T?`: the element may be missing. */
  readonly optional?: boolean;
  /** `...T`: the remaining elements (T is an array type). */
  readonly rest?: boolean;
}

/** A property key, already printed: an identifier, a quoted string or a number. */
export interface PropertyKey {
  readonly text: string;
}

export interface PropertySignature {
  readonly kind: "property";
  readonly key: PropertyKey;
  readonly optional: boolean;
  readonly type: TypeNode;
  /** Doc comment lines (already sanitized), printed as a multi-line `/** … *\/`. */
  readonly doc: readonly string[];
}

export interface IndexSignature {
  readonly kind: "index";
  /** The name of the key parameter: `[key: string]`. */
  readonly parameter: string;
  readonly type: TypeNode;
}

export type Member = PropertySignature | IndexSignature;

export const keyword = (name: KeywordName): TypeNode => ({ kind: "keyword", name });

export const isKeyword = (node: TypeNode, name: KeywordName): boolean => node.kind === "keyword" && node.name === name;

export const typeReference = (name: string, args: readonly TypeNode[] = []): TypeNode => ({ kind: "reference", name, args });

export const arrayType = (element: TypeNode): TypeNode => ({ kind: "array", element });

export const tupleType = (elements: readonly TupleElement[]): TypeNode => ({ kind: "tuple", elements });

export const unionType = (types: readonly TypeNode[]): TypeNode => ({ kind: "union", types });

export const intersectionType = (types: readonly TypeNode[]): TypeNode => ({ kind: "intersection", types });

export const indexedAccess = (object: TypeNode, index: TypeNode): TypeNode => ({ kind: "indexed", object, index });

export const typeLiteral = (members: readonly Member[]): TypeNode => ({ kind: "object", members });

export const stringLiteral = (value: string): TypeNode => ({ kind: "literal", text: quote(value) });

/** A finite number as a literal type; negative numbers print with a leading `-`. */
export const numberLiteral = (value: number): TypeNode => ({ kind: "literal", text: `${value < 0 ? "-" : ""}${String(Math.abs(value))}` });

export const booleanLiteral = (value: boolean): TypeNode => ({ kind: "literal", text: String(value) });

export const nullLiteral = (): TypeNode => ({ kind: "literal", text: "null" });

export function property(key: PropertyKey | string, type: TypeNode, optional = false, doc: readonly string[] = []): PropertySignature {
  return { kind: "property", key: typeof key === "string" ? propertyKey(key) : key, optional, type, doc };
}

export const indexSignature = (parameter: string, type: TypeNode): IndexSignature => ({ kind: "index", parameter, type });

/** Property keys that are quoted even though they are identifiers, to read unambiguously. */
const ALWAYS_QUOTED = new Set(["__proto__", "constructor"]);

/** An identifier key when `name` is one (keywords included), else a quoted string. */
export function propertyKey(name: string): PropertyKey {
  return { text: isIdentifier(name) && !ALWAYS_QUOTED.has(name) ? name : quote(name) };
}

/** A key always in quotes, identifier or not. */
export const quotedKey = (name: string): PropertyKey => ({ text: quote(name) });

/** A key written as a number, for status codes as openapi-typescript writes them (`200`). */
export function numericKey(digits: string): PropertyKey {
  if (!/^[0-9]+$/.test(digits)) throw new Error(`numericKey: ${JSON.stringify(digits)} is not digits`);
  return { text: digits };
}

// A string literal in double quotes, escaped as TypeScript's printer escapes it (escapeString,
// then every non-ASCII UTF-16 unit as \uXXXX), so the output is ASCII and the same as before.
const ESCAPES: Record<string, string> = {
  "\t": "\\t",
  "\v": "\\v",
  "\f": "\\f",
  "\b": "\\b",
  "\r": "\\r",
  "\n": "\\n",
  "\\": "\\\\",
  '"': '\\"',
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
  "\u0085": "\\u0085",
};

const unicodeEscape = (unit: number) => `\\u${unit.toString(16).toUpperCase().padStart(4, "0")}`;

export function quote(value: string): string {
  const escaped = value.replace(/[\\"\u0000-\u001f\u2028\u2029\u0085]/g, (char, offset: number) => {
    if (char === "\0") {
      const next = value.charCodeAt(offset + 1);
      return next >= 0x30 && next <= 0x39 ? "\\x00" : "\\0";
    }
    return ESCAPES[char] ?? unicodeEscape(char.charCodeAt(0));
  });
  return `"${escaped.replace(/[^\u0000-\u007f]/g, (char) => unicodeEscape(char.charCodeAt(0)))}"`;
}
