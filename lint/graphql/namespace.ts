// Names of GraphQL operations beside REST operationIds (docs/graphql.md): `graphql:<name>`
// always addresses the GraphQL operation; the bare name does too unless a REST operation has
// that id, in which case REST wins.

import { type Engine, GRAPHQL_PREFIX, resolveOperation } from "../../engine/evaluate.js";
import { editDistance } from "../suggest.js";

export { GRAPHQL_PREFIX, resolveOperation };

/** The GraphQL name (without prefix) of an engine key, or undefined for a REST operation. */
export function graphqlName(engine: Engine, key: string): string | undefined {
  if (engine.operations.get(key)?.kind !== "graphql") return undefined;
  return key.startsWith(GRAPHQL_PREFIX) ? key.slice(GRAPHQL_PREFIX.length) : key;
}

/** The known names, one line each: GraphQL operations show their `graphql:` form. */
export function knownOperationLines(engine: Engine): string[] {
  return [...engine.operations.keys()].sort().map((key) => {
    const name = graphqlName(engine, key);
    if (name === undefined) return key;
    return key === name ? `${key} (GraphQL; also ${GRAPHQL_PREFIX}${name})` : `${key} (GraphQL; the bare name ${name} is the REST operation)`;
  });
}

/**
 * One sentence to say after "unknown operation X": a near name (case differs, prefix missing), else for
 * an engine with GraphQL operations the GraphQL names it knows: any other mutation is not known
 * to v2kit, and no schema failure is made up for it.
 */
export function unknownOperationAdvice(engine: Engine, operation: string): string {
  const keys = [...engine.operations.keys()].sort();
  const wanted = operation.toLowerCase();
  const near =
    keys.find((k) => k.toLowerCase() === wanted || `${GRAPHQL_PREFIX}${k}`.toLowerCase() === wanted) ??
    keys.find((k) => editDistance(k.toLowerCase(), wanted) <= 2);
  if (near !== undefined) return `Did you mean ${near}?`;
  const graphql = keys.flatMap((k) => {
    const name = graphqlName(engine, k);
    return name === undefined ? [] : [`${GRAPHQL_PREFIX}${name}`];
  });
  if (graphql.length === 0) return "";
  return `It is neither an operationId of the document nor a GraphQL operation v2kit knows (${graphql.join(", ")}: the ones the specification names).`;
}
