// The branches of a union without a discriminator, inlined for Ajv so that its failures can be
// told apart by branch.
//
// Ajv reports every branch's failures when an `anyOf`/`oneOf` fails. A branch that is a `$ref`
// compiles to a call of the referenced schema's own function, whose failures carry schema paths
// relative to that schema (`#/required`): nothing says which branch they came from. Inlined, a
// branch's failures carry `<union>/<i>/…` (`#/oneOf/1/required`), and the runtime reports only
// the branch the value came closest to (engine/problem.ts, chooseBranches). Validators are
// the only readers: types, docs and the exported schemas keep the `$ref`s.

import { SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_SINGLE } from "./normalize-schema.js";
import { componentIn } from "../../schema-model/model.js";

/**
 * Schema nodes inlined per union at most. A union of large trees would multiply the module's
 * size; past the budget its deeper `$ref`s stay calls, and their failures are grouped with the
 * branch whose failures precede them (the order Ajv reports in).
 */
const BUDGET = 2_000;

/** Keywords that give a schema an identity: a copy of it would be a second schema with that identity. */
const IDENTITY = new Set(["$id", "$anchor", "$dynamicAnchor"]);

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** True when the schema, anywhere inside, declares an identity (see IDENTITY). */
function hasIdentity(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasIdentity);
  if (!isNode(schema)) return false;
  for (const [key, value] of Object.entries(schema)) {
    if (IDENTITY.has(key)) return true;
    if ((SCHEMA_SINGLE.has(key) || SCHEMA_LISTS.has(key)) && hasIdentity(value)) return true;
    if (SCHEMA_MAPS.has(key) && isNode(value) && Object.values(value).some(hasIdentity)) return true;
  }
  return false;
}

/** Applies `transform` to each direct subschema of `schema` (a copy; data keywords untouched). */
function mapSubschemas(schema: Node, transform: (sub: unknown) => unknown): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_SINGLE.has(key)) out[key] = transform(value);
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map(transform);
    else if (SCHEMA_MAPS.has(key) && isNode(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, transform(sub)]));
    else out[key] = value;
  }
  return out;
}

/** `$ref`s to components replaced by their content, down the tree, except along a cycle. */
function inlineDeep(schema: unknown, defs: Readonly<Record<string, unknown>>, stack: readonly string[], budget: { left: number }): unknown {
  if (!isNode(schema)) return schema;
  budget.left--;
  const name = componentIn(schema["$ref"], defs);
  if (name !== undefined && !stack.includes(name) && budget.left > 0 && !hasIdentity(defs[name])) {
    const inner = inlineDeep(defs[name], defs, [...stack, name], budget);
    const { $ref: _ref, ...rest } = schema;
    // A bare `$ref` becomes its target; one with siblings keeps them beside it, in an `allOf`.
    if (Object.keys(rest).every((k) => k === "description" || k === "title")) return inner;
    const siblings = mapSubschemas(rest, (sub) => inlineDeep(sub, defs, stack, budget));
    return { ...siblings, allOf: [...(Array.isArray(siblings["allOf"]) ? siblings["allOf"] : []), inner] };
  }
  return mapSubschemas(schema, (sub) => inlineDeep(sub, defs, stack, budget));
}

/**
 * A copy of `schema` in which every `anyOf`/`oneOf` without a `discriminator` has its branches'
 * component `$ref`s inlined (unions with a discriminator: Ajv validates the chosen branch alone).
 * `name` is the component `schema` is, when it is one: a branch never inlines its own union.
 */
export function inlineUnionBranches(schema: unknown, defs: Readonly<Record<string, unknown>>, name?: string): unknown {
  if (!isNode(schema)) return schema;
  const out = mapSubschemas(schema, (sub) => inlineUnionBranches(sub, defs, name));
  if (out["discriminator"] !== undefined) return out;
  for (const key of ["anyOf", "oneOf"]) {
    const branches = out[key];
    if (!Array.isArray(branches) || branches.length < 2) continue;
    const budget = { left: BUDGET };
    const stack = name === undefined ? [] : [name];
    out[key] = branches.map((branch) => inlineDeep(branch, defs, stack, budget));
  }
  return out;
}

/** Every component with its unions' branches inlined (see inlineUnionBranches). */
export function inlineAllUnionBranches(defs: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(defs).map(([name, schema]) => [name, inlineUnionBranches(schema, defs, name)]));
}
