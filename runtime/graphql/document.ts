// The GraphQL document of a wire body: parsed with the reference `graphql` package (loaded on
// first use, CommonJS build so that lint stays synchronous), the operation picked as a GraphQL
// server picks it (`operationName`, or the only one), and its top-level fields collected
// through fragments.

import { createRequire } from "node:module";
import type { DocumentNode, FieldNode, FragmentDefinitionNode, GraphQLError, OperationDefinitionNode, SelectionSetNode } from "graphql";

type GraphqlModule = { parse(source: string): DocumentNode; GraphQLError: typeof GraphQLError };
let graphql: GraphqlModule | undefined;

function load(): GraphqlModule {
  graphql ??= createRequire(import.meta.url)("graphql") as GraphqlModule;
  return graphql;
}

/** A failure of the document, with the offset in the query it concerns. */
export interface DocumentFailure {
  rule: "graphql/syntax" | "graphql/operation";
  message: string;
  offset: number;
  /** Pointer in the body the failure concerns (`/query` or `/operationName`). */
  path: string;
}

export function parseDocument(query: string): DocumentNode | DocumentFailure {
  try {
    return load().parse(query);
  } catch (error) {
    // The parser recurses per nesting level: a query nested beyond the stack is refused as such.
    if (error instanceof RangeError)
      return { rule: "graphql/syntax", message: "must not nest values deeper than the parser can follow", offset: 0, path: "/query" };
    if (!(error instanceof load().GraphQLError)) throw error;
    const offset = error.positions?.[0] ?? 0;
    return { rule: "graphql/syntax", message: `must be a GraphQL document: ${error.message}`, offset, path: "/query" };
  }
}

export function isFailure(value: unknown): value is DocumentFailure {
  return typeof value === "object" && value !== null && "rule" in value;
}

/** The operation a server would run: the one named by `operationName`, or the only one. */
export function pickOperation(doc: DocumentNode, operationName: string | undefined): OperationDefinitionNode | DocumentFailure {
  const operations = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === "OperationDefinition");
  const names = operations.map((o) => o.name?.value ?? "(anonymous)").join(", ");
  if (operationName !== undefined) {
    const found = operations.find((o) => o.name?.value === operationName);
    if (found) return found;
    return { rule: "graphql/operation", message: `must name an operation of the document: it has ${names || "none"}`, offset: 0, path: "/operationName" };
  }
  const [only, second] = operations;
  if (only === undefined) return { rule: "graphql/operation", message: "must hold an operation: the document has only fragments", offset: 0, path: "/query" };
  if (second !== undefined) {
    return {
      rule: "graphql/operation",
      message: `must give \`operationName\`: the document has ${operations.length} operations (${names})`,
      offset: second.loc?.start ?? 0,
      path: "/query",
    };
  }
  return only;
}

/** Top-level fields of a selection set, through inline fragments and fragment spreads. */
export function topLevelFields(doc: DocumentNode, set: SelectionSetNode): FieldNode[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === "FragmentDefinition") fragments.set(d.name.value, d);
  const out: FieldNode[] = [];
  const seen = new Set<string>();
  const walk = (s: SelectionSetNode) => {
    for (const selection of s.selections) {
      if (selection.kind === "Field") out.push(selection);
      else if (selection.kind === "InlineFragment") walk(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value); // a fragment cycle is a GraphQL validation error: stop
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(set);
  return out;
}
