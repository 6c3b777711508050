// lint for GraphQL operations: each of the four body shapes for each of the four mutations the
// specification names, valid and invalid, with the pointer a user sees (into the body as given).

import { describe, expect, test } from "vitest";
import { engine } from "../../output/index.mjs";
import { lint } from "../../lint/lint.js";

const template = { name: "t", imageName: "img:1", containerDiskInGb: 5, volumeInGb: 0 };
const secret = { name: "s", value: "v" };

interface Case {
  operation: string;
  shape: "inline" | "variables" | "arguments" | "bare";
  body: unknown;
  /** Absent: valid. Else the first violation's rule and path. */
  want?: { rule: string; path: string };
}

/** "line L, column C" of the first occurrence of `needle` in `text`. */
function at(text: string, needle: string): string {
  const before = text.slice(0, text.indexOf(needle)).split("\n");
  return `line ${before.length}, column ${(before.at(-1) ?? "").length + 1}`;
}

const wire = (query: string, variables?: unknown) => (variables === undefined ? { query } : { query, variables });

const CASES: Case[] = [
  // saveTemplate(input: SaveTemplateInput)
  {
    operation: "saveTemplate",
    shape: "inline",
    body: wire('mutation { saveTemplate(input: {name: "t", imageName: "img:1", containerDiskInGb: 5, volumeInGb: 0}) { id } }'),
  },
  {
    operation: "saveTemplate",
    shape: "inline",
    body: wire('mutation { saveTemplate(input: {name: "t", imageName: "img:1", containerDiskInGb: "5", volumeInGb: 0}) { id } }'),
    want: { rule: "schema/type", path: "/query" },
  },
  {
    operation: "saveTemplate",
    shape: "variables",
    body: wire("mutation S($input: SaveTemplateInput) { saveTemplate(input: $input) { id } }", { input: template }),
  },
  {
    operation: "saveTemplate",
    shape: "variables",
    body: wire("mutation S($input: SaveTemplateInput) { saveTemplate(input: $input) { id } }", { input: { ...template, volumeInGb: -1.5 } }),
    want: { rule: "schema/type", path: "/variables/input/volumeInGb" },
  },
  { operation: "saveTemplate", shape: "arguments", body: { input: template } },
  { operation: "saveTemplate", shape: "arguments", body: { input: { ...template, imageName: 1 } }, want: { rule: "schema/type", path: "/input/imageName" } },
  { operation: "saveTemplate", shape: "bare", body: template },
  { operation: "saveTemplate", shape: "bare", body: { ...template, startSsh: "yes" }, want: { rule: "schema/type", path: "/startSsh" } },
  // deleteTemplate(templateName: String)
  { operation: "deleteTemplate", shape: "inline", body: wire('mutation { deleteTemplate(templateName: "My GPU Template") }') },
  { operation: "deleteTemplate", shape: "inline", body: wire("mutation { deleteTemplate(templateName: 42) }"), want: { rule: "schema/type", path: "/query" } },
  { operation: "deleteTemplate", shape: "variables", body: wire("mutation D($n: String!) { deleteTemplate(templateName: $n) }", { n: "My GPU Template" }) },
  {
    operation: "deleteTemplate",
    shape: "variables",
    body: wire("mutation D($n: String!) { deleteTemplate(templateName: $n) }", { n: ["x"] }),
    want: { rule: "schema/type", path: "/variables/n" },
  },
  { operation: "deleteTemplate", shape: "arguments", body: { templateName: "My GPU Template" } },
  { operation: "deleteTemplate", shape: "arguments", body: { name: "My GPU Template" }, want: { rule: "schema/required", path: "/templateName" } },
  { operation: "deleteTemplate", shape: "bare", body: "My GPU Template" },
  { operation: "deleteTemplate", shape: "bare", body: 7, want: { rule: "schema/type", path: "" } },
  // secretCreate(input: {name, value})
  { operation: "secretCreate", shape: "inline", body: wire('mutation { secretCreate(input: {value: "v", name: "s"}) { id name description } }') },
  {
    operation: "secretCreate",
    shape: "inline",
    body: wire('mutation { secretCreate(input: {name: "s"}) { id } }'),
    want: { rule: "schema/required", path: "/query" },
  },
  {
    operation: "secretCreate",
    shape: "variables",
    body: wire("mutation C($input: SecretCreateInput!) { secretCreate(input: $input) { id } }", { input: secret }),
  },
  {
    operation: "secretCreate",
    shape: "variables",
    body: wire("mutation C($input: SecretCreateInput!) { secretCreate(input: $input) { id } }", { input: { ...secret, description: "d" } }),
    want: { rule: "schema/additionalProperties", path: "/variables/input/description" },
  },
  { operation: "secretCreate", shape: "arguments", body: { input: secret } },
  { operation: "secretCreate", shape: "arguments", body: { input: { name: "s", value: null } }, want: { rule: "schema/type", path: "/input/value" } },
  { operation: "secretCreate", shape: "bare", body: secret },
  { operation: "secretCreate", shape: "bare", body: { value: "v" }, want: { rule: "schema/required", path: "/name" } },
  // secretDelete(id: String)
  { operation: "secretDelete", shape: "inline", body: wire('mutation { secretDelete(id: "abc123") }') },
  { operation: "secretDelete", shape: "inline", body: wire("mutation { secretDelete(id: null) }"), want: { rule: "schema/type", path: "/query" } },
  { operation: "secretDelete", shape: "variables", body: wire("mutation X($id: String!) { secretDelete(id: $id) }", { id: "abc123" }) },
  {
    operation: "secretDelete",
    shape: "variables",
    body: wire("mutation X($id: String!) { secretDelete(id: $id) }", { id: 123 }),
    want: { rule: "schema/type", path: "/variables/id" },
  },
  { operation: "secretDelete", shape: "arguments", body: { id: "abc123" } },
  { operation: "secretDelete", shape: "arguments", body: { id: "abc123", force: true }, want: { rule: "schema/additionalProperties", path: "/force" } },
  { operation: "secretDelete", shape: "bare", body: "abc123" },
  { operation: "secretDelete", shape: "bare", body: false, want: { rule: "schema/type", path: "" } },
];

describe("the four shapes of each GraphQL mutation", () => {
  test.each(CASES)("$operation, $shape: $want", ({ operation, body, want }) => {
    // The bare name reaches the mutation only while no REST operation has it (docs/graphql.md).
    const names = engine.operations.get(operation)?.kind === "graphql" ? [operation, `graphql:${operation}`] : [`graphql:${operation}`];
    for (const name of names) {
      // A string handed to lint is JSON text: a bare string argument travels as such.
      const result = lint(typeof body === "string" ? JSON.stringify(body) : body, { operation: name });
      if (want === undefined) {
        expect(result.violations).toEqual([]);
        expect(result.ok).toBe(true);
      } else {
        expect(result.ok).toBe(false);
        expect({ rule: result.violations[0]?.rule, path: result.violations[0]?.path }).toEqual(want);
        expect(result.problem?.errors?.[0]).toMatch(new RegExp(`^${want.path === "" ? "/" : want.path}: `));
      }
    }
  });

  test("the same body as JSON text gives the same verdict", () => {
    for (const { operation, body, want } of CASES) {
      const result = lint(JSON.stringify(body), { operation: `graphql:${operation}` });
      expect(result.violations[0]?.path, `${operation} ${JSON.stringify(body)}`).toBe(want?.path);
    }
  });

  test("every shape of one template resolves to the same arguments object", () => {
    const shapes = [
      wire('mutation { saveTemplate(input: {name: "t", imageName: "img:1", containerDiskInGb: 5, volumeInGb: 0}) { id } }'),
      wire("mutation S($input: SaveTemplateInput) { saveTemplate(input: $input) { id } }", { input: template }),
      { input: template },
      template,
    ];
    for (const body of shapes) expect(lint(body, { operation: "saveTemplate" }).resolved).toEqual({ input: template });
  });

  test("an inline value names its argument path and its place in the query", () => {
    const query =
      'mutation {\n  saveTemplate(input: {\n    name: "t", imageName: "img:1", containerDiskInGb: 5, volumeInGb: 0,\n    env: [{key: "A", value: 1}]\n  }) { id }\n}';
    const [violation] = lint(wire(query), { operation: "saveTemplate" }).violations;
    expect(violation?.path).toBe("/query");
    expect(violation?.message).toBe(`must be string (argument input.env[0].value, query ${at(query, "1}]")})`);
  });

  test("literals map to JSON: block strings, floats, enums, null, nested lists", () => {
    const query =
      'mutation { saveTemplate(input: {name: """  block\n  name""", imageName: "i\\u00e9", containerDiskInGb: 1.5, volumeInGb: 0, readme: null, ports: HTTP, env: []}) { id } }';
    const result = lint(wire(query), { operation: "saveTemplate" });
    expect(result.resolved).toEqual({
      input: { name: "  block\nname", imageName: "i\u00e9", containerDiskInGb: 1.5, volumeInGb: 0, readme: null, ports: "HTTP", env: [] },
    });
    expect(result.violations.map((violation) => violation.message)).toEqual([
      `must be integer (argument input.containerDiskInGb, query ${at(query, "1.5")})`,
      `must be string (argument input.readme, query ${at(query, "null")})`,
    ]);
  });
});
