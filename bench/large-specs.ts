// Generate on documents built to stress the pipeline (issue 5): cyclic $refs, a document of
// 10,000 schemas and a 10 MB document, each through `v2kit generate` and openapi-typescript in
// the same run: time and peak RSS. The documents are written to the scratch directory.

import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type BenchConfig, cli, fromRoot, log, openapiTypescriptCli } from "./context.js";
import type { Breakdown, Row, Section } from "./figures.js";
import { type ProfileSummary, profileChild } from "./profile.js";
import { type ChildRun, ratio, round, runNode } from "./stats.js";

type Obj = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function document(title: string, schemas: Obj, operations: { path: string; request: string; response: string }[]): Obj {
  const paths: Obj = {};
  for (const [i, op] of operations.entries()) {
    paths[op.path] = {
      post: {
        operationId: `op${i}`,
        requestBody: { required: true, content: { "application/json": { schema: ref(op.request) } } },
        responses: { "200": { description: "ok", content: { "application/json": { schema: ref(op.response) } } } },
      },
    };
  }
  return { openapi: "3.1.0", info: { title, version: "1.0.0" }, paths, components: { schemas } };
}

/** Self, mutual, three-way and allOf/oneOf cycles. */
export function cyclicDocument(): Obj {
  const schemas: Obj = {
    TreeNode: {
      type: "object",
      required: ["name"],
      properties: { name: { type: "string" }, children: { type: "array", items: ref("TreeNode") }, parent: ref("TreeNode") },
    },
    Person: { type: "object", properties: { name: { type: "string" }, employer: ref("Company") } },
    Company: { type: "object", properties: { name: { type: "string" }, staff: { type: "array", items: ref("Person") }, owner: ref("Person") } },
    A: { type: "object", properties: { b: ref("B") } },
    B: { type: "object", properties: { c: ref("C") } },
    C: { type: "object", properties: { a: ref("A"), leaf: { type: "integer", minimum: 0 } } },
    Expr: { oneOf: [ref("Literal"), ref("BinaryOp")] },
    Literal: { type: "object", required: ["value"], additionalProperties: false, properties: { value: { type: "number" } } },
    BinaryOp: {
      type: "object",
      required: ["op", "left", "right"],
      additionalProperties: false,
      properties: { op: { enum: ["+", "-", "*", "/"] }, left: ref("Expr"), right: ref("Expr") },
    },
    Extended: { allOf: [ref("TreeNode"), { type: "object", properties: { next: ref("Extended") } }] },
  };
  return document("cyclic refs", schemas, [
    { path: "/trees", request: "TreeNode", response: "Extended" },
    { path: "/people", request: "Person", response: "Company" },
    { path: "/abc", request: "A", response: "C" },
    { path: "/expr", request: "Expr", response: "Expr" },
  ]);
}

/** `count` schemas, each referring to its parent (i ÷ 2): a wide, shallow graph; one operation per 100. */
export function manySchemasDocument(count: number): Obj {
  const schemas: Obj = {};
  for (let i = 0; i < count; i++) {
    schemas[`Schema${i}`] = {
      type: "object",
      required: ["id"],
      description: `Schema number ${i}.`,
      properties: {
        id: { type: "string", minLength: 1 },
        count: { type: "integer", minimum: 0 },
        kind: { enum: ["a", "b", "c"] },
        tags: { type: "array", items: { type: "string" } },
        ...(i > 0 ? { parent: ref(`Schema${i >> 1}`) } : {}),
      },
    };
  }
  const operations = [];
  for (let i = 0; i < count; i += 100) operations.push({ path: `/things/${i}`, request: `Schema${i}`, response: `Schema${Math.min(count - 1, i + 1)}` });
  return document(`${count} schemas`, schemas, operations);
}

/** About `bytes` of JSON: schemas with 20 documented properties each (and a parent, i ÷ 2), one operation per 20 schemas. */
export function bigDocument(bytes: number): Obj {
  const description = "A documented property. ".repeat(18);
  const perSchema = JSON.stringify({ p: description }).length * 22;
  const count = Math.max(1, Math.round(bytes / perSchema));
  const schemas: Obj = {};
  for (let i = 0; i < count; i++) {
    const properties: Obj = {};
    for (let fieldIndex = 0; fieldIndex < 20; fieldIndex++)
      properties[`field${fieldIndex}`] = fieldIndex % 4 === 0 ? { type: "integer", minimum: 0, description } : { type: "string", maxLength: 200, description };
    if (i > 0) properties.related = ref(`Big${i >> 1}`);
    schemas[`Big${i}`] = { type: "object", description, properties };
  }
  const operations = [];
  for (let i = 0; i < count; i += 20) operations.push({ path: `/big/${i}`, request: `Big${i}`, response: `Big${i}` });
  return document(`about ${bytes} bytes`, schemas, operations);
}

/** `depth` small schemas, each referring to the previous one: $ref resolution `depth` deep. */
export function chainDocument(depth: number): Obj {
  const schemas: Obj = {};
  for (let i = 0; i < depth; i++) {
    schemas[`Link${i}`] = { type: "object", required: ["id"], properties: { id: { type: "integer" }, ...(i > 0 ? { previous: ref(`Link${i - 1}`) } : {}) } };
  }
  return document(`a chain of ${depth} $refs`, schemas, [{ path: "/chain", request: `Link${depth - 1}`, response: "Link0" }]);
}

const seconds = (run: ChildRun) => (run.timedOut ? null : round(run.ms / 1000, 2));
const mib = (run: ChildRun) => (run.rssKiB === null ? null : round(run.rssKiB / 1024, 1));
/** "ok", "timed out", or the exit code with the error line of stderr (else its first line that is not a stack frame). */
const outcome = (run: ChildRun) => {
  if (run.timedOut) return "timed out";
  if (run.code === 0) return "ok";
  const lines = run.stderr.split("\n").map((line) => line.trim());
  const message = lines.find((line) => /Error\b/.test(line) && !line.startsWith("at ")) ?? lines.find((line) => line !== "" && !line.startsWith("at ")) ?? "";
  return `exit ${run.code}: ${message.trim()}`;
};
const completed = (run: ChildRun) => !run.timedOut && run.code === 0;

export async function largeSpecs(config: BenchConfig): Promise<Section> {
  const docs: [string, Obj][] = [
    ["cyclic $refs (self, mutual, 3-cycle, oneOf, allOf)", cyclicDocument()],
    [`${config.manySchemas.toLocaleString("en")} schemas`, manySchemasDocument(config.manySchemas)],
    [`${round(config.bigDocumentBytes / 1e6, 0)} MB document`, bigDocument(config.bigDocumentBytes)],
    [`chain of ${config.refChain.toLocaleString("en")} $refs (each schema refers to the previous one)`, chainDocument(config.refChain)],
  ];
  const timeoutMs = config.quick ? 60_000 : 240_000;
  const rows: Row[] = [];
  const details: Record<string, unknown> = {};
  let worst: { name: string; file: string; ratio: number } | undefined;
  for (const [i, [name, doc]] of docs.entries()) {
    const file = path.join(config.scratch, `large-${i}.json`);
    writeFileSync(file, JSON.stringify(doc));
    const size = statSync(file).size;
    log(`large specs: ${name} (${round(size / 1e6, 2)} MB)`);
    const v2kit = await runNode(cli(), ["generate", "--spec", file, "--force", "--quiet", "--out", path.join(config.scratch, `large-${i}-out`)], {
      rss: true,
      timeoutMs,
    });
    const oat = await runNode(openapiTypescriptCli(), [file, "-o", path.join(config.scratch, `large-${i}.ts`)], { rss: true, timeoutMs });
    const schemas = Object.keys((doc.components as Obj).schemas as Obj).length;
    rows.push({
      document: name,
      MB: round(size / 1e6, 2),
      schemas,
      "v2kit generate s": seconds(v2kit),
      "v2kit MiB": mib(v2kit),
      "v2kit outcome": outcome(v2kit),
      "openapi-typescript s": seconds(oat),
      "openapi-typescript MiB": mib(oat),
      "openapi-typescript outcome": outcome(oat),
      "time ÷ openapi-typescript": completed(v2kit) && completed(oat) ? ratio(v2kit.ms, oat.ms) : null,
    });
    const timeRatio = completed(v2kit) && completed(oat) ? ratio(v2kit.ms, oat.ms) : null;
    if (timeRatio !== null && timeRatio > (worst?.ratio ?? 3)) worst = { name, file, ratio: timeRatio };
    details[name] = {
      bytes: size,
      schemas,
      v2kit: { ms: v2kit.ms, rssKiB: v2kit.rssKiB, code: v2kit.code, timedOut: v2kit.timedOut },
      openapiTypescript: { ms: oat.ms, rssKiB: oat.rssKiB, code: oat.code, timedOut: oat.timedOut },
    };
  }
  // The document furthest behind openapi-typescript (over 3×): its stages, under the profiler.
  const tables: Breakdown[] = [];
  const profiles: ProfileSummary[] = [];
  if (worst !== undefined) {
    log(`large specs: stage breakdown and profile of the ${worst.name} generate (${worst.ratio}× openapi-typescript)`);
    const stagesFile = path.join(config.scratch, "large-stages.json");
    const profile = await profileChild(
      `generate stages on the ${worst.name} (\`bench/anchors/generate-stages.ts\`, --cpu-prof)`,
      fromRoot("dist", "bench", "anchors", "generate-stages.js"),
      [worst.file, stagesFile],
      { timeoutMs },
    );
    if (profile) profiles.push(profile);
    try {
      const breakdown = JSON.parse(readFileSync(stagesFile, "utf8")) as { stages: { stage: string; ms: number }[]; rssKiB: number };
      tables.push({
        title: `Generate on the ${worst.name}, stage by stage (one process under the profiler, peak RSS ${round(breakdown.rssKiB / 1024, 1)} MiB)`,
        rows: breakdown.stages.map((timing) => ({ stage: timing.stage, ms: timing.ms })),
      });
      details.worstStages = breakdown;
    } catch {
      tables.push({ title: `Generate on the ${worst.name}, stage by stage`, rows: [], note: "The stage run did not finish within the time limit." });
    }
  }
  return {
    title: "Generate on large and cyclic documents",
    method: `Synthetic OpenAPI 3.1 documents written to the scratch directory (\`bench/large-specs.ts\`): cyclic \`$ref\`s; ${config.manySchemas.toLocaleString("en")} schemas each referring to a parent, one operation per 100; about ${round(config.bigDocumentBytes / 1e6, 0)} MB of documented schemas (each referring to a parent), one operation per 20; a chain of ${config.refChain.toLocaleString("en")} small schemas each referring to the previous one (reference depth alone). One cold \`v2kit generate --spec FILE --force\` (all artifacts; the bundled rules do not apply and are skipped) and one openapi-typescript run each, time limit ${timeoutMs / 1000} s. When v2kit takes over 3× openapi-typescript's time on a document, the worst one is run again stage by stage under the profiler.`,
    rows,
    figures: [],
    profiles,
    tables,
    details,
  };
}
