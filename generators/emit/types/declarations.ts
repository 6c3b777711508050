// Top-level declarations of types.ts (exported type aliases and interfaces) as text. Doc
// comments on declarations and interface members are one line (`/** text *\/`) when the text
// is one line, else a block; doc lines were sanitized by docs.ts.

import type { PropertyKey, TypeNode } from "./nodes.js";
import { docBlock, printType } from "./print.js";

export interface TypeAliasDeclaration {
  name: string;
  /** Type parameters as written, e.g. `Op extends keyof Operations`. */
  parameters?: readonly string[];
  type: TypeNode | string;
  doc: readonly string[];
}

export interface InterfaceMember {
  key: PropertyKey;
  type: TypeNode;
  doc: readonly string[];
}

export interface InterfaceDeclaration {
  name: string;
  members: readonly InterfaceMember[];
  doc: readonly string[];
}

/** A text of one line is `/** text *\/`; a longer one is a block, less a leading empty line. */
function jsDoc(lines: readonly string[], indent: string): string {
  if (lines.length === 0) return "";
  if (lines.length === 1) return `${indent}/** ${lines[0] ?? ""} */\n`;
  return `${docBlock(lines[0] === "" ? lines.slice(1) : lines, indent)}\n`;
}

export function printAlias(alias: TypeAliasDeclaration): string {
  const parameters = alias.parameters === undefined || alias.parameters.length === 0 ? "" : `<${alias.parameters.join(", ")}>`;
  const type = typeof alias.type === "string" ? alias.type : printType(alias.type);
  return `${jsDoc(alias.doc, "")}export type ${alias.name}${parameters} = ${type};`;
}

export function printInterface(declaration: InterfaceDeclaration): string {
  const members = declaration.members.map((member) => `${jsDoc(member.doc, "  ")}  ${member.key.text}: ${printType(member.type, "  ")};`);
  const body = members.length === 0 ? "{\n}" : `{\n${members.join("\n")}\n}`;
  return `${jsDoc(declaration.doc, "")}export interface ${declaration.name} ${body}`;
}
