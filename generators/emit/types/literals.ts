// JSON values (enum members, consts, rule values) as literal types.

import {
  booleanLiteral,
  intersectionType,
  keyword,
  nullLiteral,
  numberLiteral,
  property,
  stringLiteral,
  tupleType,
  type TypeNode,
  typeLiteral,
  unionType,
} from "./nodes.js";

export { keyword };

export const unknownType = (): TypeNode => keyword("unknown");
export const neverType = (): TypeNode => keyword("never");
export const nullType = (): TypeNode => nullLiteral();

/** The literal type of a JSON value; objects and arrays become object and tuple types. */
export function jsonLiteralType(value: unknown): TypeNode {
  if (value === null) return nullType();
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "boolean") return booleanLiteral(value);
  if (typeof value === "number") return Number.isFinite(value) ? numberLiteral(value) : keyword("number");
  if (Array.isArray(value)) return tupleType(value.map((item) => ({ type: jsonLiteralType(item) })));
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return typeLiteral(keys.map((k) => property(k, jsonLiteralType(record[k]))));
  }
  return unknownType();
}

/** Union of the literal types of `values`, duplicates removed (first occurrence kept). */
export function literalUnion(values: readonly unknown[]): TypeNode {
  const seen = new Set<string>();
  const unique = values.filter((value) => {
    const key = canonicalJson(value);
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

export function union(types: readonly TypeNode[]): TypeNode {
  if (types.length === 0) return neverType();
  if (types.length === 1) return types[0] as TypeNode;
  return unionType(types);
}

export function intersection(types: readonly TypeNode[]): TypeNode {
  if (types.length === 0) return unknownType();
  if (types.length === 1) return types[0] as TypeNode;
  return intersectionType(types);
}
