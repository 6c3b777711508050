// Emits output/types.ts: one type per component schema, the `Operations` map, request types
// narrowed by the cross-field rules of the rules file where TypeScript can express them, and
// `paths`/`operations`/`components` in openapi-typescript's shape (for openapi-fetch).
// Built with ts-morph structures over ts.factory type nodes; the printer escapes all names
// and literals, and doc text goes through sanitizeDocText.

import { IndentationText, NewLineKind, Project, QuoteKind, StructureKind, type TypeAliasDeclarationStructure, ts } from "ts-morph";
import type { RulesFile } from "../rules/types.js";
import type { ApiModel, OperationModel } from "./model.js";
import { closureNote } from "./types/composition.js";
import { directReach } from "./types/cycles.js";
import { docStructures, schemaDocLines } from "./types/docs.js";
import { compareCodePoints, NameRegistry, pascalCase, propertyKey } from "./types/names.js";
import { narrowRequest } from "./types/narrowing.js";
import { openApiShapes } from "./types/openapi-shapes.js";
import { operationDocLines, operationType } from "./types/operations.js";
import { printNode } from "./types/print.js";
import { schemaToType, type TypeContext } from "./types/schema-to-type.js";

const FORMAT: ts.FormatCodeSettings = {
  indentSize: 2,
  tabSize: 2,
  convertTabsToSpaces: true,
  newLineCharacter: "\n",
  insertSpaceAfterSemicolonInForStatements: true,
  insertSpaceBeforeAndAfterBinaryOperators: true,
  semicolons: ts.SemicolonPreference.Insert,
};

export function emitTypes(model: ApiModel, rules: RulesFile, header: string): string {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, newLineKind: NewLineKind.LineFeed, quoteKind: QuoteKind.Double },
  });
  const file = project.createSourceFile("types.ts", "", { overwrite: true });

  const schemaNames = Object.keys(model.schemas).sort(compareCodePoints);
  const registry = new NameRegistry();
  const typeNames = registry.assignAll(schemaNames);
  const ctx: TypeContext = { schemas: model.schemas, typeNames, expanding: new Set(), directReach: directReach(model.schemas) };

  const aliases: TypeAliasDeclarationStructure[] = schemaNames.map((name) => {
    const schema = model.schemas[name] ?? true;
    const type = printNode(schemaToType(schema, { ...ctx, current: name }, { direct: true }));
    const note = closureNote(schema, model.schemas);
    return alias(typeNames.get(name) ?? "", type, schemaDocLines(schema, note === undefined ? [] : [note]));
  });

  const operations = uniqueById(model.operations);
  const opDocs = new Map<string, string[]>();
  const members = operations.map((op) => {
    const narrowing = narrowRequest(op, rules.rules, ctx);
    let requestName: string | undefined;
    if (narrowing.type !== undefined) {
      requestName = registry.allocate(`${pascalCase(op.id)}RequestBody`);
      const doc = [`Request body of \`${op.id}\`, narrowed by rules ${narrowing.applied.map((id) => `\`${id}\``).join(", ")}.`];
      aliases.push(alias(requestName, printNode(narrowing.type), schemaDocLines({ description: doc.join("\n") })));
    }
    const docs = docStructures(operationDocLines(op, narrowing.notes));
    opDocs.set(op.id, docs);
    return {
      kind: StructureKind.PropertySignature as const,
      name: printNode(propertyKey(op.id)),
      type: printNode(operationType(op, ctx, requestName)),
      docs,
    };
  });

  file.addTypeAliases(aliases);
  file.addInterface({
    isExported: true,
    name: "Operations",
    properties: members,
    docs: ["Every operation by id: request body, parameters, and response bodies by status."],
  });
  file.addTypeAlias({
    isExported: true,
    name: "RequestBody",
    typeParameters: [{ name: "Op", constraint: "keyof Operations" }],
    type: 'Operations[Op]["request"]',
  });
  file.addTypeAlias({
    isExported: true,
    name: "ResponseBody",
    typeParameters: [
      { name: "Op", constraint: "keyof Operations" },
      { name: "Status", constraint: 'keyof Operations[Op]["responses"]' },
    ],
    type: 'Operations[Op]["responses"][Status]',
  });
  file.addInterfaces(openApiShapes(operations, ctx, opDocs));
  file.formatText(FORMAT);

  const body = file.getFullText().replace(/\r\n?/g, "\n").replace(/\n*$/, "\n");
  const top = header.replace(/\r\n?/g, "\n").replace(/\n*$/, "");
  return top === "" ? body : `${top}\n\n${body}`;
}

function alias(name: string, type: string, doc: readonly string[]): TypeAliasDeclarationStructure {
  return { kind: StructureKind.TypeAlias, isExported: true, name, type, docs: docStructures(doc) };
}

/** Operations in code-point order of id; a repeated id keeps its first occurrence. */
function uniqueById(operations: readonly OperationModel[]): OperationModel[] {
  const seen = new Set<string>();
  return [...operations].sort((a, b) => compareCodePoints(a.id, b.id)).filter((op) => !seen.has(op.id) && seen.add(op.id) !== undefined);
}
