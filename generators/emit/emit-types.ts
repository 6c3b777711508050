// Emits output/types.ts: one type per component schema, the `Operations` map, request types
// narrowed by the cross-field rules of the rules file where TypeScript can express them, and
// `paths`/`operations`/`components` in openapi-typescript's shape (for openapi-fetch).
// Built from type nodes (types/nodes.ts: names and literals escaped as they are made) printed
// as text (types/print.ts), with no TypeScript compiler loaded; doc text goes through
// sanitizeDocText. docs/generate-speed.md says why.

import type { RulesFile } from "../../rules/types.js";
import type { ApiModel, OperationModel } from "../../schema-model/model.js";
import { closureNote } from "./types/composition.js";
import { directReach } from "./types/cycles.js";
import { type InterfaceMember, printAlias, printInterface, type TypeAliasDeclaration } from "./types/declarations.js";
import { schemaDocLines } from "./types/docs.js";
import { compareCodePoints, NameRegistry, pascalCase } from "./types/names.js";
import { narrowRequest } from "./types/narrowing.js";
import { propertyKey } from "./types/nodes.js";
import { openApiShapes } from "./types/openapi-shapes.js";
import { operationDocLines, operationType } from "./types/operations.js";
import { schemaToType, type TypeContext } from "./types/schema-to-type.js";

export function emitTypes(model: ApiModel, rules: RulesFile, header: string): string {
  const schemaNames = Object.keys(model.schemas).sort(compareCodePoints);
  const registry = new NameRegistry();
  const typeNames = registry.assignAll(schemaNames);
  const ctx: TypeContext = { schemas: model.schemas, typeNames, expanding: new Set(), directReach: directReach(model.schemas) };

  const aliases: TypeAliasDeclaration[] = schemaNames.map((name) => {
    const schema = model.schemas[name] ?? true;
    const type = schemaToType(schema, { ...ctx, current: name }, { direct: true });
    const note = closureNote(schema, model.schemas);
    return { name: typeNames.get(name) ?? "", type, doc: docLines(schemaDocLines(schema, note === undefined ? [] : [note])) };
  });

  const operations = uniqueById(model.operations);
  const opDocs = new Map<string, string[]>();
  const members: InterfaceMember[] = operations.map((op) => {
    const narrowing = narrowRequest(op, rules.rules, ctx);
    let requestName: string | undefined;
    if (narrowing.type !== undefined) {
      requestName = registry.allocate(`${pascalCase(op.id)}RequestBody`);
      const doc = [`Request body of \`${op.id}\`, narrowed by rules ${narrowing.applied.map((id) => `\`${id}\``).join(", ")}.`];
      aliases.push({ name: requestName, type: narrowing.type, doc: docLines(schemaDocLines({ description: doc.join("\n") })) });
    }
    const docs = docLines(operationDocLines(op, narrowing.notes));
    opDocs.set(op.id, docs);
    return { key: propertyKey(op.id), type: operationType(op, ctx, requestName), doc: docs };
  });

  // Aliases are written one after another; every other declaration after a blank line.
  const sections = [
    ...(aliases.length === 0 ? [] : [aliases.map(printAlias).join("\n")]),
    printInterface({ name: "Operations", members, doc: ["Every operation by id: request body, parameters, and response bodies by status."] }),
    [
      printAlias({ name: "RequestBody", parameters: ["Op extends keyof Operations"], type: 'Operations[Op]["request"]', doc: [] }),
      printAlias({
        name: "ResponseBody",
        parameters: ["Op extends keyof Operations", 'Status extends keyof Operations[Op]["responses"]'],
        type: 'Operations[Op]["responses"][Status]',
        doc: [],
      }),
    ].join("\n"),
    ...openApiShapes(operations, ctx, opDocs).map(printInterface),
  ];
  const body = `${sections.join("\n\n")}\n`;
  const top = header.replace(/\r\n?/g, "\n").replace(/\n*$/, "");
  return top === "" ? body : `${top}\n\n${body}`;
}

/** Doc lines of a declaration: one line prints as `/** text *\/`, more as a block. */
function docLines(lines: readonly string[]): string[] {
  return lines.length === 0 ? [] : lines.join("\n").split("\n");
}

/** Operations in code-point order of id; a repeated id keeps its first occurrence. */
function uniqueById(operations: readonly OperationModel[]): OperationModel[] {
  const seen = new Set<string>();
  return [...operations].sort((a, b) => compareCodePoints(a.id, b.id)).filter((op) => !seen.has(op.id) && seen.add(op.id) !== undefined);
}
