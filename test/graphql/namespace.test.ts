// GraphQL operations beside REST operationIds: `graphql:NAME` always names the GraphQL
// operation; a bare NAME does while no REST operation has that id. With the service's published
// document, `deleteTemplate` is both: REST keeps the bare name and generation succeeds.

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadEngine } from "../../generators/engine-on-the-fly.js";
import { check, engine } from "../../output/index.mjs";
import { resolveOperation } from "../../engine/evaluate.js";
import { lint } from "../../lint/lint.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const published = join(root, "../shared/reference/upstream-v2-openapi.json");
const hasShared = existsSync(published);
if (!hasShared) console.log(`skipping the published-document clash tests: ${published} is absent`);

const deleteByName = { query: 'mutation { deleteTemplate(templateName: "My GPU Template") }' };

describe("names in the bundled engine", () => {
  test.each([
    ["saveTemplate", "saveTemplate"],
    ["graphql:saveTemplate", "saveTemplate"],
    ["createEndpoint", "createEndpoint"],
    ["graphql:createEndpoint", undefined],
    ["graphql:graphql:saveTemplate", undefined],
  ])("%s resolves to %s", (name, key) => {
    expect(resolveOperation(engine, name)).toBe(key);
  });

  test("check() and lint() take the graphql: form", () => {
    expect(check("graphql:secretCreate", { input: { name: "n", value: "v" } }).ok).toBe(true);
    expect(check("graphql:secretCreate", { input: { name: "n" } }).violations[0]?.path).toBe("/input/value");
    expect(lint(deleteByName, { operation: "graphql:deleteTemplate" }).ok).toBe(true);
    expect(() => lint(deleteByName, { operation: "graphql:createEndpoint" })).toThrow(/unknown operation "graphql:createEndpoint"/);
  });
});

describe.skipIf(!hasShared)("the published document, where deleteTemplate is also a REST operationId", () => {
  test("generate --graphql --spec exits 0 and emits both operations; an unannounced clash warns", () => {
    const out = mkdtempSync(join(tmpdir(), "v2kit-clash-"));
    const generate = (graphql: string, dir: string) =>
      spawnSync(process.execPath, ["dist/cli/v2kit.js", "generate", "--graphql", graphql, "--spec", published, "--out", dir], { cwd: root, encoding: "utf8" });
    const warning =
      'v2kit: warning: /operations/deleteTemplate: GraphQL operation "deleteTemplate" is also a REST operationId: "deleteTemplate" names the REST operation, the GraphQL one is "graphql:deleteTemplate"';
    const result = generate("schema/graphql.yaml", join(out, "bundled"));
    expect(result.status, result.stderr).toBe(0);
    // The bundled file announces the twin (x-v2kit-rest-twin): no warning for it.
    expect(result.stderr).not.toContain(warning);
    const types = readFileSync(join(out, "bundled", "types.mts"), "utf8");
    expect(types).toMatch(/^ {2}"graphql:deleteTemplate": \{$/m);
    expect(types).toMatch(/^ {2}deleteTemplate: \{$/m);
    const rules = readFileSync(join(out, "bundled", "rules.mts"), "utf8");
    expect(rules).toMatch(/\["graphql:deleteTemplate", \{\n {4}kind: "graphql",/);
    expect(rules).toMatch(/\["saveTemplate", \{\n {4}kind: "graphql",/);
    // A GraphQL file of one's own that does not announce it gets the warning.
    const own = join(out, "own.graphql.yaml");
    writeFileSync(own, readFileSync(join(root, "schema/graphql.yaml"), "utf8").replace(/^ {4}x-v2kit-rest-twin: true\n/m, ""));
    const unannounced = generate(own, join(out, "own"));
    expect(unannounced.status, unannounced.stderr).toBe(0);
    expect(unannounced.stderr).toContain(warning);
  }, 240_000);

  test("lint: REST wins the bare name, graphql: reaches the mutation, unambiguous names still work", async () => {
    const clash = await loadEngine({ spec: published, graphql: join(root, "schema/graphql.yaml") });
    expect(resolveOperation(clash, "deleteTemplate")).toBe("deleteTemplate");
    expect(clash.operations.get("deleteTemplate")?.kind).toBeUndefined();
    expect(resolveOperation(clash, "graphql:deleteTemplate")).toBe("graphql:deleteTemplate");
    expect(lint(deleteByName, { operation: "graphql:deleteTemplate", engine: clash }).ok).toBe(true);
    expect(lint({ query: "mutation { deleteTemplate(templateName: 3) }" }, { operation: "graphql:deleteTemplate", engine: clash }).violations[0]?.path).toBe(
      "/query",
    );
    // A GraphQL body sent to the REST name is not linted as GraphQL, and the warning says how.
    const rest = lint(deleteByName, { operation: "deleteTemplate", engine: clash });
    expect(rest.warnings).toContainEqual({
      rule: "graphql/namespace",
      path: "",
      message: "deleteTemplate is the REST operation; this body looks like a GraphQL request: use --operation graphql:deleteTemplate for the GraphQL mutation",
    });
    expect(lint({ input: { name: "n", value: "v" } }, { operation: "secretCreate", engine: clash }).ok).toBe(true);
  }, 120_000);
});
