// GraphQL argument values (literals and `$variables`) to JSON, remembering where each value
// came from: an offset in the query string for a literal, a JSON pointer into the body for a
// variable's value. Violations on the arguments are mapped back through these origins.

import type { ArgumentNode, ValueNode, VariableDefinitionNode } from "graphql";
import { formatPointer, parsePointer } from "../../engine/pointer.js";

/** Where a value of the arguments object came from. */
export type Origin = { query: number } | { body: string };

export interface Problem {
  message: string;
  origin: Origin;
}

/** Marks a value that is absent: a variable without value or default (GraphQL: not provided). */
const ABSENT: unique symbol = Symbol("absent");

export class ArgumentReader {
  readonly origins = new Map<string, Origin>();
  readonly problems: Problem[] = [];
  private readonly definitions = new Map<string, VariableDefinitionNode>();

  constructor(
    definitions: readonly VariableDefinitionNode[],
    /** The request's `variables` object (absent: {}), and its pointer in the body. */
    private readonly variables: Record<string, unknown>,
    private readonly variablesPointer: string,
  ) {
    for (const definition of definitions) this.definitions.set(definition.variable.name.value, definition);
  }

  /** The arguments of one field as a JSON object; the root origin is the field itself. */
  read(fieldStart: number, args: readonly ArgumentNode[]): Record<string, unknown> {
    this.origins.set("", { query: fieldStart });
    const out: Record<string, unknown> = {};
    for (const arg of args) {
      const value = this.value(arg.value, formatPointer([arg.name.value]));
      if (value !== ABSENT) define(out, arg.name.value, value);
    }
    return out;
  }

  private value(node: ValueNode, pointer: string): unknown {
    this.origins.set(pointer, { query: node.loc?.start ?? 0 });
    switch (node.kind) {
      case "Variable":
        return this.variable(node.name.value, node.loc?.start ?? 0, pointer);
      case "IntValue":
      case "FloatValue":
        return Number(node.value);
      case "StringValue":
      case "EnumValue":
        return node.value;
      case "BooleanValue":
        return node.value;
      case "NullValue":
        return null;
      case "ListValue":
        // A variable without value inside a list is null there (GraphQL input coercion).
        return node.values.map((item, i) => {
          const itemValue = this.value(item, `${pointer}/${i}`);
          return itemValue === ABSENT ? null : itemValue;
        });
      case "ObjectValue": {
        const out: Record<string, unknown> = {};
        for (const field of node.fields) {
          const fieldValue = this.value(field.value, `${pointer}/${formatPointer([field.name.value]).slice(1)}`);
          if (fieldValue !== ABSENT) define(out, field.name.value, fieldValue);
        }
        return out;
      }
    }
  }

  private variable(name: string, at: number, pointer: string): unknown {
    const definition = this.definitions.get(name);
    if (definition === undefined) {
      this.problems.push({ message: `must declare variable $${name}: the operation uses it but does not declare it`, origin: { query: at } });
      return ABSENT;
    }
    if (Object.hasOwn(this.variables, name)) {
      this.origins.set(pointer, { body: `${this.variablesPointer}/${formatPointer([name]).slice(1)}` });
      return this.variables[name];
    }
    if (definition.defaultValue !== undefined) {
      // The default is a literal of the document: its values come from the query.
      return this.value(definition.defaultValue, pointer);
    }
    if (definition.type.kind === "NonNullType") {
      const where: Origin = this.variablesPointer === "" ? { query: definition.loc?.start ?? at } : { body: this.variablesPointer };
      this.problems.push({ message: `must give variable $${name} a value in \`variables\`: it is declared non-null and has no default`, origin: where });
    }
    return ABSENT;
  }
}

/** Set a member as data: a `__proto__` field stays a field (and fails the schema), never a prototype. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The origin of the value at `pointer`: its own, or its nearest ancestor's plus the rest. */
export function originOf(origins: ReadonlyMap<string, Origin>, pointer: string): { origin: Origin; rest: readonly string[] } {
  let segments: readonly string[];
  try {
    segments = parsePointer(pointer);
  } catch {
    segments = [];
  }
  for (let prefixLength = segments.length; prefixLength >= 0; prefixLength--) {
    const origin = origins.get(formatPointer(segments.slice(0, prefixLength)));
    if (origin !== undefined) return { origin, rest: segments.slice(prefixLength) };
  }
  return { origin: { query: 0 }, rest: segments };
}
