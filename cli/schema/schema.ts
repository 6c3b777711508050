// v2kit schema: self-contained JSON Schemas of request and response bodies, for editors' own
// JSON validation (generators/emit/export-schema.ts). Reads the document like generate does.

import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CliError, type Command, usageError } from "../command.js";
import { unknownName } from "../suggest.js";

const USAGE = `Usage: v2kit schema --operation OP [--response STATUS] [--spec FILE] [--rules FILE]
       v2kit schema --out DIR [--operation OP]... [--spec FILE] [--rules FILE]

Print one self-contained JSON Schema (draft 2020-12) of an operation's request body (or, with
--response, of a response body), for editors' built-in JSON validation: every component it uses
is under $defs, descriptions and examples are kept. The cross-field rules JSON Schema can state
exactly are in its allOf; the others (catalog, templates, PATCH merges, ...) are named in its
description, and v2kit lint checks them. With --out, write one file per body and an index.json.
Exit status: 0 written, 2 usage error, unknown operation or status, or a document or rules file
that is not a regular file or is larger than 64 MiB, 1 a document or rules file that cannot be
read or is invalid.

Options:
  --operation OP      operationId (or graphql:NAME); repeatable with --out
                        v2kit schema --operation createEndpoint > createEndpoint.schema.json
  --response STATUS   the response body for STATUS (201, 2XX, default) instead of the request's
                        v2kit schema --operation getEndpoint --response 200
  --out DIR           write DIR/<operation>.request.schema.json, DIR/<operation>.response.<status>.schema.json
                      and DIR/index.json (every operation, or those --operation names)
                        v2kit schema --out schemas
  --spec FILE         another OpenAPI document (the bundled one by default)
                        v2kit schema --spec openapi.json --operation createEndpoint
  --rules FILE        another rules file (the bundled one by default)
                        v2kit schema --rules my.rules.yaml --operation createEndpoint
  -h, --help          show this help

In an editor (VS Code settings.json):
  "json.schemas": [{ "fileMatch": ["deploy/endpoints/*.json"], "url": "./schemas/createEndpoint.request.schema.json" }]
`;

const OPTIONS = {
  operation: { type: "string", multiple: true },
  response: { type: "string" },
  out: { type: "string" },
  spec: { type: "string" },
  rules: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export const command: Command = { name: "schema", run };

const GRAPHQL = "graphql:";

const usage = (message: string) => new CliError(`schema: ${message}\nRun 'v2kit schema --help' for usage.`);

async function run(args: string[]): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>["values"];
  try {
    ({ values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw usageError("schema", error, OPTIONS as never);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const operations = values.operation ?? [];
  if (values.out === undefined && operations.length !== 1) {
    throw usage(operations.length === 0 ? "give --operation OP (or --out DIR for every operation)" : "one --operation without --out (several need --out DIR)");
  }
  if (values.response !== undefined && operations.length !== 1) throw usage("--response needs exactly one --operation");
  if (values.out === "") throw usage("--out needs a directory");

  const [{ loadModel, loadRules }, { GenerateError, SpecError }, { RulesFileError }, exporter, { InputError }] = await Promise.all([
    import("../../generators/pipeline.js"),
    import("../../schema-model/errors.js"),
    import("../../rules/errors.js"),
    import("../../generators/emit/export-schema.js"),
    import("../../input/read-input.js"),
  ]);
  let model: Awaited<ReturnType<typeof loadModel>>;
  let rules: ReturnType<typeof loadRules>;
  try {
    model = await loadModel(values.spec !== undefined ? { spec: values.spec } : {});
    rules = loadRules(values.rules);
  } catch (error) {
    if (error instanceof SpecError || error instanceof GenerateError || error instanceof RulesFileError) throw new CliError(error.message, 1);
    // A FIFO, a device or a file over the budget as --spec or --rules: refused before it is read.
    if (error instanceof InputError) throw new CliError(`schema: ${error.message}`, 2);
    throw error;
  }
  const ids = model.operations.map((operation) => operation.id);
  // As lint names them (docs/graphql.md): `graphql:NAME` always names the GraphQL operation, which
  // the model keys by its bare name while no REST operation has that name.
  const graphqlNames = new Map(
    model.operations
      .filter((operation) => operation.kind === "graphql")
      .map((operation) => [operation.id.startsWith(GRAPHQL) ? operation.id : `${GRAPHQL}${operation.id}`, operation.id] as const),
  );
  const resolved = operations.map((name) => {
    if (ids.includes(name)) return name;
    const graphql = graphqlNames.get(name) ?? graphqlNames.get(`${GRAPHQL}${name}`);
    if (graphql !== undefined) return graphql;
    throw new CliError(`schema: ${unknownName("operation", name, new Set([...ids, ...graphqlNames.keys()]))}`);
  });

  try {
    if (values.out === undefined) {
      const one = exporter.exportSchema(model, rules, resolved[0] as string, values.response === undefined ? "request" : { response: values.response });
      process.stdout.write(exporter.serialize(one.schema));
      return 0;
    }
    const schemas =
      values.response !== undefined
        ? [exporter.exportSchema(model, rules, resolved[0] as string, { response: values.response })]
        : exporter.exportAll(model, rules, resolved.length > 0 ? resolved : undefined);
    mkdirSync(values.out, { recursive: true });
    const files: [string, string][] = [
      ...schemas.map((exported): [string, string] => [exported.file, exporter.serialize(exported.schema)]),
      ["index.json", exporter.serialize(exporter.exportIndex(model, schemas))],
    ];
    for (const [name, text] of files) writeAtomically(path.join(values.out, name), text);
    process.stderr.write(`v2kit: wrote ${schemas.length} schema(s) and index.json to ${values.out}\n`);
    return 0;
  } catch (error) {
    if (error instanceof exporter.ExportError) throw new CliError(`schema: ${error.message}`);
    throw error;
  }
}

/** A temp file beside the target, then a rename: a reader never sees half a schema. */
function writeAtomically(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (error) {
    throw new CliError(`schema: cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
