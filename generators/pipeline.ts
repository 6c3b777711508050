// The pipeline, top to bottom: load → normalize → emit. Returns the files to write (relative
// path → content); the CLI does the writing and the --check comparison.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseRules } from "../rules/load.js";
import { rulesFileSchema } from "../rules/schema.js";
import type { RulesFile } from "../rules/types.js";
import { emitIndex, emitOperations, emitRequests, emitRoutes } from "./emit-index.js";
import { emitRules } from "./emit-rules.js";
import { emitRulesDoc } from "./emit-rules-doc.js";
import { emitTests } from "./emit-tests.js";
import { emitValidators } from "./emit-validators.js";
import { mergeGraphql } from "./graphql.js";
import { header, inputsHash } from "./header.js";
import { bundleDocument, finishDocument, loadDocument, parseText, SpecError, TOO_DEEP, validationError } from "./load.js";
import type { ApiModel, Diagnostic } from "./model.js";
import { normalize } from "./normalize.js";
import { bundled } from "./paths.js";
import { applicability } from "./targets.js";
import { startTypesEmitter, type TypesEmitter } from "./types-in-parallel.js";

export interface GenerateOptions {
  /** OpenAPI document; the bundled schema when absent. */
  spec?: string;
  /** GraphQL operations file; bundled with the bundled schema, none with another spec. */
  graphql?: string;
  rules?: string;
  allowExternalRefs?: boolean;
  /** Fail (instead of skip) when a rule's operation or target is not in the document. */
  rulesStrict?: boolean;
}

export interface GenerateResult {
  files: Map<string, string>;
  diagnostics: Diagnostic[];
}

export class GenerateError extends Error {}

function readJson(file: string): unknown {
  return parseText(readFileSync(file, "utf8"), file);
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
      throw error instanceof SpecError ? error : new SpecError(graphql, (error as Error).message);
    }
  }
  return model;
}

export function loadRules(file?: string): RulesFile {
  const rulesPath = file ?? bundled.rules();
  let text: string;
  try {
    text = readFileSync(rulesPath, "utf8");
  } catch (error) {
    throw new GenerateError(`${rulesPath}: cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
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
  const helper = startTypesEmitter();
  try {
    const spec = options.spec ?? bundled.spec();
    const document = await bundleDocument(spec, { allowExternalRefs: options.allowExternalRefs ?? false });
    // swagger-parser validates on the other thread meanwhile. Its verdict comes first: when it
    // finds the document invalid, that is the error reported, whatever else failed since.
    const validation = helper.validate(document.bundled);
    validation.catch(() => undefined); // awaited below; a rejection must not go unhandled meanwhile
    const valid = async () => {
      const problem = await validation;
      if (problem !== undefined) throw validationError(spec, problem);
    };
    let result: GenerateResult;
    try {
      result = await generateWith(modelOf(finishDocument(spec, document), options), options, helper);
    } catch (error) {
      await valid();
      throw error;
    }
    await valid();
    return result;
  } finally {
    helper.close();
  }
}

async function generateWith(model: ApiModel, options: GenerateOptions, types: TypesEmitter): Promise<GenerateResult> {
  const rules = loadRules(options.rules);
  const { skip, diagnostics: ruleDiagnostics } = applicability(model, rules);
  const diagnostics = [...model.diagnostics, ...ruleDiagnostics];
  if (options.rulesStrict && ruleDiagnostics.length > 0) {
    throw new GenerateError(
      `--rules-strict: ${ruleDiagnostics.length} rule(s) do not apply to this document:\n${ruleDiagnostics.map((d) => `  ${d.pointer}: ${d.message}`).join("\n")}`,
    );
  }
  const rulesSource = path.basename(options.rules ?? bundled.rules());
  const sources = [...model.sources, rulesSource];
  const { diagnostics: _d, ...modelForHash } = model;
  const hash = inputsHash(modelForHash, rules);
  const head = header(sources, hash);
  const files = new Map<string, string>();
  const typesText = types.emit(model, rules, head);
  typesText.catch(() => undefined); // awaited below; a rejection must not go unhandled meanwhile
  const validators = emitValidators(model, head);
  // Every TypeScript file is .mts importing .mjs: ESM whatever the consumer's package type,
  // compiled by its tsc (module nodenext, commonjs or bundler), tsx or a bundler alike.
  files.set("types.mts", await typesText);
  for (const [name, text] of validators.files) files.set(name, text);
  files.set("rules.mts", emitRules(model, rules, validators.modules, skip, head));
  files.set("index.mts", emitIndex(validators.modules, head));
  for (const [name, text] of emitOperations(validators.modules, head)) files.set(name, text);
  files.set("requests.mts", emitRequests(validators.modules, head));
  files.set("routes.mts", emitRoutes(model, head));
  files.set("RULES.md", emitRulesDoc(rules, head));
  files.set("rules.schema.json", `${JSON.stringify(rulesFileSchema(), null, 2)}\n`);
  const context = {
    catalog: { gpus: (readJson(bundled.catalog("gpus")) as { gpus: unknown }).gpus, cpus: (readJson(bundled.catalog("cpus")) as { cpus: unknown }).cpus },
    templates: (readJson(bundled.catalog("templates")) as { templates: unknown }).templates,
  };
  const tests = emitTests(model, rules, skip, context, head);
  files.set("tests/rules.property.test.mjs", tests.test);
  files.set("tests/model.json", tests.data);
  for (const name of readdirSync(bundled.runtime()).sort()) {
    if (!name.endsWith(".ts")) continue;
    const source = readFileSync(path.join(bundled.runtime(), name), "utf8").replace(/(from "\.\/[a-z-]+)\.js"/g, '$1.mjs"');
    files.set(`runtime/${name.replace(/\.ts$/, ".mts")}`, `${head}\n${source}`);
  }
  return { files, diagnostics };
}
