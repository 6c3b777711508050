// Type nodes to text, laid out as the generated file is: two-space indentation, one member per
// line, `;` after each member, doc comments above members. Parentheses go where TypeScript's
// printer puts them (a union or intersection inside an array, an indexed access, an optional
// tuple element, or another union or intersection). Names and literals were escaped when the
// nodes were made (nodes.ts); nothing here writes spec text of its own.

import type { Member, TupleElement, TypeNode } from "./nodes.js";

const INDENT = "  ";

/** `node` as TypeScript source; lines after the first are indented by `indent`. */
export function printType(node: TypeNode, indent = ""): string {
  switch (node.kind) {
    case "keyword":
      return node.name;
    case "literal":
      return node.text;
    case "reference":
      return node.args.length === 0 ? node.name : `${node.name}<${node.args.map((a) => printType(a, indent)).join(", ")}>`;
    case "array":
      return `${operand(node.element, indent)}[]`;
    case "indexed":
      return `${operand(node.object, indent)}[${printType(node.index, indent)}]`;
    case "tuple":
      return `[${node.elements.map((tupleItem) => element(tupleItem, indent)).join(", ")}]`;
    case "union":
      return node.types.map((t) => operand(t, indent)).join(" | ");
    case "intersection":
      return node.types.map((t) => operand(t, indent)).join(" & ");
    case "object":
      return node.members.length === 0 ? "{}" : `{\n${printMembers(node.members, indent + INDENT)}\n${indent}}`;
  }
}

/** Members one per line at `indent`, without a trailing newline. */
export function printMembers(members: readonly Member[], indent: string): string {
  return members.map((member) => printMember(member, indent)).join("\n");
}

function printMember(member: Member, indent: string): string {
  if (member.kind === "index") return `${indent}[${member.parameter}: string]: ${printType(member.type, indent)};`;
  const doc = member.doc.length === 0 ? "" : `${docBlock(member.doc, indent)}\n`;
  return `${doc}${indent}${member.key.text}${member.optional ? "?" : ""}: ${printType(member.type, indent)};`;
}

/** A multi-line `/** … *\/` at `indent`; an empty line is a bare ` *`. */
export function docBlock(lines: readonly string[], indent: string): string {
  return [`${indent}/**`, ...lines.map((line) => (line === "" ? `${indent} *` : `${indent} * ${line}`)), `${indent} */`].join("\n");
}

/** A union or intersection in a position that binds tighter is parenthesized. */
function operand(node: TypeNode, indent: string): string {
  const text = printType(node, indent);
  return node.kind === "union" || node.kind === "intersection" ? `(${text})` : text;
}

function element(tupleElement: TupleElement, indent: string): string {
  if (tupleElement.rest === true) return `...${printType(tupleElement.type, indent)}`;
  return tupleElement.optional === true ? `${operand(tupleElement.type, indent)}?` : printType(tupleElement.type, indent);
}
