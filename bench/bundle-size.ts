// Bundle size of a one-operation check, as a consumer's bundler ships it: esbuild (bundle,
// minify, ESM) of an entry that checks a createEndpoint body with the generated
// output/operations/createEndpoint.mjs, beside the same entry over Ajv standalone code for the
// createEndpoint request schema alone, and over a zod schema built from that schema
// (bench/zod-from-openapi.ts, the zod library included). Bytes minified, and gzip -9.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { loadModel } from "../generators/pipeline.js";
import { SCHEMAS_ID } from "../schema-model/model.js";
import { writeCreateEndpointValidator } from "./anchor-validator.js";
import { type BenchConfig, fromRoot, log } from "./context.js";
import type { Figure, Row, Section } from "./figures.js";
import { ratio } from "./stats.js";

interface Size {
  minified: number;
  gzip: number;
}

async function bundle(entry: string): Promise<Size> {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "silent",
    nodePaths: [fromRoot("node_modules")],
  });
  const code = result.outputFiles[0]?.contents;
  if (code === undefined) throw new Error(`bench: esbuild wrote nothing for ${entry}`);
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

/** The component schemas reachable from `schema`, as an OpenAPI document for the zod converter. */
function documentFor(schemas: Record<string, unknown>, schema: unknown): { doc: Record<string, unknown>; root: unknown } {
  const prefix = `${SCHEMAS_ID}#/$defs/`;
  const rewrite = (value: unknown): unknown => JSON.parse(JSON.stringify(value).split(`"${prefix}`).join('"#/components/schemas/'));
  const keep: Record<string, unknown> = {};
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string" && value.startsWith(prefix)) {
          const name = decodeURIComponent(value.slice(prefix.length));
          if (!(name in keep)) {
            keep[name] = schemas[name];
            walk(schemas[name]);
          }
        } else walk(value);
      }
    }
  };
  walk(schema);
  return { doc: { components: { schemas: rewrite(keep) } }, root: rewrite(schema) };
}

export async function bundleSize(config: BenchConfig): Promise<Section> {
  const dir = path.join(config.scratch, "bundle-size");
  mkdirSync(dir, { recursive: true });
  log("bundle size: esbuild --bundle --minify of a one-operation check, Ajv standalone, zod");
  const body = 'JSON.parse(process.argv[2] ?? "{}")';

  const v2kitEntry = path.join(dir, "v2kit.mjs");
  writeFileSync(
    v2kitEntry,
    `import { check } from ${JSON.stringify(fromRoot("dist/output/operations/createEndpoint.mjs"))};\nconsole.log(check(${body}).ok);\n`,
  );

  // The anchor module loads Ajv's runtime helpers through createRequire (two prelude lines):
  // the bundle takes plain require() calls, which esbuild follows.
  const ajvModule = await writeCreateEndpointValidator(dir);
  writeFileSync(ajvModule, readFileSync(ajvModule, "utf8").split("\n").slice(2).join("\n"));
  const ajvEntry = path.join(dir, "ajv.mjs");
  writeFileSync(ajvEntry, `import { validate } from ${JSON.stringify(ajvModule)};\nconsole.log(validate(${body}));\n`);

  const model = await loadModel({});
  const request = model.operations.find((op) => op.id === "createEndpoint")?.request?.schema;
  const { doc, root } = documentFor(model.schemas, request);
  const zodEntry = path.join(dir, "zod.mjs");
  writeFileSync(
    zodEntry,
    `import { zodFromSchema } from ${JSON.stringify(fromRoot("dist/bench/zod-from-openapi.js"))};\n` +
      `const { schema } = zodFromSchema(${JSON.stringify(doc)}, ${JSON.stringify(root)});\nconsole.log(schema.safeParse(${body}).success);\n`,
  );

  const [v2kit, ajv, zod] = [await bundle(v2kitEntry), await bundle(ajvEntry), await bundle(zodEntry)];
  const kib = (byteCount: number) => `${(byteCount / 1024).toFixed(1)} KiB`;
  const row = (what: string, size: Size): Row => ({
    bundle: what,
    minified: kib(size.minified),
    "minified bytes": size.minified,
    gzip: kib(size.gzip),
    "gzip bytes": size.gzip,
  });
  const bytes = (key: string, label: string, size: Size): Figure => ({ key, label, value: size.minified, unit: "B", baseline: `gzip ${size.gzip} B` });
  return {
    title: "Bundle size of a one-operation check",
    method:
      "esbuild (bundle, minify, ESM, platform node) of a two-line entry that checks a createEndpoint body: `check` from the generated `output/operations/createEndpoint.mjs` (schema and cross-field rules, the runtime, that operation's validator only); the Ajv standalone code for the createEndpoint request schema alone (no rules); a zod schema built from the same schema by `bench/zod-from-openapi.ts` (zod included; no rules, and the keywords zod generators drop). Bytes of the minified bundle, and gzip -9 of it.",
    rows: [row("v2kit one-operation check", v2kit), row("Ajv standalone (createEndpoint request schema)", ajv), row("zod (from the same schema)", zod)],
    figures: [
      {
        key: "bundle_check_vs_ajv",
        label: "one-operation check bundle ÷ Ajv standalone bundle (minified)",
        value: ratio(v2kit.minified, ajv.minified),
        unit: "×",
        target: { op: "<=", value: 2 },
        baseline: `Ajv standalone ${kib(ajv.minified)} (gzip ${kib(ajv.gzip)}); v2kit ${kib(v2kit.minified)} (gzip ${kib(v2kit.gzip)}); zod ${kib(zod.minified)} (gzip ${kib(zod.gzip)})`,
      },
      bytes("bundle_check_one_op_bytes", "one-operation check bundle, minified", v2kit),
      bytes("bundle_ajv_standalone_bytes", "Ajv standalone bundle, minified", ajv),
      bytes("bundle_zod_bytes", "zod bundle, minified", zod),
    ],
    profiles: [],
    details: { bundle: { v2kit, ajv, zod } },
  };
}
