// Walks the upstream v1 document: every v1 route has a row in the route table, and no field of
// any v1 request body schema is missing from the mapping table of its body kind.

import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type MappingTable, endpointTable, findRoute, networkVolumeTable, parseV1Path, podTable, registryTable, templateTable } from "../../migrate/index.js";

const SOURCE = "/work/shared/reference/upstream-v1-openapi.json";
const present = existsSync(SOURCE);
if (!present) console.log(`skipping the v1 document walk: ${SOURCE} is absent`);

type Schema = Record<string, unknown>;
const doc: Schema = present ? JSON.parse(readFileSync(SOURCE, "utf8")) : {};

function resolve(schema: unknown): Schema {
  const schemaObject = (schema ?? {}) as Schema;
  if (typeof schemaObject.$ref === "string") {
    const target = schemaObject.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((node, key) => (node as Schema | undefined)?.[key], doc);
    return resolve(target);
  }
  return schemaObject;
}

/** Property names of a schema, through $ref, allOf, oneOf and anyOf. */
function propertiesOf(schema: unknown): string[] {
  const resolved = resolve(schema);
  const own = Object.keys((resolved.properties as Schema | undefined) ?? {});
  const parts = ["allOf", "oneOf", "anyOf"].flatMap((k) => (Array.isArray(resolved[k]) ? (resolved[k] as unknown[]) : []));
  return [...own, ...parts.flatMap(propertiesOf)];
}

const METHODS = ["get", "post", "put", "patch", "delete"];
const operations = Object.entries((doc.paths ?? {}) as Record<string, Schema>).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method] !== undefined).map((method) => ({ method: method.toUpperCase(), path, op: item[method] as Schema })),
);

/** Every `*Input` schema of the document belongs to a body kind by its name. */
const TABLE_BY_PREFIX: [string, MappingTable][] = [
  ["Pod", podTable],
  ["Endpoint", endpointTable],
  ["Template", templateTable],
  ["NetworkVolume", networkVolumeTable],
  ["ContainerRegistryAuth", registryTable],
];

describe.skipIf(!present)("upstream v1 document", () => {
  it("lists operations to check", () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it("has every v1 route in the route table", () => {
    const missing = operations.filter(({ method, path }) => {
      const parsed = parseV1Path(path);
      return "v2" in parsed || !findRoute(method, parsed.segments);
    });
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it("accounts for every field of every request body, in the table its route uses", () => {
    const unaccounted: string[] = [];
    for (const { method, path, op } of operations) {
      const schema = (op.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined;
      const body = schema?.["application/json"]?.schema;
      if (body === undefined) continue;
      const parsed = parseV1Path(path);
      const route = "v2" in parsed ? undefined : findRoute(method, parsed.segments);
      const table = route?.body?.kind.table;
      for (const field of propertiesOf(body)) {
        if (!table || !Object.hasOwn(table, field)) unaccounted.push(`${method} ${path}: ${field}`);
      }
    }
    expect(unaccounted).toEqual([]);
  });

  it("accounts for every field of every *Input schema, referenced or not", () => {
    const schemas = ((doc.components as Schema).schemas ?? {}) as Record<string, Schema>;
    const unaccounted: string[] = [];
    for (const name of Object.keys(schemas).filter((schemaName) => schemaName.endsWith("Input"))) {
      const table = TABLE_BY_PREFIX.find(([prefix]) => name.startsWith(prefix))?.[1];
      for (const field of propertiesOf(schemas[name])) {
        if (!table || !Object.hasOwn(table, field)) unaccounted.push(`${name}.${field}`);
      }
    }
    expect(unaccounted).toEqual([]);
  });

  it("explains every table entry: a target, or a note for a drop", () => {
    for (const [, table] of TABLE_BY_PREFIX) {
      for (const [field, mapping] of Object.entries(table)) {
        expect(mapping.note, field).not.toBe("");
        if (mapping.how === "drop") expect(mapping.to, field).toBeNull();
        if (mapping.how === "rename" || mapping.how === "nest") expect(mapping.to, field).toMatch(/^\//);
        if (mapping.how === "custom") expect(mapping.transform, field).toBeTypeOf("function");
      }
    }
  });
});
