// Which JSON types a value can have where a schema accepts it: the over-approximation that lets
// `v2kit schema` state an implied `type` (generators/emit/export-strict.ts). Sound, not exact:
// each answer contains every type the schema can accept there, and maybe more. Only `type`,
// `const`, `enum`, `false` and the positive applicators (allOf, anyOf, oneOf, then/else, $ref,
// properties, items) narrow it; `not`, `if` and the rest are ignored, which only widens it.

/** A JSON Schema type, `integer` counted as `number`. */
export type JsonType = "null" | "boolean" | "object" | "array" | "number" | "string";
export type TypeSet = ReadonlySet<JsonType>;

export const ALL_TYPES: TypeSet = new Set<JsonType>(["null", "boolean", "object", "array", "number", "string"]);
const NONE: TypeSet = new Set<JsonType>();

/** A step from a value to a value inside it: a member name, or any item of an array. */
export type Step = { member: string } | "item";

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === "object" && !Array.isArray(value);

export function typeOfValue(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const kind = typeof value;
  return kind === "boolean" || kind === "number" || kind === "string" ? kind : "object";
}

/** The types a `type` keyword allows (`integer` as `number`); undefined for a malformed one. */
export function declaredTypes(type: unknown): TypeSet | undefined {
  const names = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
  if (names === undefined) return undefined;
  const out = new Set<JsonType>();
  for (const name of names) {
    const folded = name === "integer" ? "number" : name;
    if (!ALL_TYPES.has(folded as JsonType)) return undefined;
    out.add(folded as JsonType);
  }
  return out;
}

export const intersect = (left: TypeSet, right: TypeSet): TypeSet => new Set([...left].filter((type) => right.has(type)));
const union = (sets: TypeSet[]): TypeSet => new Set(sets.flatMap((set) => [...set]));

/** Reads one document: `#/$defs/NAME` references resolve in its `$defs`, others are unknown. */
export class InstanceTypes {
  private readonly visiting = new Set<string>();
  private readonly ids = new Map<unknown, number>();

  constructor(private readonly document: Node) {}

  /** Every type of value at `path` (below the value `schema` is applied to) in a value `schema` accepts. */
  at(schema: unknown, path: readonly Step[]): TypeSet {
    if (schema === false) return NONE;
    if (!isNode(schema)) return ALL_TYPES;
    const key = `${this.idOf(schema)} ${JSON.stringify(path)}`;
    // A reference cycle: no knowledge from this round of it (sound, the answer only widens).
    if (this.visiting.has(key)) return ALL_TYPES;
    this.visiting.add(key);
    try {
      return this.uncached(schema, path);
    } finally {
      this.visiting.delete(key);
    }
  }

  private uncached(schema: Node, path: readonly Step[]): TypeSet {
    let out: TypeSet = path.length === 0 ? this.ownTypes(schema) : this.inside(schema, path);
    const all = (list: unknown) => (Array.isArray(list) ? list : []);
    for (const member of all(schema["allOf"])) out = intersect(out, this.at(member, path));
    for (const keyword of ["anyOf", "oneOf"]) {
      const branches = schema[keyword];
      if (Array.isArray(branches)) out = intersect(out, union(branches.map((branch) => this.at(branch, path))));
    }
    if (schema["if"] !== undefined && (schema["then"] !== undefined || schema["else"] !== undefined)) {
      out = intersect(out, union([this.at(schema["then"] ?? true, path), this.at(schema["else"] ?? true, path)]));
    }
    const target = this.resolve(schema["$ref"]);
    if (target !== undefined) out = intersect(out, this.at(target, path));
    return out;
  }

  /** What this schema object's own assertions allow for the value itself. */
  private ownTypes(schema: Node): TypeSet {
    let out = ALL_TYPES;
    const declared = declaredTypes(schema["type"]);
    if (declared !== undefined) out = intersect(out, declared);
    if (Object.hasOwn(schema, "const")) out = intersect(out, new Set([typeOfValue(schema["const"])]));
    if (Array.isArray(schema["enum"])) out = intersect(out, new Set(schema["enum"].map(typeOfValue)));
    return out;
  }

  /** What this schema object's own keywords say of the value one step down `path`, and further. */
  private inside(schema: Node, path: readonly Step[]): TypeSet {
    const [step, ...rest] = path as [Step, ...Step[]];
    const container = this.ownTypes(schema);
    if (step === "item") {
      if (!container.has("array")) return NONE;
      const prefix = Array.isArray(schema["prefixItems"]) ? (schema["prefixItems"] as unknown[]) : [];
      const items = schema["items"] ?? true;
      return prefix.length === 0 ? this.at(items, rest) : union([...prefix, items].map((item) => this.at(item, rest)));
    }
    if (!container.has("object")) return NONE;
    const properties = isNode(schema["properties"]) ? schema["properties"] : {};
    if (Object.hasOwn(properties, step.member)) return this.at(properties[step.member], rest);
    let matched = false;
    let out = ALL_TYPES;
    const patterns = isNode(schema["patternProperties"]) ? schema["patternProperties"] : {};
    for (const [pattern, sub] of Object.entries(patterns)) {
      let regex: RegExp;
      try {
        regex = new RegExp(pattern, "u");
      } catch {
        // Unknown whether it matches, hence whether additionalProperties applies: no knowledge.
        return ALL_TYPES;
      }
      if (regex.test(step.member)) {
        matched = true;
        out = intersect(out, this.at(sub, rest));
      }
    }
    if (!matched && schema["additionalProperties"] !== undefined) out = intersect(out, this.at(schema["additionalProperties"], rest));
    return out;
  }

  private resolve(ref: unknown): unknown {
    const prefix = "#/$defs/";
    if (typeof ref !== "string" || !ref.startsWith(prefix)) return undefined;
    const token = ref.slice(prefix.length);
    // A pointer further into a component (`#/$defs/A/properties/b`): not followed, no knowledge.
    if (token.includes("/")) return undefined;
    const name = token.replaceAll("~1", "/").replaceAll("~0", "~");
    const defs = this.document["$defs"];
    return isNode(defs) && Object.hasOwn(defs, name) ? defs[name] : undefined;
  }

  private idOf(schema: Node): number {
    let id = this.ids.get(schema);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(schema, id);
    }
    return id;
  }
}
