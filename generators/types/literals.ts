// JSON values (enum members, consts, rule values) as literal types.

import { ts } from "ts-morph";
import { propertyKey } from "./names.js";

const f = ts.factory;

export function keyword(kind: ts.KeywordTypeSyntaxKind): ts.KeywordTypeNode {
  return f.createKeywordTypeNode(kind);
}

export const unknownType = (): ts.TypeNode => keyword(ts.SyntaxKind.UnknownKeyword);
export const neverType = (): ts.TypeNode => keyword(ts.SyntaxKind.NeverKeyword);
export const nullType = (): ts.TypeNode => f.createLiteralTypeNode(f.createNull());

/** The literal type of a JSON value; objects and arrays become object and tuple types. */
export function jsonLiteralType(value: unknown): ts.TypeNode {
  if (value === null) return nullType();
  if (typeof value === "string") return f.createLiteralTypeNode(f.createStringLiteral(value));
  if (typeof value === "boolean") return f.createLiteralTypeNode(value ? f.createTrue() : f.createFalse());
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return keyword(ts.SyntaxKind.NumberKeyword);
    const digits = f.createNumericLiteral(String(Math.abs(value)));
    return f.createLiteralTypeNode(value < 0 ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, digits) : digits);
  }
  if (Array.isArray(value)) return f.createTupleTypeNode(value.map(jsonLiteralType));
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return f.createTypeLiteralNode(keys.map((k) => f.createPropertySignature(undefined, propertyKey(k), undefined, jsonLiteralType(record[k]))));
  }
  return unknownType();
}

/** Union of the literal types of `values`, duplicates removed (first occurrence kept). */
export function literalUnion(values: readonly unknown[]): ts.TypeNode {
  const seen = new Set<string>();
  const unique = values.filter((v) => {
    const key = canonicalJson(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return union(unique.map(jsonLiteralType));
}

/** JSON text with object keys sorted, for comparing values regardless of key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function union(types: readonly ts.TypeNode[]): ts.TypeNode {
  if (types.length === 0) return neverType();
  if (types.length === 1) return types[0] as ts.TypeNode;
  return f.createUnionTypeNode(types);
}

export function intersection(types: readonly ts.TypeNode[]): ts.TypeNode {
  if (types.length === 0) return unknownType();
  if (types.length === 1) return types[0] as ts.TypeNode;
  return f.createIntersectionTypeNode(types);
}
