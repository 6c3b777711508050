// `v2kit schema` output that Ajv compiles with `strict: true` (and with its defaults, silently):
// the last step of the export. Strict mode refuses a keyword of one type (`properties`, `items`,
// `minLength` …) in a subschema that says no `type` (strictTypes), and a `required` member the
// subschema does not define (strictRequired). Each rewrite leaves the set of accepted documents
// as it was (test/generators/emit/export-strict.property.test.ts holds both against each other):
//   - `type` is added only as the types the subschema's value can have where its verdict counts:
//     those it accepts itself, and those each ancestor (same value, or the value holding it)
//     accepts there (instance-types.ts). Where an ancestor rejects a value whatever the
//     subschema says, a change of the subschema's verdict on that value changes nothing.
//   - a keyword of a type the value cannot have there asserts nothing: left out.
//   - `required: ["k"]` gets `properties: {"k": true}` (no constraint) where that adds no
//     annotation an `unevaluatedProperties` could tell, and no `additionalProperties` is beside it.
// Where none applies, the subschema is left as it was (and the tests say so).

import { ALL_TYPES, declaredTypes, InstanceTypes, intersect, type JsonType, type Step, type TypeSet } from "./instance-types.js";

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === "object" && !Array.isArray(value);

/** Ajv 2020's keywords that apply to values of some types only (their `type` in ajv/lib/vocabularies). */
const KEYWORD_TYPES: ReadonlyMap<string, readonly JsonType[]> = new Map<string, readonly JsonType[]>([
  ...["properties", "patternProperties", "additionalProperties", "propertyNames", "required", "minProperties", "maxProperties"].map(
    (keyword) => [keyword, ["object"]] as const,
  ),
  ...["dependentRequired", "dependentSchemas", "dependencies", "unevaluatedProperties"].map((keyword) => [keyword, ["object"]] as const),
  ...["items", "prefixItems", "additionalItems", "contains", "minContains", "maxContains", "minItems", "maxItems", "uniqueItems", "unevaluatedItems"].map(
    (keyword) => [keyword, ["array"]] as const,
  ),
  ...["minLength", "maxLength", "pattern"].map((keyword) => [keyword, ["string"]] as const),
  ...["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"].map((keyword) => [keyword, ["number"]] as const),
  ["format", ["number", "string"]],
]);

/** Subschemas applied to the same value as their parent (a `type` there narrows them). */
const SAME_VALUE_SINGLE = ["not", "if", "then", "else"];
const SAME_VALUE_LISTS = ["allOf", "anyOf", "oneOf"];
const MEMBER_VALUE_SINGLE = ["additionalProperties", "propertyNames", "unevaluatedProperties"];
const ITEM_VALUE_SINGLE = ["items", "contains", "unevaluatedItems"];

/** A subschema whose verdict contains this one's, and the path from its value to this one's. */
interface Anchor {
  schema: unknown;
  path: Step[];
}

interface Place {
  /**
   * Every ancestor (the document's root, or the component, first), each with the path from its
   * value to this value: where an ancestor rejects a value whatever this subschema says, this
   * subschema's verdict does not count, so it may be narrowed to the types the ancestor allows.
   * Past `additionalProperties` or `patternProperties` (a member not known by name), none.
   */
  anchors: Anchor[];
  /** The types a same-value ancestor's `type` allows (Ajv's context); null: none said. */
  context: TypeSet | null;
  /** The subschemas whose `unevaluatedProperties` see this one's annotations: itself, same-value ancestors, referrers. */
  holders: Node[];
}

/** `type` as strict Ajv takes it: one type, or one and "null" (no union types without allowUnionTypes). */
function typeKeyword(types: TypeSet): string | string[] | undefined {
  const list = [...types].filter((type) => type !== "null");
  if (list.length !== 1) return undefined;
  return types.has("null") ? [list[0] as string, "null"] : (list[0] as string);
}

const applies = (keyword: string, types: TypeSet | null) => (KEYWORD_TYPES.get(keyword) ?? []).some((type) => types?.has(type) === true);

/** `object` with `key: value` placed before the first of `before` it has (at the end when none). */
function placed(object: Node, key: string, value: unknown, before: (existing: string) => boolean): Node {
  const out: Node = {};
  let done = false;
  for (const [existing, existingValue] of Object.entries(object)) {
    if (!done && before(existing)) {
      out[key] = value;
      done = true;
    }
    out[existing] = existingValue;
  }
  if (!done) out[key] = value;
  return out;
}

/** Whether every `$ref` in `value` is `#/$defs/NAME` (the export's only kind). */
function refsToDefsOnly(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(refsToDefsOnly);
  if (!isNode(value)) return true;
  return Object.entries(value).every(([key, sub]) => (key === "$ref" && typeof sub === "string" ? /^#\/\$defs\/[^/]+$/.test(sub) : refsToDefsOnly(sub)));
}

const defName = (ref: unknown): string | undefined =>
  typeof ref === "string" && /^#\/\$defs\/[^/]+$/.test(ref) ? ref.slice("#/$defs/".length).replaceAll("~1", "/").replaceAll("~0", "~") : undefined;

/**
 * For each component, the subschemas holding an `unevaluatedProperties` that see its annotations:
 * those that reach it by `$ref` through same-value applicators (`not` passes none on), and
 * onwards. Found over every object of the document, examples too (a superset: only more caution).
 */
function unevaluatedSeeing(document: Node): Map<string, Node[]> {
  const defs = isNode(document["$defs"]) ? document["$defs"] : {};
  const seeing = new Map<string, Node[]>();
  const reach = (schema: unknown, holder: Node, visited: Set<string>): void => {
    if (!isNode(schema)) return;
    const name = defName(schema["$ref"]);
    if (name !== undefined && !visited.has(name)) {
      visited.add(name);
      seeing.set(name, [...(seeing.get(name) ?? []), holder]);
      reach(defs[name], holder, visited);
    }
    for (const keyword of ["if", "then", "else"]) reach(schema[keyword], holder, visited);
    for (const keyword of SAME_VALUE_LISTS) if (Array.isArray(schema[keyword])) for (const sub of schema[keyword]) reach(sub, holder, visited);
    if (isNode(schema["dependentSchemas"])) for (const sub of Object.values(schema["dependentSchemas"])) reach(sub, holder, visited);
  };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (isNode(value)) {
      if (value["unevaluatedProperties"] !== undefined) reach(value, value, new Set());
      for (const sub of Object.values(value)) visit(sub);
    }
  };
  visit(document);
  return seeing;
}

class StrictRewrite {
  private readonly types: InstanceTypes;
  /** Every `$ref` names a component: no subschema of the root tree is reached from elsewhere. */
  private readonly refsToDefsOnly: boolean;

  constructor(private readonly document: Node) {
    this.types = new InstanceTypes(document);
    this.refsToDefsOnly = refsToDefsOnly(document);
  }

  run(): Node {
    const root = this.rewrite(this.document, { anchors: [], context: null, holders: [] }) as Node;
    const defs = this.document["$defs"];
    if (!isNode(defs)) return root;
    const seeing = unevaluatedSeeing(this.document);
    return {
      ...root,
      $defs: Object.fromEntries(
        Object.entries(defs).map(([name, def]) => [name, this.rewrite(def, { anchors: [], context: null, holders: seeing.get(name) ?? [] })]),
      ),
    };
  }

  private rewrite(schema: unknown, place: Place): unknown {
    if (!isNode(schema)) return schema;
    let out: Node = { ...schema };
    let context = schema["type"] !== undefined ? (declaredTypes(schema["type"]) ?? null) : place.context;
    const unmet = Object.keys(schema).filter((keyword) => KEYWORD_TYPES.has(keyword) && !applies(keyword, context));
    if (schema["type"] === undefined && unmet.length > 0) {
      let possible = intersect(this.types.at(schema, []), place.context ?? ALL_TYPES);
      for (const anchor of place.anchors) possible = intersect(possible, this.types.at(anchor.schema, anchor.path));
      // A keyword of a type the value cannot have here asserts nothing (and annotates nothing).
      for (const keyword of Object.keys(schema)) if (KEYWORD_TYPES.has(keyword) && !applies(keyword, possible)) delete out[keyword];
      const type = typeKeyword(possible);
      if (Object.keys(out).some((keyword) => KEYWORD_TYPES.has(keyword)) && type !== undefined) {
        out = placed(out, "type", type, (keyword) => KEYWORD_TYPES.has(keyword));
        context = possible;
      }
    }
    const holders = out["unevaluatedProperties"] !== undefined ? [...place.holders, schema] : place.holders;
    out = this.defineRequired(out, holders);
    const anchors = [...place.anchors, { schema, path: [] }];
    const same: Place = { anchors, context, holders };
    const below = (step: Step | null): Place => ({
      anchors: step === null ? [] : anchors.map((anchor) => ({ schema: anchor.schema, path: [...anchor.path, step] })),
      context: null,
      holders: [],
    });
    for (const [keyword, value] of Object.entries(out)) {
      // `not` passes no annotation on (JSON Schema 2020-12 §10.2.1.4; Ajv's not.ts merges none).
      if (keyword === "not") out[keyword] = this.rewrite(value, { ...same, holders: [] });
      else if (SAME_VALUE_SINGLE.includes(keyword)) out[keyword] = this.rewrite(value, same);
      else if (SAME_VALUE_LISTS.includes(keyword) && Array.isArray(value)) out[keyword] = value.map((sub) => this.rewrite(sub, same));
      else if (keyword === "dependentSchemas" && isNode(value)) out[keyword] = this.mapValues(value, () => same);
      else if (keyword === "properties" && isNode(value)) out[keyword] = this.mapValues(value, (member) => below({ member }));
      else if (keyword === "patternProperties" && isNode(value)) out[keyword] = this.mapValues(value, () => below(null));
      else if (MEMBER_VALUE_SINGLE.includes(keyword)) out[keyword] = this.rewrite(value, below(null));
      else if (ITEM_VALUE_SINGLE.includes(keyword)) out[keyword] = this.rewrite(value, below("item"));
      else if (keyword === "prefixItems" && Array.isArray(value)) out[keyword] = value.map((sub) => this.rewrite(sub, below("item")));
    }
    return out;
  }

  /**
   * strictRequired: each `required` member defined here, as `true`. The annotation that adds is
   * one no `unevaluatedProperties` can tell from before: none sees it, or each that does already
   * evaluates that member whenever it is valid.
   */
  private defineRequired(schema: Node, holders: readonly Node[]): Node {
    const required = schema["required"];
    // Beside `additionalProperties`, a member named in `properties` would escape it.
    if (!Array.isArray(required) || !this.refsToDefsOnly || schema["additionalProperties"] !== undefined) return schema;
    const properties = isNode(schema["properties"]) ? schema["properties"] : {};
    const missing = required.filter((name): name is string => typeof name === "string" && !Object.hasOwn(properties, name));
    if (missing.length === 0) return schema;
    if (!missing.every((name) => holders.every((holder) => this.alwaysEvaluates(holder, name, new Set())))) return schema;
    const defined = { ...properties, ...Object.fromEntries(missing.map((name) => [name, true])) };
    if (isNode(schema["properties"])) return { ...schema, properties: defined };
    let seenRequired = false;
    return placed(schema, "properties", defined, (keyword) => {
      const after = seenRequired;
      if (keyword === "required") seenRequired = true;
      return after;
    });
  }

  /** Whether `schema`, wherever it is valid, marks member `name` (when present) evaluated: its own `properties`, `patternProperties`, `additionalProperties`, or those of an `allOf` member or `$ref` target. */
  private alwaysEvaluates(schema: unknown, name: string, visited: Set<string>): boolean {
    if (!isNode(schema)) return false;
    if (isNode(schema["properties"]) && Object.hasOwn(schema["properties"], name)) return true;
    if (schema["additionalProperties"] !== undefined) return true;
    const patterns = isNode(schema["patternProperties"]) ? Object.keys(schema["patternProperties"]) : [];
    for (const pattern of patterns) {
      try {
        if (new RegExp(pattern, "u").test(name)) return true;
      } catch {
        // Not known to match: no claim.
      }
    }
    if (Array.isArray(schema["allOf"]) && schema["allOf"].some((member) => this.alwaysEvaluates(member, name, visited))) return true;
    const target = defName(schema["$ref"]);
    const defs = this.document["$defs"];
    if (target === undefined || visited.has(target) || !isNode(defs)) return false;
    visited.add(target);
    return this.alwaysEvaluates(defs[target], name, visited);
  }

  private mapValues(map: Node, placeOf: (name: string) => Place): Node {
    return Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, this.rewrite(sub, placeOf(name))]));
  }
}

/** `schema` (an exported document with its `$defs`) rewritten for Ajv's strict mode, accepting the same documents. */
export const strictForAjv = (schema: Record<string, unknown>): Record<string, unknown> => new StrictRewrite(schema).run();
