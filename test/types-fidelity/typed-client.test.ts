// `createClient<paths>()` from openapi-fetch types every route of the generated `paths` with no
// adapter: a consumer file is compiled against the output of the bundled schema and of the
// published document, with openapi-fetch's own declarations. Lines under `// @ts-expect-error`
// must fail (a wrong body, path, parameter or response use); every other line must compile.

import { describe, expect, test } from "vitest";
import { bundledTypes, generatedTypes, havePublished, publishedSpec } from "./documents.js";
import { memoryProject } from "./harness.js";

if (!havePublished) console.log(`skipping the published-document typed-client test: ${publishedSpec} is absent (it ships only beside CI)`);

const project = memoryProject(["openapi-fetch", "openapi-typescript-helpers"]);

/** Compiles `consumer` beside `types`; returns "file:line TSxxxx message" for every diagnostic. */
function compile(types: string, consumer: string): string[] {
  for (const sf of project.getSourceFiles()) project.removeSourceFile(sf);
  project.createSourceFile("/types.ts", types, { overwrite: true });
  project.createSourceFile("/consumer.ts", consumer, { overwrite: true });
  return project
    .getPreEmitDiagnostics()
    .map(
      (diagnostic) =>
        `${diagnostic.getSourceFile()?.getBaseName()}:${diagnostic.getLineNumber()} TS${diagnostic.getCode()} ${String(diagnostic.getMessageText()).slice(0, 200)}`,
    );
}

/** Shared by both documents: routes, bodies and responses the two have in common. */
const common = (endpoint: string, extra: string[]) =>
  [
    'import createClient from "openapi-fetch";',
    'import type { paths, components, operations, CreateEndpointRequestBody, Endpoint, RequestBody, ResponseBody } from "./types.js";',
    'const client = createClient<paths>({ baseUrl: "http://127.0.0.1:1" });',
    `const body: CreateEndpointRequestBody = ${endpoint};`,
    'const alias: RequestBody<"createEndpoint"> = body;',
    "export async function run(id: string) {",
    '  const created = await client.POST("/v2/serverless", { body });',
    "  const endpoint: Endpoint | undefined = created.data;",
    '  const same: ResponseBody<"createEndpoint", "201"> | undefined = created.data;',
    '  const problem: components["schemas"]["ErrorResponse"] | undefined = created.error;',
    '  const got = await client.GET("/v2/serverless/{id}", { params: { path: { id } } });',
    "  const name: string | undefined = got.data?.name;",
    '  const patched = await client.PATCH("/v2/serverless/{id}", { params: { path: { id } }, body: { name: "renamed" } });',
    '  const action = await client.POST("/v2/pods/{id}/action", { params: { path: { id } }, body: { action: "stop" } });',
    '  const viaOperations: operations["createEndpoint"]["requestBody"]["content"]["application/json"] = body;',
    "  // @ts-expect-error gpu and cpu together (rule gpu-cpu-exactly-one)",
    '  await client.POST("/v2/serverless", { body: { ...body, cpu: [{ id: "cpu5c", vcpuCount: 4 }] } });',
    "  // @ts-expect-error a LOAD_BALANCER endpoint scales on REQUEST_COUNT",
    '  await client.POST("/v2/serverless", { body: { ...body, type: "LOAD_BALANCER" } });',
    "  // @ts-expect-error an unknown property",
    `  await client.POST("/v2/serverless", { body: ${endpoint.slice(0, -2)}, workersMax: 3 } });`,
    "  // @ts-expect-error the body is required",
    '  await client.POST("/v2/serverless", {});',
    "  // @ts-expect-error no such path",
    '  await client.GET("/v2/serverles");',
    "  // @ts-expect-error no PUT on this path",
    '  await client.PUT("/v2/serverless/{id}", { params: { path: { id } } });',
    "  // @ts-expect-error the path parameter is required",
    '  await client.GET("/v2/serverless/{id}", {});',
    "  // @ts-expect-error the response is an Endpoint, not a Pod list",
    "  const wrong: { pods: unknown[] } | undefined = got.data;",
    "  // @ts-expect-error not a pod action",
    '  await client.POST("/v2/pods/{id}/action", { params: { path: { id } }, body: { action: "explode" } });',
    ...extra,
    "  return [alias, endpoint, same, problem, name, patched.data, action.data, viaOperations, wrong];",
    "}",
  ].join("\n");

const endpoint = (image: string) =>
  `{ name: "demo", type: "QUEUE", image: "${image}", scaling: { type: "QUEUE_DELAY", queueDelay: 2 }, gpu: { pools: ["ADA_24"] } }`;

describe("createClient<paths>() from openapi-fetch", () => {
  test("the bundled schema's output types every route with no adapter", () => {
    const consumer = common(endpoint("img:1"), [
      '  const gpus = await client.GET("/v2/catalog/gpus");',
      "  const first: string | undefined = gpus.data?.gpus[0]?.id;",
      "  void first;",
    ]);
    expect(compile(bundledTypes(), consumer)).toEqual([]);
  });

  test.runIf(havePublished)(
    "the published document's output types every route with no adapter",
    () => {
      const consumer = common(endpoint("runpod/pytorch:1.0.2"), [
        '  const removed = await client.DELETE("/v2/serverless/{id}", { params: { path: { id } } });',
        "  const status: number = removed.response.status;",
        '  const gpus = await client.GET("/v2/catalog/gpus", { params: { query: { count: 1 } } });',
        "  const first: string | undefined = gpus.data?.gpus[0]?.id;",
        "  // @ts-expect-error `count` is a number",
        '  await client.GET("/v2/catalog/gpus", { params: { query: { count: "1" } } });',
        "  // @ts-expect-error an empty PATCH (minProperties: 1)",
        '  await client.PATCH("/v2/network-volumes/{id}", { params: { path: { id } }, body: {} });',
        "  void [first, status];",
      ]);
      expect(compile(generatedTypes(publishedSpec), consumer)).toEqual([]);
    },
    300_000,
  );
});
