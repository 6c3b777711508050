// Reading a rules file: YAML with positions, validated against its schema, then checked for
// what a schema cannot say (unique ids). Errors name the file, line, column and JSON pointer.

import { Ajv2020 } from "ajv/dist/2020.js";
import { type Document, isMap, isSeq, LineCounter, parseDocument } from "yaml";
import { ruleKind } from "./kinds/index.js";
import { rulesFileSchema } from "./schema.js";
import type { RulesFile } from "./types.js";

export class RulesFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: { pointer: string; line?: number; column?: number; message: string }[],
  ) {
    super(problems.map((p) => `${file}:${p.line ?? 1}:${p.column ?? 1}: ${p.pointer || "/"} ${p.message}`).join("\n"));
  }
}

function position(doc: Document, counter: LineCounter, pointer: string): { line?: number; column?: number } {
  let node: unknown = doc.contents;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (isMap(node)) node = node.items.find((p) => (p.key as { value?: unknown })?.value === key)?.value ?? node;
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
      doc.errors.map((e) => {
        const { line, col } = counter.linePos(e.pos[0]);
        return { pointer: "", line, column: col, message: e.message.split("\n")[0] ?? e.message };
      }),
    );
  }
  const data = doc.toJS({ maxAliasCount: 50 }) as unknown;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const validate = ajv.compile(rulesFileSchema());
  if (!validate(data)) {
    // "must match then schema" adds nothing to the errors of the kind's own branch.
    const errors = (validate.errors ?? []).filter((e) => e.keyword !== "if" && e.keyword !== "oneOf" && e.keyword !== "const");
    throw new RulesFileError(
      file,
      (errors.length > 0 ? errors : (validate.errors ?? [])).slice(0, 20).map((e) => ({
        pointer: e.instancePath,
        ...position(doc, counter, e.instancePath),
        message: `${e.message ?? e.keyword}${e.keyword === "enum" && Array.isArray(e.params.allowedValues) ? `: ${e.params.allowedValues.join(", ")}` : ""}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`,
      })),
    );
  }
  const rules = data as RulesFile;
  const seen = new Map<string, string>();
  const duplicates: { pointer: string; message: string }[] = [];
  const entries: [string, { id: string }][] = [
    ...rules.stages.map((s, i) => [`/stages/${i}`, s] as [string, { id: string }]),
    ...rules.rules.map((r, i) => [`/rules/${i}`, r] as [string, { id: string }]),
  ];
  for (const [pointer, { id }] of entries) {
    const first = seen.get(id);
    if (first !== undefined) duplicates.push({ pointer, message: `duplicate id ${JSON.stringify(id)} (first at ${first})` });
    else seen.set(id, pointer);
  }
  if (duplicates.length > 0)
    throw new RulesFileError(
      file,
      duplicates.map((d) => ({ ...d, ...position(doc, counter, d.pointer) })),
    );
  const invalid = rules.rules.flatMap((rule, i) =>
    (ruleKind(rule.kind).validate?.(rule) ?? []).map((p) => ({ pointer: `/rules/${i}${p.pointer}`, message: `${rule.id}: ${p.message}` })),
  );
  if (invalid.length > 0)
    throw new RulesFileError(
      file,
      invalid.map((d) => ({ ...d, ...position(doc, counter, d.pointer) })),
    );
  return rules;
}
