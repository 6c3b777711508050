// v1 query parameters on the way to v2 (issue 45, item 3). The table of v2 query parameters the
// migration keeps is held to schema/v2.openapi.yaml and to the published v2 document (two
// sources, one answer); a parameter v2 does not take is an error note naming it and what v2
// offers instead, and the call is then left by `migrate scan --fix`.

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { migrateRoute } from "../../migrate/routes.js";
import { V2_QUERY } from "../../migrate/query-params.js";
import { ROUTES } from "../../migrate/route-table.js";

type Doc = { paths: Record<string, Record<string, unknown>>; components?: { parameters?: Record<string, unknown> } };
type Param = { name: string; in: string; $ref?: string };

/** operationId → its query parameter names, sorted, in an OpenAPI document. */
function queryParameters(doc: Doc): Map<string, string[]> {
  const resolve = (param: Param): Param => (param.$ref ? (doc.components?.parameters?.[param.$ref.split("/").pop() as string] as Param) : param);
  const out = new Map<string, string[]>();
  for (const item of Object.values(doc.paths)) {
    const shared = ((item.parameters as Param[] | undefined) ?? []).map(resolve);
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const operation = op as { operationId: string; parameters?: Param[] };
      const own = (operation.parameters ?? []).map(resolve);
      out.set(
        operation.operationId,
        [...shared, ...own]
          .filter((param) => param.in === "query")
          .map((param) => param.name)
          .sort(),
      );
    }
  }
  return out;
}

const ROOT = new URL("../../", import.meta.url);
const ours = queryParameters(parse(readFileSync(new URL("schema/v2.openapi.yaml", ROOT), "utf8")) as Doc);
const PUBLISHED = "/work/shared/reference/upstream-v2-openapi.json";
if (!existsSync(PUBLISHED)) console.log(`query parameters are held to the bundled schema only: ${PUBLISHED} is absent`);
const published = existsSync(PUBLISHED) ? queryParameters(JSON.parse(readFileSync(PUBLISHED, "utf8")) as Doc) : new Map<string, string[]>();

describe("the v2 query parameters a migration keeps", () => {
  const operations = [...new Set(ROUTES.map((route) => route.operation).filter((operation): operation is string => operation !== undefined))].sort();

  it.each(operations)("%s: the table, the bundled schema and the published document agree", (operation) => {
    const table = [...(V2_QUERY[operation] ?? [])].sort();
    expect(table).toEqual(ours.get(operation));
    if (published.has(operation)) expect(table).toEqual(published.get(operation));
  });

  it("listPods takes only includeClusterPods", () => {
    expect(ours.get("listPods")).toEqual(["includeClusterPods"]);
  });
});

describe("migrateRoute with a query", () => {
  const rows: [string, string, string | null, { level: string; field?: string; message: string }[]][] = [
    [
      "a v1 list filter v2 does not take: an error naming it (once), dropped from the v2 path",
      "/pods?name=ci-test&name=ci-test-2",
      "/v2/pods",
      [
        {
          level: "error",
          field: "name",
          message:
            "a query parameter v2 `listPods` does not take (it takes only `includeClusterPods`); the filter does not carry over: filter the list v2 returns yourself",
        },
      ],
    ],
    [
      "what v2 offers instead: the workers route",
      "/endpoints?includeWorkers=true",
      "/v2/serverless",
      [
        {
          level: "error",
          field: "includeWorkers",
          message:
            "a query parameter v2 `listEndpoints` does not take (it takes no query parameters); v2 lists an endpoint's workers at `GET /v2/serverless/{id}/workers`",
        },
      ],
    ],
    [
      "a renamed billing filter: endpointId becomes serverlessId, named in an info note (issue 41, item 2)",
      "/billing/endpoints?endpointId=ep-1&bucketSize=day",
      "/v2/billing/serverless?serverlessId=ep-1&bucketSize=day",
      [
        expect.objectContaining({ level: "info", message: expect.stringContaining("/v2/billing/serverless") }),
        { level: "info", message: "query parameter `bucketSize` kept: v2 `listServerlessBilling` takes it" },
        {
          level: "info",
          field: "endpointId",
          message: "query parameter renamed `serverlessId`: v2 `listServerlessBilling` calls the same filter so",
        },
      ],
    ],
    [
      "grouping=endpointId is what v2 answers anyway: dropped, named (issue 41, item 2)",
      "/billing/endpoints?grouping=endpointId",
      "/v2/billing/serverless",
      [
        expect.objectContaining({ level: "info", message: expect.stringContaining("/v2/billing/serverless") }),
        expect.objectContaining({ level: "info", field: "grouping", message: expect.stringContaining("query parameter dropped") }),
      ],
    ],
    [
      "grouping=gpuTypeId has no v2 counterpart: an error (issue 41, item 2)",
      "/billing/pods?grouping=gpuTypeId",
      "/v2/billing/pods",
      [expect.objectContaining({ level: "error", field: "grouping", message: expect.stringContaining("`grouping=gpuTypeId` has no v2 counterpart") })],
    ],
    [
      "a query built at run time cannot be checked: an error",
      "/pods?${params}",
      "/v2/pods",
      [expect.objectContaining({ level: "error", message: expect.stringContaining("the query string is built at run time (`${params}`)") })],
    ],
    [
      "parameters v2 takes are kept, no error",
      "/billing/pods?bucketSize=day&podId=p-1",
      "/v2/billing/pods?bucketSize=day&podId=p-1",
      [{ level: "info", message: "query parameters `bucketSize`, `podId` kept: v2 `listPodBilling` takes them" }],
    ],
  ];
  it.each(rows)("%s", (_name, path, v2, notes) => {
    const migrated = migrateRoute("GET", path);
    expect(migrated.path).toBe(v2);
    expect(migrated.notes).toEqual(notes);
  });
});

describe("migrate scan --fix leaves a call whose query v2 does not take", () => {
  it("the cleanup loop: the filtered list is not fixed (its reason names `name`), the delete by id is", () => {
    const dir = mkdtempSync(join(tmpdir(), "v2kit-query-"));
    try {
      const script = [
        `for id in $(curl -s -H "Authorization: Bearer $KEY" "https://rest.runpod.io/v1/pods?name=ci-test" | jq -r '.[].id'); do`,
        '  curl -s -X DELETE -H "Authorization: Bearer $KEY" "https://rest.runpod.io/v1/pods/$id"',
        "done",
        "",
      ].join("\n");
      writeFileSync(join(dir, "cleanup.sh"), script);
      const cli = fileURLToPath(new URL("dist/cli/v2kit.js", ROOT));
      const run = spawnSync(process.execPath, [cli, "migrate", "scan", "--fix", "--unsafe-fixes", "."], { cwd: dir, encoding: "utf8" });
      expect(run.stdout).toContain(
        "not fixed: name: a query parameter v2 `listPods` does not take (it takes only `includeClusterPods`); the filter does not carry over: filter the list v2 returns yourself",
      );
      const fixed = readFileSync(join(dir, "cleanup.sh"), "utf8");
      expect(fixed).toContain('"https://rest.runpod.io/v1/pods?name=ci-test"');
      expect(fixed).toContain('"https://api.runpod.io/v2/pods/$id"');
      expect(spawnSync("bash", ["-n", join(dir, "cleanup.sh")]).status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
