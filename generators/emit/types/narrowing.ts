// Cross-field rules from the rules file, expressed in the request type where TypeScript can:
//   exactlyOne [/a, /b]            → { a: A; b?: never } | { b: B; a?: never }
//   requires /f when absent /t     → { t: T; f?: F } | { f: F; t?: never }  (present /t: { t: T; f: F } | { t?: never; f?: F })
//   enumWhen /p/q when /t equals V → { t: V; p: <members whose q is allowed> } | { t?: Exclude<T, V>; p: P }
// The narrowed type is Rest & Rule1 & Rule2 …, where Rest is the request object without the
// fields the rules re-declare. Rules whose fields are not top-level properties of an object
// request schema (own or brought by its `allOf` chain), or whose union members do not fix `q`
// to one value, are skipped; a rule skipped only because of its condition's shape is noted in
// the operation's doc comment.

import type { JsonSchema, OperationModel } from "../../../schema-model/model.js";
import type { RuleSpec } from "../../../rules/types.js";
import { canonicalJson, intersection, jsonLiteralType, literalUnion, neverType, nullType, union } from "./literals.js";
import { flattenAllOf } from "./composition.js";
import { compareCodePoints } from "./names.js";
import { type PropertySignature, property, type TypeNode, typeLiteral, typeReference } from "./nodes.js";
import { followRefs, isSchemaObject, type SchemaObject } from "./refs.js";
import { isRequired, propertySchema, schemaToType, type TypeContext } from "./schema-to-type.js";

export interface Narrowing {
  /** The narrowed request type, when at least one rule applied. */
  type?: TypeNode;
  /** Ids of the rules expressed in `type`. */
  applied: string[];
  /** Short notes about rules that fit but could not be expressed. */
  notes: string[];
}

interface Piece {
  type: TypeNode;
  fields: string[];
}

type Outcome = Piece | { note: string } | undefined;

/** The rule kinds narrowRequest expresses; it reads no other rule (see its dispatch below). */
const NARROWING_KINDS: ReadonlySet<string> = new Set(["exactlyOne", "enumWhen", "requires"]);

/** The members of a rule narrowRequest and its helpers read; keep in step with them. */
const NARROWING_KEYS = ["id", "kind", "operations", "fields", "field", "allowed", "when"] as const;

/**
 * The part of the rules the types depend on: the rules narrowRequest expresses, with only the
 * members it reads. The types are emitted from this alone, so an edit elsewhere in the rules
 * file (another kind, a message, a status) leaves them as they are; the pipeline hashes only
 * this for the types' header (docs/generate-speed.md, "What is skipped when").
 */
export function narrowingRules(rules: readonly RuleSpec[]): RuleSpec[] {
  return rules
    .filter((rule) => NARROWING_KINDS.has(rule.kind))
    .map((rule) => Object.fromEntries(NARROWING_KEYS.filter((key) => Object.hasOwn(rule, key)).map((key) => [key, rule[key]])) as RuleSpec);
}

export function narrowRequest(op: OperationModel, rules: readonly RuleSpec[], ctx: TypeContext): Narrowing {
  const result: Narrowing = { applied: [], notes: [] };
  const resolved = op.request === undefined ? undefined : followRefs(op.request.schema, ctx.schemas);
  // Fields are read from the object the request's `allOf` chain amounts to (the published
  // document composes request bodies from ContainerConfig and an inline member).
  const flat = op.request === undefined ? undefined : flattenAllOf(resolved, ctx.schemas);
  const request = isObjectSchema(resolved) && !composes(resolved) ? resolved : flat;
  if (op.request === undefined || !isObjectSchema(request)) return result;
  const pieces: Piece[] = [];
  for (const rule of rules) {
    if (!NARROWING_KINDS.has(rule.kind) || !Array.isArray(rule.operations) || !rule.operations.includes(op.id)) continue;
    const outcome =
      rule.kind === "exactlyOne"
        ? exactlyOne(rule, request, ctx)
        : rule.kind === "enumWhen"
          ? enumWhen(rule, request, ctx)
          : rule.kind === "requires"
            ? requires(rule, request, ctx)
            : undefined;
    if (outcome === undefined) continue;
    if ("note" in outcome) {
      result.notes.push(`Rule \`${rule.id}\` (${rule.kind}): ${outcome.note}`);
      continue;
    }
    pieces.push(outcome);
    result.applied.push(rule.id);
  }
  if (pieces.length === 0) return result;
  const touched = new Set(pieces.flatMap((piece) => piece.fields));
  // An own-properties object is re-declared without the touched fields; a composed one is
  // the request type with them omitted (`Omit` keeps excess-property checks: no index signature).
  const rest =
    request === resolved
      ? schemaToType(request, ctx, { omit: touched })
      : typeReference("Omit", [schemaToType(op.request.schema, ctx), literalUnion([...touched].sort(compareCodePoints))]);
  result.type = intersection([rest, ...pieces.map((piece) => piece.type)]);
  return result;
}

/** Whether a schema takes fields from composition, so its own `properties` are not all of them. */
function composes(schema: SchemaObject): boolean {
  return Array.isArray(schema.allOf) || typeof schema.$ref === "string";
}

function isObjectSchema(schema: JsonSchema | undefined): schema is SchemaObject {
  if (!isSchemaObject(schema) || !isSchemaObject(schema.properties)) return false;
  return schema.type === undefined || schema.type === "object";
}

/** `/name` → `name`; undefined for deeper pointers and `*`. */
function topLevel(pointer: unknown): string | undefined {
  if (typeof pointer !== "string" || !/^\/[^/]*$/.test(pointer)) return undefined;
  const name = pointer.slice(1).replace(/~1/g, "/").replace(/~0/g, "~");
  return name === "*" ? undefined : name;
}

function hasProperty(schema: SchemaObject, name: string): boolean {
  return isSchemaObject(schema.properties) && Object.hasOwn(schema.properties, name);
}

const member = (name: string, type: TypeNode, optional: boolean): PropertySignature => property(name, type, optional);

/** Whether `schema` admits null: the rules runtime treats null as "not set". */
function admitsNull(schema: JsonSchema, ctx: TypeContext, depth = 0): boolean {
  const resolved = followRefs(schema, ctx.schemas);
  if (resolved === undefined || resolved === true) return true;
  if (resolved === false || depth > 16) return false;
  if (Object.hasOwn(resolved, "const")) return resolved.const === null;
  if (Array.isArray(resolved.enum)) return resolved.enum.includes(null);
  const type = resolved.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  if (type !== undefined) return false;
  const members = [...(Array.isArray(resolved.oneOf) ? resolved.oneOf : []), ...(Array.isArray(resolved.anyOf) ? resolved.anyOf : [])];
  return members.some((alternative) => (typeof alternative === "boolean" || isSchemaObject(alternative)) && admitsNull(alternative, ctx, depth + 1));
}

function exactlyOne(rule: RuleSpec, request: SchemaObject, ctx: TypeContext): Outcome {
  if (!Array.isArray(rule.fields)) return undefined;
  const names = rule.fields.map(topLevel);
  if (names.length === 0) return undefined;
  if (names.some((field) => field === undefined)) return { note: "only top-level fields are narrowed; checked at run time" };
  const missing = (names as string[]).filter((field) => !hasProperty(request, field));
  if (missing.length > 0) return { note: `${missing.map((field) => `\`${field}\``).join(", ")} not a property of the request schema; checked at run time` };
  const fields = [...new Set(names as string[])];
  // Null counts as "not set" for the rules runtime, so an unset field may be null when its
  // schema allows it; the field that is set must not be null.
  const branches = fields.map((chosen) => {
    const others = fields.filter((field) => field !== chosen);
    const chosenSchema = propertySchema(request, chosen);
    let chosenType = schemaToType(chosenSchema, ctx);
    if (admitsNull(chosenSchema, ctx)) chosenType = excludeType(chosenType, [nullType()]);
    const unset = others.map((field) => member(field, admitsNull(propertySchema(request, field), ctx) ? nullType() : neverType(), true));
    return typeLiteral([member(chosen, chosenType, false), ...unset]);
  });
  return { type: union(branches), fields };
}

function excludeType(type: TypeNode, excluded: TypeNode[]): TypeNode {
  return typeReference("Exclude", [type, union(excluded)]);
}

/** The single value a member schema fixes for `key`, via `const` or a one-element `enum`. */
function fixedValue(memberSchema: JsonSchema, key: string, ctx: TypeContext): { value: unknown } | undefined {
  const resolved = followRefs(memberSchema, ctx.schemas);
  if (!isSchemaObject(resolved) || !hasProperty(resolved, key)) return undefined;
  const prop = followRefs(propertySchema(resolved, key), ctx.schemas);
  if (!isSchemaObject(prop)) return undefined;
  if (Object.hasOwn(prop, "const")) return { value: prop.const };
  if (Array.isArray(prop.enum) && prop.enum.length === 1) return { value: prop.enum[0] };
  return undefined;
}

/** Keywords a union-valued property may carry besides its `oneOf`/`anyOf`. */
const UNION_ANNOTATIONS = new Set(["oneOf", "anyOf", "discriminator", "description", "title", "default", "deprecated", "examples", "$comment", "type"]);

function enumWhen(rule: RuleSpec, request: SchemaObject, ctx: TypeContext): Outcome {
  if (typeof rule.field !== "string" || !Array.isArray(rule.allowed)) return undefined;
  const segments = /^\/([^/]*)\/([^/]*)$/.exec(rule.field);
  if (segments === null) return undefined;
  const [unionField, tagField] = [segments[1], segments[2]].map((segment) => (segment ?? "").replace(/~1/g, "/").replace(/~0/g, "~")) as [string, string];
  if (unionField === "*" || tagField === "*" || !hasProperty(request, unionField)) return undefined;
  const pSchema = propertySchema(request, unionField);
  const union_ = followRefs(pSchema, ctx.schemas);
  if (!isSchemaObject(union_) || Object.keys(union_).some((k) => !UNION_ANNOTATIONS.has(k))) return undefined;
  if (union_.type !== undefined && union_.type !== "object") return undefined;
  const members = union_.oneOf ?? union_.anyOf;
  if (!Array.isArray(members) || members.length === 0) return undefined;
  const allowed = new Set(rule.allowed.map(canonicalJson));
  const allowedTypes: TypeNode[] = [];
  for (const alternative of members) {
    if (typeof alternative !== "boolean" && !isSchemaObject(alternative)) return undefined;
    const fixed = fixedValue(alternative, tagField, ctx);
    if (fixed === undefined) return undefined;
    if (allowed.has(canonicalJson(fixed.value))) allowedTypes.push(schemaToType(alternative, ctx));
  }
  if (admitsNull(pSchema, ctx)) allowedTypes.push(nullType());
  const pOptional = !isRequired(request, unionField);
  const narrowed = member(unionField, union(allowedTypes), pOptional);
  const when = rule.when;
  if (when === undefined) return { type: typeLiteral([narrowed]), fields: [unionField] };
  const condition = isSchemaObject(when) ? simpleCondition(when) : undefined;
  if (condition === undefined) return { note: "only `equals`/`in` conditions on a top-level field are narrowed; checked at run time" };
  const t = condition.field;
  if (t === unionField) return undefined;
  // On a PATCH the condition often reads a field the body cannot carry (the rules see the merged resource).
  if (!hasProperty(request, t)) return { note: `condition field \`${t}\` is not a property of the request schema; checked at run time` };
  const tType = schemaToType(propertySchema(request, t), ctx);
  const values = condition.values.map(jsonLiteralType);
  const holds = typeLiteral([member(t, literalUnion(condition.values), false), narrowed]);
  const otherwise = typeLiteral([member(t, excludeType(tType, values), !isRequired(request, t)), member(unionField, schemaToType(pSchema, ctx), pOptional)]);
  return { type: union([holds, otherwise]), fields: [t, unionField] };
}

function simpleCondition(when: SchemaObject): { field: string; values: unknown[] } | undefined {
  const field = topLevel(when.path);
  if (field === undefined) return undefined;
  if (Object.hasOwn(when, "equals")) return { field, values: [when.equals] };
  if (Array.isArray(when.in) && when.in.length > 0) return { field, values: when.in };
  return undefined;
}

/** `requires` with a `present`/`absent` condition on a top-level field; null counts as unset. */
function requires(rule: RuleSpec, request: SchemaObject, ctx: TypeContext): Outcome {
  const f_ = topLevel(rule.field);
  const when = isSchemaObject(rule.when) ? rule.when : undefined;
  const pointer = when === undefined ? undefined : Object.hasOwn(when, "absent") ? when.absent : Object.hasOwn(when, "present") ? when.present : undefined;
  const t = topLevel(pointer);
  if (f_ === undefined || t === undefined || when === undefined || f_ === t)
    return { note: "only `present`/`absent` conditions on top-level fields are narrowed; checked at run time" };
  if (!hasProperty(request, f_) || !hasProperty(request, t)) return undefined;
  const set = (name: string) => {
    const schema = propertySchema(request, name);
    const type = schemaToType(schema, ctx);
    return member(name, admitsNull(schema, ctx) ? excludeType(type, [nullType()]) : type, false);
  };
  const unset = (name: string) =>
    isRequired(request, name) ? undefined : member(name, admitsNull(propertySchema(request, name), ctx) ? nullType() : neverType(), true);
  const any = (name: string) => member(name, schemaToType(propertySchema(request, name), ctx), !isRequired(request, name));
  const branches: (PropertySignature | undefined)[][] = Object.hasOwn(when, "absent")
    ? [
        [set(t), any(f_)],
        [set(f_), unset(t)],
      ]
    : [
        [set(t), set(f_)],
        [unset(t), any(f_)],
      ];
  const possible = branches.filter((b) => b.every((signature) => signature !== undefined)) as PropertySignature[][];
  return { type: union(possible.map((b) => typeLiteral(b))), fields: [t, f_] };
}
