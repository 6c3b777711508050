// Printing factory-built type nodes to text for ts-morph structures. The printer escapes
// string literals itself (quotes, backslashes, newlines, U+2028, non-ASCII).

import { ts } from "ts-morph";

const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false });
const scratch = ts.createSourceFile("print.ts", "", ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);

export function printNode(node: ts.Node): string {
  return printer.printNode(ts.EmitHint.Unspecified, node, scratch);
}
