// Reading a rules file: YAML with positions, validated against its schema, then checked for
// what a schema cannot say (unique ids). Errors name the file, line, column and JSON pointer.
// The schema is validated by the precompiled rules-file-validator.ts (compiling it with Ajv
// took half a second of every generate), or compiled here when that file is stale.

import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { Ajv2020 } from "ajv/dist/2020.js";
import { type Document, isMap, isSeq, LineCounter, parseDocument } from "yaml";
import { RulesFileError } from "./errors.js";
import { ruleKind } from "./kinds/index.js";
import { SCHEMA_HASH, validate as precompiled } from "./rules-file-validator.js";
import { rulesFileSchema } from "./schema.js";
import type { RulesFile } from "./types.js";

/** Ajv's options for the rules-file schema, here and in the precompiled validator. */
export const RULES_SCHEMA_OPTIONS = { allErrors: true, strict: false } as const;

interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

type Validate = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

/** sha256 of the schema's JSON: which schema a precompiled validator was made from. */
export function rulesSchemaHash(): string {
  return createHash("sha256").update(JSON.stringify(rulesFileSchema())).digest("hex");
}

let validator: Validate | undefined;

/** The precompiled validator when it was made from today's schema, else the schema compiled now. */
function rulesFileValidator(): Validate {
  if (validator !== undefined) return validator;
  if (SCHEMA_HASH === rulesSchemaHash()) {
    validator = precompiled as Validate;
  } else {
    const { Ajv2020: Ajv } = createRequire(import.meta.url)("ajv/dist/2020.js") as { Ajv2020: typeof Ajv2020 };
    validator = new Ajv(RULES_SCHEMA_OPTIONS).compile(rulesFileSchema()) as Validate;
  }
  return validator;
}

function position(doc: Document, counter: LineCounter, pointer: string): { line?: number; column?: number } {
  let node: unknown = doc.contents;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (isMap(node)) node = node.items.find((pair) => (pair.key as { value?: unknown })?.value === key)?.value ?? node;
    else if (isSeq(node)) node = node.items[Number(key)] ?? node;
  }
  const range = (node as { range?: [number, number] } | null)?.range;
  if (!range) return {};
  const { line, col } = counter.linePos(range[0]);
  return { line, column: col };
}

export function parseRules(text: string, file: string): RulesFile {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new RulesFileError(
      file,
      doc.errors.map((error) => {
        const { line, col } = counter.linePos(error.pos[0]);
        return { pointer: "", line, column: col, message: error.message.split("\n")[0] ?? error.message };
      }),
    );
  }
  const data = doc.toJS({ maxAliasCount: 50 }) as unknown;
  const validate = rulesFileValidator();
  if (!validate(data)) {
    // "must match then schema" adds nothing to the errors of the kind's own branch.
    const errors = (validate.errors ?? []).filter((error) => error.keyword !== "if" && error.keyword !== "oneOf" && error.keyword !== "const");
    throw new RulesFileError(
      file,
      (errors.length > 0 ? errors : (validate.errors ?? [])).slice(0, 20).map((error) => ({
        pointer: error.instancePath,
        ...position(doc, counter, error.instancePath),
        message: `${error.message ?? error.keyword}${error.keyword === "enum" && Array.isArray(error.params.allowedValues) ? `: ${error.params.allowedValues.join(", ")}` : ""}${error.params && "additionalProperty" in error.params ? ` (${String(error.params.additionalProperty)})` : ""}`,
      })),
    );
  }
  const rules = data as RulesFile;
  const seen = new Map<string, string>();
  const duplicates: { pointer: string; message: string }[] = [];
  const entries: [string, { id: string }][] = [
    ...rules.stages.map((stage, i) => [`/stages/${i}`, stage] as [string, { id: string }]),
    ...rules.rules.map((rule, i) => [`/rules/${i}`, rule] as [string, { id: string }]),
  ];
  for (const [pointer, { id }] of entries) {
    const first = seen.get(id);
    if (first !== undefined) duplicates.push({ pointer, message: `duplicate id ${JSON.stringify(id)} (first at ${first})` });
    else seen.set(id, pointer);
  }
  if (duplicates.length > 0)
    throw new RulesFileError(
      file,
      duplicates.map((duplicate) => ({ ...duplicate, ...position(doc, counter, duplicate.pointer) })),
    );
  const invalid = rules.rules.flatMap((rule, i) =>
    (ruleKind(rule.kind).validate?.(rule) ?? []).map((problem) => ({ pointer: `/rules/${i}${problem.pointer}`, message: `${rule.id}: ${problem.message}` })),
  );
  if (invalid.length > 0)
    throw new RulesFileError(
      file,
      invalid.map((problem) => ({ ...problem, ...position(doc, counter, problem.pointer) })),
    );
  return rules;
}
