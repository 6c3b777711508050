// The pipeline, top to bottom: load → normalize → emit. Returns the files to write (relative
// path → content); the CLI does the writing and the --check comparison.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseRules } from "../rules/load.js";
import { InputError } from "../input/read-input.js";
import { GenerateError, SpecError } from "../schema-model/errors.js";
import { rulesFileSchema } from "../rules/schema.js";
import type { RulesFile } from "../rules/types.js";
import { type ArtifactRecord, Artifacts, partsHash, type Reuse } from "./artifacts.js";
import { emitCatalog, emitIndex, emitOperations, emitRequests, emitRoutes } from "./emit/emit-index.js";
import { emitRules } from "./emit/emit-rules.js";
import { emitRulesDoc } from "./emit/emit-rules-doc.js";
import { emitTests } from "./emit/emit-tests.js";
import { mergeGraphql } from "./normalize/graphql.js";
import { canonicalJson } from "./header.js";
import { bundleDocument, finishDocument, loadDocument, parseText, readDocument, TOO_DEEP, validationError } from "./load/load.js";
import type { ApiModel, Diagnostic } from "../schema-model/model.js";
import { SERVE_MODEL_FILE, serveModelText } from "../schema-model/serve-model.js";
import { normalize } from "./normalize/normalize.js";
import { dropKnownDialects } from "./load/schema-check.js";
import { bundled } from "../schema-model/package-files.js";
import { applicability } from "./normalize/targets.js";
import { startTypesEmitter, startTypesEmitterOnDemand, type TypesEmitter } from "./emit/types-in-parallel.js";
import { narrowingRules } from "./emit/types/narrowing.js";
import { validatorModules, validatorSlots } from "./emit/validator-slots.js";

export interface GenerateOptions {
  /** OpenAPI document; the bundled schema when absent. */
  spec?: string;
  /** GraphQL operations file; bundled with the bundled schema, none with another spec. */
  graphql?: string;
  rules?: string;
  allowExternalRefs?: boolean;
  /** Fail (instead of skip) when a rule's operation or target is not in the document. */
  rulesStrict?: boolean;
  /** The previous output of an artifact whose inputs are unchanged (generators/artifacts.ts). */
  reuse?: Reuse;
  /** JavaScript (`.mjs`) with declarations (`.d.mts`) instead of TypeScript (`.mts`): generators/emit/js-output.ts. */
  js?: boolean;
  /**
   * The modules import the package's own engine from this path (relative to the out folder,
   * POSIX: `../engine`) instead of a copy of it written into runtime/. The CLI sets it only
   * for this package's own output/ folder (docs/generate-out.md); ignored with `js`.
   */
  engine?: string;
  /**
   * Also write serve-model.json (schema-model/serve-model.ts): the model and document `v2kit
   * serve` reads for the bundled schema. The CLI sets it only for this package's own output/.
   */
  serveModel?: boolean;
}

export interface GenerateResult {
  files: Map<string, string>;
  diagnostics: Diagnostic[];
  /** The artifacts the files belong to, in order: what each was made from, and whether reused. */
  artifacts: ArtifactRecord[];
}

function readJson(file: string): unknown {
  return parseText(
    readDocument(file, (reason) => SpecError.unreadable(file, reason)),
    file,
  );
}

export async function loadModel(options: GenerateOptions): Promise<ApiModel> {
  const spec = options.spec ?? bundled.spec();
  return modelOf(await loadDocument(spec, { allowExternalRefs: options.allowExternalRefs ?? false }), options);
}

/** The model of a loaded (validated) document, with the GraphQL operations merged in. */
function modelOf(doc: Record<string, unknown>, options: GenerateOptions): ApiModel {
  const spec = options.spec ?? bundled.spec();
  let model = normalize(doc, [path.basename(spec)]);
  const graphql = options.graphql ?? (options.spec === undefined ? bundled.graphql() : undefined);
  if (graphql !== undefined) {
    try {
      model = mergeGraphql(model, readJson(graphql), path.basename(graphql));
    } catch (error) {
      throw error instanceof SpecError || error instanceof InputError ? error : new SpecError(graphql, (error as Error).message);
    }
  }
  return model;
}

export function loadRules(file?: string): RulesFile {
  const rulesPath = file ?? bundled.rules();
  const text = readDocument(rulesPath, (reason) => new GenerateError("rules-unreadable", `${rulesPath}: cannot read: ${reason}`));
  return parseRules(text, rulesPath);
}

export async function generate(options: GenerateOptions = {}): Promise<GenerateResult> {
  try {
    return await generateFiles(options);
  } catch (error) {
    // Ajv and the types emitter follow references recursively: a very deep chain overflows the stack.
    if (error instanceof RangeError) throw new SpecError(options.spec ?? bundled.spec(), TOO_DEEP);
    throw error;
  }
}

async function generateFiles(options: GenerateOptions): Promise<GenerateResult> {
  const helper = options.reuse ? startTypesEmitterOnDemand() : startTypesEmitter();
  try {
    const spec = options.spec ?? bundled.spec();
    const document = await bundleDocument(spec, { allowExternalRefs: options.allowExternalRefs ?? false });
    // A document the last successful run checked (the same bundled text, the same code) is valid
    // again: swagger-parser's validation and the schema checks are skipped for it.
    const identity = partsHash([document.version, canonicalJson(document.bundled)]);
    const check: ArtifactRecord = { name: "document", identity, files: [], reused: options.reuse?.("document", identity) !== undefined, check: true };
    // swagger-parser validates on the other thread meanwhile. Its verdict comes first: when it
    // finds the document invalid, that is the error reported, whatever else failed since.
    const validation = check.reused ? Promise.resolve(undefined) : helper.validate(document.bundled);
    validation.catch(() => undefined); // awaited below; a rejection must not go unhandled meanwhile
    const valid = async () => {
      const problem = await validation;
      if (problem !== undefined) throw validationError(spec, problem);
    };
    let result: GenerateResult;
    try {
      if (check.reused) dropKnownDialects(document.bundled);
      const doc = check.reused ? document.bundled : finishDocument(spec, document);
      result = await generateWith(modelOf(doc, options), document.source, options, helper);
    } catch (error) {
      await valid();
      throw error;
    }
    await valid();
    return { ...result, artifacts: [check, ...result.artifacts] };
  } finally {
    helper.close();
  }
}

async function generateWith(model: ApiModel, source: Record<string, unknown>, options: GenerateOptions, types: TypesEmitter): Promise<GenerateResult> {
  const rules = loadRules(options.rules);
  const { skip, diagnostics: ruleDiagnostics } = applicability(model, rules);
  const diagnostics = [...model.diagnostics, ...ruleDiagnostics];
  if (options.rulesStrict && ruleDiagnostics.length > 0) {
    throw new GenerateError(
      "rules-strict",
      `--rules-strict: ${ruleDiagnostics.length} rule(s) do not apply to this document:\n${ruleDiagnostics.map((diagnostic) => `  ${diagnostic.pointer}: ${diagnostic.message}`).join("\n")}`,
    );
  }
  const rulesSource = path.basename(options.rules ?? bundled.rules());
  const artifacts = new Artifacts([...model.sources, rulesSource], options.reuse);
  // Each artifact's header hashes exactly what it is made from (generators/artifacts.ts).
  const { diagnostics: _d, ...modelForHash } = model;
  const modelText = canonicalJson(modelForHash);
  const rulesText = canonicalJson(rules);
  // The types read only the rules they narrow request bodies with: they get no other.
  const typesRules: RulesFile = { version: rules.version, stages: [], hints: [], rules: narrowingRules(rules.rules) };
  const modules = validatorModules(model, validatorSlots(model));
  const context = {
    catalog: { gpus: (readJson(bundled.catalog("gpus")) as { gpus: unknown }).gpus, cpus: (readJson(bundled.catalog("cpus")) as { cpus: unknown }).cpus },
    templates: (readJson(bundled.catalog("templates")) as { templates: unknown }).templates,
  };
  // This package's own output imports the engine; any other output carries a copy (runtime/).
  const engine = options.js ? undefined : options.engine;
  const engineParts = engine === undefined ? [] : [`engine:${engine}`];
  const runtime = readdirSync(bundled.runtime())
    .sort()
    .filter((name) => name.endsWith(".ts"))
    .map((name) => ({ name, source: readFileSync(path.join(bundled.runtime(), name), "utf8").replace(/(from "\.\/[a-z-]+)\.js"/g, '$1.mjs"') }));
  // Every TypeScript file is .mts importing .mjs: ESM whatever the consumer's package type,
  // compiled by its tsc (module nodenext, commonjs or bundler), tsx or a bundler alike.
  const one = (name: string, text: string) => new Map([[name, text]]);
  artifacts.add("types", [modelText, canonicalJson(typesRules)], async (head) => one("types.mts", await types.emit(model, typesRules, head)));
  // Ajv names its functions across the whole model (validate110 in one operation's file depends
  // on everything compiled before it), so the validators are one artifact: docs/generate-speed.md.
  artifacts.add(
    "validators",
    [modelText, ...engineParts],
    async (head) => (await import("./emit/emit-validators.js")).emitValidators(model, head, engine).files,
  );
  artifacts.add("rules", [modelText, rulesText, ...engineParts], (head) => one("rules.mts", emitRules(model, rules, modules, skip, head, engine)));
  artifacts.add("index", [canonicalJson(modules), ...engineParts], (head) => {
    const files = one("index.mts", emitIndex(modules, head, engine));
    for (const [name, text] of emitOperations(modules, head, engine)) files.set(name, text);
    return files.set("requests.mts", emitRequests(modules, head));
  });
  artifacts.add("routes", [modelText], (head) => one("routes.mts", emitRoutes(model, head)));
  const snapshot = { date: String((readJson(bundled.catalog("snapshot")) as { date: unknown }).date), ...context.catalog };
  artifacts.add("catalog", [canonicalJson(snapshot), ...engineParts], (head) => one("catalog.mts", emitCatalog(snapshot, head, engine)));
  artifacts.add("rules-doc", [rulesText], (head) => one("RULES.md", emitRulesDoc(rules, head)));
  artifacts.add("rules-schema", null, () => one("rules.schema.json", `${JSON.stringify(rulesFileSchema(), null, 2)}\n`));
  artifacts.add("tests", [modelText, rulesText, canonicalJson(context)], (head) => {
    const tests = emitTests(model, rules, skip, context, head);
    return new Map([
      ["tests/rules.property.test.mjs", tests.test],
      ["tests/model.json", tests.data],
    ]);
  });
  if (options.serveModel) {
    // Made from the model and the document in their own key order, which the file keeps (the
    // canonical model text would not see a reordering): schema-model/serve-model.ts.
    const served = [JSON.stringify([model.operations, model.schemas]), JSON.stringify(source)];
    artifacts.add("serve-model", served, (head) => one(SERVE_MODEL_FILE, serveModelText(model, source, head)));
  }
  if (engine === undefined) {
    artifacts.add(
      "runtime",
      runtime.map((runtimeFile) => `${runtimeFile.name}\0${runtimeFile.source}`),
      (head) => new Map(runtime.map((runtimeFile) => [`runtime/${runtimeFile.name.replace(/\.ts$/, ".mts")}`, `${head}\n${runtimeFile.source}`])),
    );
  }
  const built = await artifacts.files();
  if (!options.js) return { ...built, diagnostics };
  const { toJavaScript, javaScriptNames } = await import("./emit/js-output.js");
  return {
    files: toJavaScript(built.files),
    // Another layout of the same inputs: never taken for (or reused as) the TypeScript one.
    artifacts: built.artifacts.map((a) => ({ ...a, identity: `${a.identity}\0js`, files: javaScriptNames(a.files) })),
    diagnostics,
  };
}
