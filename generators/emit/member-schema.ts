// The schema of a member's value, from a schema of the object holding it: what X must satisfy so
// that `{member: X}` satisfies `schema`. `v2kit schema` uses it for a GraphQL body that is the
// bare argument (`{...}` for `{"input": {...}}`, lint/graphql/lint-graphql.ts): lint checks it
// wrapped, so the schema of the arguments object, rules included, is moved down one member.
// Each keyword is evaluated on an object whose only member is `member`; a keyword whose meaning
// cannot be so moved (unevaluatedProperties, propertyNames, a reference that cycles back to the
// object) makes the answer undefined, never an inexact schema.

export type Schema = Record<string, unknown> | boolean;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Keywords that say nothing about validity. */
const ANNOTATIONS = new Set(["$schema", "$id", "$comment", "$defs", "title", "description", "examples", "default", "deprecated", "readOnly", "writeOnly"]);
/** Keywords that constrain arrays, strings or numbers only: an object passes them. */
const OTHER_TYPES = new Set([
  "items",
  "prefixItems",
  "contains",
  "minContains",
  "maxContains",
  "minItems",
  "maxItems",
  "uniqueItems",
  "unevaluatedItems",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
]);

/** All of `parts` (undefined when one is). */
function all(parts: (Schema | undefined)[]): Schema | undefined {
  if (parts.some((part) => part === undefined)) return undefined;
  if (parts.includes(false)) return false;
  const rest = parts.filter((part): part is Record<string, unknown> => part !== true);
  return rest.length === 0 ? true : rest.length === 1 ? (rest[0] as Schema) : { allOf: rest };
}

function any(parts: (Schema | undefined)[]): Schema | undefined {
  if (parts.some((part) => part === undefined)) return undefined;
  if (parts.includes(true)) return true;
  const rest = parts.filter((part): part is Record<string, unknown> => part !== false);
  return rest.length === 0 ? false : rest.length === 1 ? (rest[0] as Schema) : { anyOf: rest };
}

/** The component a local reference (`#/$defs/Name`) names. */
function target(ref: string, defs: Record<string, unknown>): unknown {
  if (!ref.startsWith("#/$defs/")) return undefined;
  const name = decodeURIComponent(ref.slice("#/$defs/".length)).replace(/~1/g, "/").replace(/~0/g, "~");
  return name.includes("/") || !Object.hasOwn(defs, name) ? undefined : defs[name];
}

/**
 * What X must satisfy for `{[member]: X}` to satisfy `schema` (local references resolved in
 * `defs`): a schema, true (anything), false (nothing), or undefined when that cannot be said.
 */
export function memberSchema(schema: unknown, member: string, defs: Record<string, unknown>, seen: ReadonlySet<string> = new Set()): Schema | undefined {
  if (typeof schema === "boolean") return schema;
  if (!isRecord(schema)) return undefined;
  const properties = isRecord(schema["properties"]) ? schema["properties"] : {};
  const patterns = isRecord(schema["patternProperties"]) ? schema["patternProperties"] : {};
  let matching: string[];
  try {
    matching = Object.keys(patterns).filter((pattern) => new RegExp(pattern, "u").test(member));
  } catch {
    return undefined;
  }
  const down = (subschema: unknown) => memberSchema(subschema, member, defs, seen);
  const parts: (Schema | undefined)[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || OTHER_TYPES.has(key) || key === "then" || key === "else") continue;
    switch (key) {
      case "type": {
        const types = Array.isArray(value) ? value : [value];
        parts.push(types.includes("object"));
        break;
      }
      case "required":
        parts.push(Array.isArray(value) && value.every((name) => name === member));
        break;
      case "properties":
        // The member's own schema applies to X as it is.
        parts.push(Object.hasOwn(properties, member) ? (properties[member] as Schema) : true);
        break;
      case "patternProperties":
        parts.push(all(matching.map((pattern) => patterns[pattern] as Schema)));
        break;
      case "additionalProperties":
        parts.push(Object.hasOwn(properties, member) || matching.length > 0 ? true : (value as Schema));
        break;
      case "minProperties":
        parts.push(typeof value === "number" && value <= 1);
        break;
      case "maxProperties":
        parts.push(typeof value === "number" && value >= 1);
        break;
      case "dependentRequired":
        parts.push(isRecord(value) && Array.isArray(value[member]) ? value[member].every((name) => name === member) : true);
        break;
      case "dependentSchemas":
        parts.push(isRecord(value) && Object.hasOwn(value, member) ? down(value[member]) : true);
        break;
      case "const":
        parts.push(isRecord(value) && Object.keys(value).length === 1 && Object.hasOwn(value, member) ? { const: value[member] } : false);
        break;
      case "enum": {
        const options = Array.isArray(value)
          ? value.filter((option) => isRecord(option) && Object.keys(option).length === 1 && Object.hasOwn(option, member))
          : [];
        parts.push(options.length === 0 ? false : { enum: options.map((option) => (option as Record<string, unknown>)[member]) });
        break;
      }
      case "allOf":
        parts.push(Array.isArray(value) ? all(value.map(down)) : undefined);
        break;
      case "anyOf":
        parts.push(Array.isArray(value) ? any(value.map(down)) : undefined);
        break;
      case "oneOf": {
        const each = Array.isArray(value) ? value.map(down) : [undefined];
        if (each.some((result) => result === undefined)) parts.push(undefined);
        else if (each.every((result) => typeof result === "boolean")) parts.push(each.filter((result) => result === true).length === 1);
        else parts.push({ oneOf: each as Schema[] });
        break;
      }
      case "not": {
        const inner = down(value);
        parts.push(inner === undefined ? undefined : typeof inner === "boolean" ? !inner : { not: inner });
        break;
      }
      case "if": {
        const condition = down(value);
        const then = Object.hasOwn(schema, "then") ? down(schema["then"]) : true;
        const otherwise = Object.hasOwn(schema, "else") ? down(schema["else"]) : true;
        if (condition === undefined || then === undefined || otherwise === undefined) parts.push(undefined);
        else if (typeof condition === "boolean") parts.push(condition ? then : otherwise);
        else parts.push({ if: condition, then, else: otherwise });
        break;
      }
      case "$ref": {
        const resolved = typeof value === "string" && !seen.has(value) ? target(value, defs) : undefined;
        parts.push(resolved === undefined ? undefined : memberSchema(resolved, member, defs, new Set([...seen, value as string])));
        break;
      }
      default:
        parts.push(undefined); // unevaluatedProperties, propertyNames, $dynamicRef, …
    }
  }
  return all(parts);
}
