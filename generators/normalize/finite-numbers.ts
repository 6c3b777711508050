// Whether a request body that passes its generated validator can only hold finite numbers. JSON
// text can spell a number past the float range (`1e999`), which JSON.parse reads as Infinity;
// lint refuses it (400 `json/number`) after a scan of the text (lint/number-overflow.ts). The
// validators give every `number` and `integer` a finite range (validators.ts, boundIntegers), so
// when the schema leaves no place for a value of any type (an open object, an array without
// `items`, a schema of `true`), a body it accepts holds no Infinity, and lint scans the text only
// when the verdict is a rejection (docs/engine.md, "The valid path").
//
// Conservative: a keyword this walk does not understand is taken as restricting nothing, and a
// position it cannot prove closed makes the answer false.

import { componentOf, type JsonSchema } from "../../schema-model/model.js";

type Schema = Record<string, unknown>;

/**
 * The walk's state over one model's schemas: the named schemas being walked (a reference back to
 * one adds no number of its own), and the answers known for good: every `false`, and a `true`
 * that did not lean on a schema still being walked.
 */
interface Walk {
  defs: Record<string, JsonSchema>;
  visiting: Set<string>;
  known: Map<string, boolean>;
  /** How many times a reference back to a schema being walked was taken as bounded. */
  assumed: number;
}

/** A walk for one model: reuse it across its operations. */
export function finiteWalk(defs: Record<string, JsonSchema>): Walk {
  return { defs, visiting: new Set(), known: new Map(), assumed: 0 };
}

/** True when every number a value valid against `schema` can hold is finite. */
export function finiteWhenValid(schema: JsonSchema | undefined, walk: Walk): boolean {
  return schema !== undefined && bounded(schema, walk);
}

function bounded(schema: unknown, walk: Walk): boolean {
  if (schema === false) return true;
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return false; // `true`, or not a schema
  const node = schema as Schema;
  const sub = (x: unknown) => bounded(x, walk);
  // One conjunct that proves it is enough: a valid value satisfies them all.
  if (Array.isArray(node["enum"]) || "const" in node) return true; // JSON constants
  if (typeof node["$ref"] === "string" && viaRef(node["$ref"], walk)) return true;
  if (Array.isArray(node["allOf"]) && node["allOf"].some(sub)) return true;
  for (const key of ["anyOf", "oneOf"]) {
    const branches = node[key];
    if (Array.isArray(branches) && branches.length > 0 && branches.every(sub)) return true;
  }
  // Else the schema's own keywords, for every JSON type it admits.
  const declared = node["type"];
  const types = new Set(
    typeof declared === "string" ? [declared] : Array.isArray(declared) ? declared : ["null", "boolean", "string", "number", "integer", "object", "array"],
  );
  const plain = !["$ref", "allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas"].some((key) => key in node);
  // A `number` or `integer` is bounded by the generated validators themselves (validators.ts,
  // boundIntegers: a finite range for every one), so only what may hold anything is left.
  if (types.has("object")) {
    for (const key of ["properties", "patternProperties"]) {
      const map = node[key];
      if (map !== undefined && (map === null || typeof map !== "object" || !Object.values(map).every(sub))) return false;
    }
    const additional = node["additionalProperties"];
    const closed = additional === false || (additional === undefined && plain && node["unevaluatedProperties"] === false);
    if (!closed && (additional === undefined || !sub(additional))) return false;
  }
  if (types.has("array")) {
    const prefix = node["prefixItems"];
    if (prefix !== undefined && (!Array.isArray(prefix) || !prefix.every(sub))) return false;
    const items = node["items"];
    const closed = items === false || (items === undefined && plain && node["unevaluatedItems"] === false);
    if (!closed && (items === undefined || !sub(items))) return false;
  }
  return true;
}

/** A reference into the model's schemas, proven bounded. */
function viaRef(ref: string, walk: Walk): boolean {
  const name = componentOf(ref);
  if (name === undefined || !Object.hasOwn(walk.defs, name)) return false;
  const known = walk.known.get(name);
  if (known !== undefined) return known;
  if (walk.visiting.has(name)) {
    walk.assumed++;
    return true;
  }
  const before = walk.assumed;
  walk.visiting.add(name);
  let answer: boolean;
  try {
    answer = bounded(walk.defs[name], walk);
  } finally {
    walk.visiting.delete(name);
  }
  // A `true` that leaned on a schema still being walked holds only if that one turns out bounded.
  if (!answer || walk.assumed === before) walk.known.set(name, answer);
  return answer;
}
