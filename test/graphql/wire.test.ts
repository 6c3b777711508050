// The wire body ({"query", "variables", "operationName"}) as a GraphQL server reads it:
// variables resolved (values, defaults, missing ones), the operation picked, the document's
// own failures as 400 verdicts with their place, and mutations v2kit does not know.

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { lint } from "../../lint/index.js"; // the package entry: every operation's validators loaded
import { MAX_NESTING, MAX_TOKENS } from "../../lint/graphql/document.js";

const template = { name: "t", imageName: "img:1", containerDiskInGb: 5, volumeInGb: 0 };
const save = (body: unknown) => lint(body, { operation: "saveTemplate" });
const brief = (result: ReturnType<typeof lint>) =>
  result.violations.map((violation) => ({ rule: violation.rule, status: violation.status, path: violation.path }));

describe("variables", () => {
  test("a variable inside an inline object resolves to its value, and its failures point into variables", () => {
    const query = 'mutation S($n: String, $v: Int) { saveTemplate(input: {name: $n, imageName: "i", containerDiskInGb: 5, volumeInGb: $v}) { id } }';
    const ok = save({ query, variables: { n: "t", v: 0 } });
    expect(ok.ok).toBe(true);
    expect(ok.resolved).toEqual({ input: { name: "t", imageName: "i", containerDiskInGb: 5, volumeInGb: 0 } });
    expect(brief(save({ query, variables: { n: "t", v: "ten" } }))).toEqual([{ rule: "schema/type", status: 422, path: "/variables/v" }]);
  });

  test("a declared default is used when the variable has no value", () => {
    const query =
      'mutation S($input: SaveTemplateInput = {name: "d", imageName: "i", containerDiskInGb: 1, volumeInGb: 0}) { saveTemplate(input: $input) { id } }';
    expect(save({ query }).resolved).toEqual({ input: { name: "d", imageName: "i", containerDiskInGb: 1, volumeInGb: 0 } });
    expect(save({ query, variables: { input: { ...template, name: "given" } } }).resolved).toEqual({ input: { ...template, name: "given" } });
  });

  test("a non-null variable without a value is a 400 at /variables", () => {
    const result = save({ query: "mutation S($input: SaveTemplateInput!) { saveTemplate(input: $input) { id } }", variables: {} });
    expect(brief(result)[0]).toEqual({ rule: "graphql/variables", status: 400, path: "/variables" });
    expect(result.violations[0]?.message).toBe("must give variable $input a value in `variables`: it is declared non-null and has no default");
  });

  test("a nullable variable without a value leaves the argument out (the schema then asks for it)", () => {
    const result = save({ query: "mutation S($input: SaveTemplateInput) { saveTemplate(input: $input) { id } }", variables: { other: 1 } });
    expect(brief(result)).toEqual([{ rule: "schema/required", status: 422, path: "/query" }]);
    expect(result.violations[0]?.message).toMatch(/^must have required property .*input|is required/);
  });

  test("a variable the operation does not declare is a 400 in the query", () => {
    const result = save({ query: "mutation { saveTemplate(input: $input) { id } }", variables: { input: template } });
    expect(brief(result)[0]).toEqual({ rule: "graphql/variables", status: 400, path: "/query" });
    expect(result.violations[0]?.message).toBe("must declare variable $input: the operation uses it but does not declare it (query line 1, column 32)");
  });

  test("variables that are not an object are a 400", () => {
    expect(brief(save({ query: "mutation { saveTemplate(input: {}) { id } }", variables: [template] }))).toEqual([
      { rule: "graphql/request", status: 400, path: "/variables" },
    ]);
    expect(save({ query: 'mutation { deleteTemplate(templateName: "x") }', variables: null }).ok).toBe(false); // wrong mutation, but null variables are fine
  });
});

describe("the document", () => {
  test("a syntax error is a 400 with its place in the query", () => {
    const result = save({ query: 'mutation {\n  saveTemplate(input: {name: "x") { id }\n}' });
    expect(brief(result)).toEqual([{ rule: "graphql/syntax", status: 400, path: "/query" }]);
    expect(result.violations[0]?.message).toBe('must be a GraphQL document: Syntax Error: Expected Name, found ")". (query line 2, column 33)');
  });

  test("query is required and must be a string", () => {
    expect(brief(save({ query: 42 }))).toEqual([{ rule: "graphql/request", status: 400, path: "/query" }]);
  });

  test("operationName picks the operation; several operations need it", () => {
    const query = `mutation A { saveTemplate(input: {name: "a", imageName: "i", containerDiskInGb: 1, volumeInGb: 0}) { id } }
mutation B { saveTemplate(input: {name: "b"}) { id } }`;
    expect(save({ query, operationName: "A" }).ok).toBe(true);
    expect(brief(save({ query, operationName: "B" })).map((violation) => violation.rule)).toEqual(["schema/required", "schema/required", "schema/required"]);
    expect(brief(save({ query }))).toEqual([{ rule: "graphql/operation", status: 400, path: "/query" }]);
    expect(save({ query }).violations[0]?.message).toBe("must give `operationName`: the document has 2 operations (A, B) (query line 2, column 1)");
    expect(brief(save({ query, operationName: "C" }))).toEqual([{ rule: "graphql/operation", status: 400, path: "/operationName" }]);
  });

  test("a mutation v2kit does not know is a clear 'not known' verdict, not a schema failure", () => {
    const result = save({ query: "mutation { podFindAndDeployOnDemand(input: {gpuCount: 1}) { id } }" });
    expect(brief(result)).toEqual([{ rule: "graphql/operation", status: 400, path: "/query" }]);
    expect(result.violations[0]?.message).toBe(
      "must call the mutation saveTemplate: the document calls podFindAndDeployOnDemand (a mutation v2kit does not know; it knows deleteTemplate, saveTemplate, secretCreate, secretDelete) (query line 1, column 12)",
    );
  });

  test("another known mutation says which --operation lints it", () => {
    const result = save({ query: 'mutation { secretDelete(id: "x") }' });
    expect(result.violations[0]?.message).toMatch(/the document calls secretDelete \(lint it with --operation graphql:secretDelete\)/);
  });

  test("a query document is not linted as a mutation", () => {
    const result = save({ query: "query { myself { podTemplates { id } } }" });
    expect(brief(result)).toEqual([{ rule: "graphql/operation", status: 400, path: "/query" }]);
    expect(result.violations[0]?.message).toMatch(/^must be a mutation calling saveTemplate: the document's operation is a query/);
  });

  test("every call of the mutation is checked; other fields and unknown members are warnings", () => {
    const query = `mutation {
  a: saveTemplate(input: {name: "a", imageName: "i", containerDiskInGb: 1, volumeInGb: 0}) { id }
  b: saveTemplate(input: {name: "b", imageName: "i", containerDiskInGb: 1, volumeInGb: -1, isServerless: true}) { id }
  secretDelete(id: "s")
}`;
    const result = save({ query, extensions: {}, trace: true });
    expect(brief(result)).toEqual([{ rule: "serverless-template-volume-zero", status: 400, path: "/query" }]);
    expect(result.violations[0]?.message).toMatch(/\(argument input\.volumeInGb, query line 3, column 88\)$/);
    expect(result.warnings.map((warning) => [warning.rule, warning.path])).toEqual([
      ["graphql/request", "/trace"],
      ["graphql/operation", "/query"],
    ]);
  });

  test("fragments at the top level are followed", () => {
    const query =
      'mutation { ...F } fragment F on Mutation { ... on Mutation { saveTemplate(input: {name: "a", imageName: "i", containerDiskInGb: "1", volumeInGb: 0}) { id } } }';
    expect(brief(save({ query }))).toEqual([{ rule: "schema/type", status: 422, path: "/query" }]);
  });
});

describe("hostile queries", () => {
  test("a query nested beyond the parser's stack is a 400 naming the limit, not a crash", () => {
    const deep = `mutation { saveTemplate(input: {env: ${"[".repeat(20000)}${"]".repeat(20000)}}) { id } }`;
    expect(brief(save({ query: deep }))).toEqual([{ rule: "graphql/limit", status: 400, path: "/query" }]);
  });

  test(`nesting past ${MAX_NESTING} levels (well within the stack) is refused by the depth bound`, () => {
    const deep = `mutation { saveTemplate(input: {env: ${"[".repeat(MAX_NESTING + 1)}${"]".repeat(MAX_NESTING + 1)}}) { id } }`;
    const result = save({ query: deep });
    expect(brief(result)).toEqual([{ rule: "graphql/limit", status: 400, path: "/query" }]);
    expect(result.violations[0]?.message).toContain(`more than ${MAX_NESTING} deep`);
    const fine = `mutation { saveTemplate(input: {env: ${"[".repeat(8)}${"]".repeat(8)}}) { id } }`;
    expect(save({ query: fine }).violations.every((violation) => violation.rule !== "graphql/limit")).toBe(true);
  });

  test(`a document of more than ${MAX_TOKENS} tokens is refused at the limit, without reading the rest`, () => {
    const items = "1 ".repeat(MAX_TOKENS + 10);
    const result = save({ query: `mutation { saveTemplate(input: {env: [${items}]}) { id } }` });
    expect(brief(result)).toEqual([{ rule: "graphql/limit", status: 400, path: "/query" }]);
    expect(result.violations[0]?.message).toContain(`more than ${MAX_TOKENS} tokens`);
  });

  test("a __proto__ input field is data: it fails the schema and pollutes nothing", () => {
    const result = save({
      query: 'mutation { saveTemplate(input: {name: "n", imageName: "i", containerDiskInGb: 1, volumeInGb: 0, __proto__: {polluted: 1}}) { id } }',
    });
    expect(brief(result)).toEqual([{ rule: "schema/additionalProperties", status: 422, path: "/query" }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("loading", () => {
  test("the graphql package loads for a wire body only, never on the REST path", () => {
    const lintModule = fileURLToPath(new URL("../../dist/lint/index.js", import.meta.url));
    const script = `
      import { createRequire } from "node:module";
      import { readFileSync } from "node:fs";
      const { lint } = await import(${JSON.stringify(lintModule)});
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((k) => /[\\\\/]node_modules[\\\\/]graphql[\\\\/]/.test(k));
      lint(readFileSync("examples/create-endpoint-gpu.json"), { operation: "createEndpoint" });
      lint('{"input": {"name": "t"}}', { operation: "saveTemplate" });
      const before = loaded();
      lint('{"query": "mutation { secretDelete(id: \\\\"x\\\\") }"}', { operation: "secretDelete" });
      console.log(JSON.stringify([before, loaded()]));`;
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual([false, true]);
  });
});
