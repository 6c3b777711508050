// The GraphQL document of a wire body: parsed with the reference `graphql` package (loaded on
// first use, CommonJS build so that lint stays synchronous), the operation picked as a GraphQL
// server picks it (`operationName`, or the only one), and its top-level fields collected
// through fragments.

import { createRequire } from "node:module";
import type { DocumentNode, FieldNode, FragmentDefinitionNode, GraphQLError, OperationDefinitionNode, SelectionSetNode } from "graphql";

type GraphqlModule = { parse(source: string, options?: { maxTokens?: number }): DocumentNode; GraphQLError: typeof GraphQLError };
let graphql: GraphqlModule | undefined;

function load(): GraphqlModule {
  graphql ??= createRequire(import.meta.url)("graphql") as GraphqlModule;
  return graphql;
}

/**
 * Bounds of a GraphQL document (docs/graphql.md): far beyond any real mutation (a template with a
 * thousand environment variables is ~10k tokens, nested 5 deep), and small enough that a
 * document at the limit is parsed and judged in well under a second.
 */
export const MAX_TOKENS = 100_000;
export const MAX_NESTING = 64;

/** A failure of the document, with the offset in the query it concerns. */
export interface DocumentFailure {
  rule: "graphql/syntax" | "graphql/operation" | "graphql/limit";
  message: string;
  offset: number;
  /** Pointer in the body the failure concerns (`/query` or `/operationName`). */
  path: string;
}

/** The last document parsed: lint and serve read the same query, and it is parsed once. */
let last: { query: string; doc: DocumentNode | DocumentFailure } | undefined;

export function parseDocument(query: string): DocumentNode | DocumentFailure {
  if (last !== undefined && last.query === query) return last.doc;
  const doc = parseBounded(query);
  last = { query, doc };
  return doc;
}

function parseBounded(query: string): DocumentNode | DocumentFailure {
  let doc: DocumentNode;
  try {
    doc = load().parse(query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    // The parser recurses per nesting level: a query nested beyond the stack is refused as such.
    if (error instanceof RangeError) return tooDeep(0);
    if (!(error instanceof load().GraphQLError)) throw error;
    const offset = error.positions?.[0] ?? 0;
    if (/more tha[nt] \d+ tokens/.test(error.message)) {
      // graphql 16 writes "more that"
      return { rule: "graphql/limit", message: `must not hold more than ${MAX_TOKENS} tokens: v2kit stops reading there`, offset, path: "/query" };
    }
    return { rule: "graphql/syntax", message: `must be a GraphQL document: ${error.message}`, offset, path: "/query" };
  }
  const deep = deepest(doc);
  return deep === undefined ? doc : tooDeep(deep);
}

const tooDeep = (offset: number): DocumentFailure => ({
  rule: "graphql/limit",
  message: `must not nest selections or values more than ${MAX_NESTING} deep`,
  offset,
  path: "/query",
});

/** The offset of the first node nested deeper than MAX_NESTING (selection sets, lists, objects), or undefined. */
function deepest(doc: DocumentNode): number | undefined {
  const stack: [unknown, number][] = [[doc, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [Record<string, unknown>, number];
    const nests = node.kind === "SelectionSet" || node.kind === "ListValue" || node.kind === "ObjectValue";
    const level = nests ? depth + 1 : depth;
    if (level > MAX_NESTING) return (node.loc as { start: number } | undefined)?.start ?? 0;
    for (const key in node) {
      if (key === "loc") continue;
      const child = node[key];
      if (Array.isArray(child)) {
        for (const item of child) if (typeof item === "object" && item !== null) stack.push([item, level]);
      } else if (typeof child === "object" && child !== null && typeof (child as { kind?: unknown }).kind === "string") stack.push([child, level]);
    }
  }
  return undefined;
}

export function isFailure(value: unknown): value is DocumentFailure {
  return typeof value === "object" && value !== null && "rule" in value;
}

/** The operation a server would run: the one named by `operationName`, or the only one. */
export function pickOperation(doc: DocumentNode, operationName: string | undefined): OperationDefinitionNode | DocumentFailure {
  const operations = doc.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === "OperationDefinition");
  const names = operations.map((operation) => operation.name?.value ?? "(anonymous)").join(", ");
  if (operationName !== undefined) {
    const found = operations.find((operation) => operation.name?.value === operationName);
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
  for (const definition of doc.definitions) if (definition.kind === "FragmentDefinition") fragments.set(definition.name.value, definition);
  const out: FieldNode[] = [];
  const seen = new Set<string>();
  const walk = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
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
