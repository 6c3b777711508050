// 5. Detection versus anchors: on a corpus of createEndpoint bodies that each break one rule of
// the specification (bench/corpus/*.json), the share rejected by v2kit (with the expected
// status and rule), by Ajv with the upstream schema alone, and by a zod schema generated from
// the upstream document (bench/zod-from-openapi.ts).

import { readdirSync, readFileSync } from "node:fs";
import type { ValidateFunction } from "../engine/types.js";
import type { TemplateRecord } from "../engine/types.js";
import { lint } from "../lint/index.js";
import { type BenchConfig, fromRoot, log, upstreamDocument } from "./context.js";
import type { Figure, Row, Section } from "./figures.js";
import { zodFromSchema } from "./zod-from-openapi.js";

export interface CorpusCase {
  id: string;
  /** The rule id of rules/v2.rules.yaml, or `schema/<keyword>` for a limit the schema states. */
  rule: string;
  status: number;
  kind: "rule" | "schema";
  /** JSON pointer of the break: every violation lies at or below it. */
  path: string;
  spec: string;
  /** The valid body it was made from: an example, with the listed top-level fields removed. */
  base: { file: string; without: string[] };
  breaks: string;
  body: unknown;
}

export function loadCorpus(): CorpusCase[] {
  const dir = fromRoot("bench", "corpus");
  return readdirSync(dir)
    .filter((fileName) => fileName.endsWith(".json"))
    .sort()
    .map((fileName) => JSON.parse(readFileSync(`${dir}/${fileName}`, "utf8")) as CorpusCase);
}

/** The unbroken body of a case (valid for v2kit; the anchors must accept it too to earn credit). */
export function baseBody(testCase: CorpusCase): Record<string, unknown> {
  const body = JSON.parse(readFileSync(fromRoot(testCase.base.file), "utf8")) as Record<string, unknown>;
  for (const pointer of testCase.base.without) delete body[pointer.slice(1)];
  return body;
}

export const bundledTemplates = (): TemplateRecord[] =>
  (JSON.parse(readFileSync(fromRoot("schema", "catalog", "templates.json"), "utf8")) as { templates: TemplateRecord[] }).templates;

/** v2kit detects a case when lint rejects it with the expected status, naming the expected rule. */
export function v2kitDetects(testCase: CorpusCase, templates: TemplateRecord[]): boolean {
  const verdict = lint(JSON.stringify(testCase.body), { operation: "createEndpoint", templates });
  return !verdict.ok && verdict.status === testCase.status && verdict.violations.some((violation) => violation.rule === testCase.rule);
}

type Check = (body: unknown) => boolean;

/** Ajv 2020 over the upstream document, after v2kit's own normalization: the schema verdict alone. */
async function ajvUpstream(file: string): Promise<Check> {
  const { loadModel } = await import("../generators/pipeline.js");
  const { buildAjv } = await import("../generators/emit/validators.js");
  const model = await loadModel({ spec: file });
  const { ajv, slots } = buildAjv(model, false);
  const slot = slots.find((candidate) => candidate.operation === "createEndpoint" && candidate.target === "request");
  if (slot === undefined) throw new Error("bench: the upstream document has no createEndpoint request body");
  const validate = ajv.getSchema(slot.ref) as unknown as ValidateFunction;
  return (body) => validate(body);
}

/** The createEndpoint request schema of the raw upstream document, through the zod converter. */
function zodUpstream(file: string): { check: Check; dropped: Record<string, number> } {
  const doc = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  let schema: unknown;
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const op of Object.values(item)) {
      const operation = op as { operationId?: string; requestBody?: { content?: Record<string, { schema?: unknown }> } };
      if (operation?.operationId === "createEndpoint") schema = operation.requestBody?.content?.["application/json"]?.schema;
    }
  }
  if (schema === undefined) throw new Error("bench: the upstream document has no createEndpoint request body");
  const { schema: zod, dropped } = zodFromSchema(doc, schema as Record<string, unknown>);
  return { check: (body) => zod.safeParse(body).success, dropped };
}

const share = (hits: number, total: number) => (total === 0 ? null : Math.round((hits / total) * 1000) / 10);

export async function detection(_config: BenchConfig): Promise<Section> {
  log("detection: corpus through v2kit, Ajv (upstream schema) and zod (generated from upstream)");
  const corpus = loadCorpus();
  const templates = bundledTemplates();
  const upstream = upstreamDocument();
  const anchors: { ajv?: Check; zod?: Check } = {};
  let dropped: Record<string, number> = {};
  if ("file" in upstream) {
    anchors.ajv = await ajvUpstream(upstream.file);
    const zod = zodUpstream(upstream.file);
    anchors.zod = zod.check;
    dropped = zod.dropped;
  }
  const rows: Row[] = [];
  const hits = { v2kit: 0, ajv: 0, zod: 0 };
  const byKind: Record<string, { total: number; v2kit: number; ajv: number; zod: number }> = {};
  // An anchor earns a case only when it accepts the unbroken base body and rejects the broken
  // one: rejecting both is rejecting something else (the upstream document has no `cmd`).
  const baseRejected = { ajv: 0, zod: 0 };
  const verdict = (name: "ajv" | "zod", testCase: CorpusCase): { hit: boolean | undefined; text: string } => {
    const check = anchors[name];
    if (check === undefined) return { hit: undefined, text: "n/a" };
    if (!check(baseBody(testCase))) {
      baseRejected[name]++;
      return { hit: false, text: "rejects the valid base too" };
    }
    return check(testCase.body) ? { hit: false, text: "accepted" } : { hit: true, text: "rejected" };
  };
  for (const testCase of corpus) {
    const v2kitHit = v2kitDetects(testCase, templates);
    const ajv = verdict("ajv", testCase);
    const zod = verdict("zod", testCase);
    const ajvHit = ajv.hit;
    const zodHit = zod.hit;
    const kind = (byKind[testCase.kind] ??= { total: 0, v2kit: 0, ajv: 0, zod: 0 });
    kind.total++;
    if (v2kitHit) {
      hits.v2kit++;
      kind.v2kit++;
    }
    if (ajvHit) {
      hits.ajv++;
      kind.ajv++;
    }
    if (zodHit) {
      hits.zod++;
      kind.zod++;
    }
    rows.push({
      case: testCase.id,
      breaks: `${testCase.rule} (${testCase.status})`,
      v2kit: v2kitHit ? `rejected ${testCase.status}` : "missed",
      "Ajv + upstream schema": ajv.text,
      "zod from upstream": zod.text,
    });
  }
  const caseCount = corpus.length;
  const kindText = (who: "v2kit" | "ajv" | "zod") =>
    Object.entries(byKind)
      .map(([kind, counts]) => `${kind === "rule" ? "rules" : "schema limits"} ${counts[who]}/${counts.total}`)
      .join(", ");
  const skipped = "skipped" in upstream ? { skipped: upstream.skipped } : {};
  const figures: Figure[] = [
    {
      key: "detection_v2kit",
      label: "detection of single-rule violations: v2kit",
      value: share(hits.v2kit, caseCount),
      unit: "%",
      target: { op: ">=", value: 100 },
      baseline: `${hits.v2kit} of ${caseCount} cases (${kindText("v2kit")})`,
    },
    {
      key: "detection_ajv_upstream",
      label: "detection: Ajv with the upstream schema alone (anchor)",
      value: "file" in upstream ? share(hits.ajv, caseCount) : null,
      unit: "%",
      baseline: `${hits.ajv} of ${caseCount} cases (${kindText("ajv")}); rejected the valid base of ${baseRejected.ajv}`,
      ...skipped,
    },
    {
      key: "detection_zod_upstream",
      label: "detection: zod generated from the upstream document (anchor)",
      value: "file" in upstream ? share(hits.zod, caseCount) : null,
      unit: "%",
      baseline: `${hits.zod} of ${caseCount} cases (${kindText("zod")}); rejected the valid base of ${baseRejected.zod}`,
      ...skipped,
    },
  ];
  const droppedText = Object.entries(dropped)
    .map(([k, count]) => `${k} ×${count}`)
    .join(", ");
  return {
    title: "Detection of single-rule violations",
    method: `The corpus (\`bench/corpus/*.json\`, ${caseCount} cases) holds one createEndpoint body per rule of \`rules/v2.rules.yaml\` that applies to createEndpoint and per schema-level limit the specification states, each a valid example (\`examples/create-endpoint-gpu.json\` or \`-cpu.json\`) broken in exactly one way (\`test/bench/bench.test.ts\` proves each breaks exactly the rule it names). v2kit detects a case when \`lint()\` (bundled catalog, \`schema/catalog/templates.json\` as templates) rejects it with the expected status and rule. Ajv: the upstream document's createEndpoint request schema, normalized as v2kit normalizes it and compiled with Ajv 2020 (\`loadModel\` + \`buildAjv\`), any rejection counts. zod: \`bench/zod-from-openapi.ts\` converts the raw upstream request schema the way typical generators (openapi-zod-client, orval) do — if/then/else, not, unevaluatedProperties, dependentRequired, uniqueItems and the like are dropped, as they drop them${droppedText ? ` (dropped here: ${droppedText})` : ""}; an anchor earns a case when it rejects the broken body and accepts its unbroken base (the upstream document has no \`cmd\`, so the CPU cases start from the CPU example without it; the args/cmd case cannot be earned by an anchor that rejects \`cmd\` itself).`,
    rows,
    figures,
    profiles: [],
    details: { cases: caseCount, hits, byKind, baseRejected, zodDropped: dropped },
  };
}
