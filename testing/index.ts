// Property-test support for generated engines (`import … from "v2kit/testing"`): valid bodies
// built from the request schema and repaired by every rule's `satisfy`, and violations made by
// a rule's `violate`.

import fc from "fast-check";
import { ruleKind } from "../rules/kinds/index.js";
import { getAt, parsePointer } from "../engine/pointer.js";
import type { CheckContext, CheckResult } from "../engine/types.js";
import type { EdgeCase, ExampleEnv, RuleSpec, RulesFile } from "../rules/types.js";
import { arbitraryFor } from "./arbitrary.js";

export interface TestModel {
  rules: RulesFile;
  /** Component schemas, addressed by `#/$defs/<Name>` refs. */
  defs: Record<string, Record<string, unknown> | boolean>;
  /** Request schemas by operation. */
  requests: Record<string, Record<string, unknown> | boolean>;
  context: CheckContext;
}

export type Check = (operation: string, body: unknown, context?: CheckContext) => CheckResult;

/**
 * The context for an operation: the model's catalog and templates, plus, for operations whose
 * rules compare against the current state, a seeded current resource in which every field those
 * rules target is set.
 */
export function contextFor(model: TestModel, operation: string): CheckContext {
  const needing = rulesFor(model, operation).filter((rule) => rule.needs?.includes("current"));
  if (needing.length === 0) return model.context;
  const targets = needing.flatMap((rule) => ruleKind(rule.kind).targets(rule));
  const arb = arbitraryFor(model.requests[operation] ?? {}, model.defs).filter((candidate) =>
    targets.every((t) => {
      const value = getAt(candidate, parsePointer(t));
      return value !== undefined && (typeof value !== "number" || value > 1);
    }),
  );
  const [current] = fc.sample(arb, { seed: 11, numRuns: 1 });
  return { ...model.context, current };
}

const samples = new WeakMap<TestModel, Map<string, unknown>>();
const usable = (value: unknown) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

export function exampleEnv(model: TestModel, operation: string, plain = false): ExampleEnv {
  const request = model.requests[operation] ?? {};
  return {
    context: contextFor(model, operation),
    sample(pointer) {
      // A value that a body satisfying every rule has there (so it satisfies the rules about that
      // field itself: a CPU selection of known flavors, pools with their exclusions), else one
      // drawn from the field's schema. Seeded and cached, so tests stay reproducible and fast.
      if (!plain) {
        let cache = samples.get(model);
        if (!cache) samples.set(model, (cache = new Map()));
        const key = `${operation}\u0000${pointer}`;
        if (!cache.has(key)) {
          const bodies = fc.sample(bodiesWith(model, operation, exampleEnv(model, operation, true)), { seed: 7, numRuns: 30 });
          cache.set(key, bodies.map((b) => getAt(b, parsePointer(pointer))).find(usable));
        }
        const found = cache.get(key);
        if (found !== undefined) return structuredClone(found);
      }
      const sub = subschema(request, pointer, model.defs);
      const [value] = fc.sample(
        arbitraryFor(sub, model.defs).filter((sample) => sample !== null && !(Array.isArray(sample) && sample.length === 0)),
        { seed: 7, numRuns: 1 },
      );
      return value;
    },
  };
}

function subschema(schema: unknown, pointer: string, defs: TestModel["defs"]): Record<string, unknown> | boolean {
  let node: unknown = schema;
  for (const segment of parsePointer(pointer)) {
    node = resolve(node, defs);
    const schemaNode = node as Record<string, unknown>;
    if (segment === "*" || /^\d+$/.test(segment)) node = schemaNode.items;
    else node = findProperty(schemaNode, segment, defs);
    if (node === undefined) return true;
  }
  return (node ?? true) as Record<string, unknown> | boolean;
}

function resolve(node: unknown, defs: TestModel["defs"]): unknown {
  let current = node;
  for (let i = 0; i < 10 && current && typeof current === "object" && typeof (current as { $ref?: unknown }).$ref === "string"; i++) {
    current = defs[decodeURIComponent(String((current as { $ref: string }).$ref).split("#/$defs/")[1] ?? "")];
  }
  return current;
}

function findProperty(schema: Record<string, unknown>, name: string, defs: TestModel["defs"]): unknown {
  const props = schema.properties as Record<string, unknown> | undefined;
  if (props && Object.hasOwn(props, name)) return props[name];
  for (const key of ["allOf", "oneOf", "anyOf"]) {
    for (const part of (schema[key] as unknown[] | undefined) ?? []) {
      const found = findProperty(resolve(part, defs) as Record<string, unknown>, name, defs);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function rulesFor(model: TestModel, operation: string): RuleSpec[] {
  return model.rules.rules.filter((rule) => rule.operations.includes(operation));
}

/**
 * Schema-generated bodies, repaired by each rule's `satisfy` (a few rounds, to a fixpoint); `accept` is the safety net for what
 * the generator cannot promise (pass the schema validator: repairs can create duplicates).
 */
export function validBodies(model: TestModel, operation: string, accept: (body: unknown) => boolean = () => true): fc.Arbitrary<unknown> {
  return bodiesWith(model, operation, exampleEnv(model, operation), accept);
}

function bodiesWith(model: TestModel, operation: string, env: ExampleEnv, accept: (body: unknown) => boolean = () => true): fc.Arbitrary<unknown> {
  const rules = rulesFor(model, operation);
  return arbitraryFor(model.requests[operation] ?? {}, model.defs)
    .map((body) => {
      let current: unknown = body;
      for (let round = 0; round < 4 && current !== undefined; round++) {
        for (const rule of rules) {
          if (current === undefined) break;
          current = ruleKind(rule.kind).satisfy(rule, current, env);
        }
      }
      return current;
    })
    .filter((b) => b !== undefined && accept(b));
}

/** The rule ids among a verdict's violations, schema failures left out. */
export function ruleIds(result: CheckResult): string[] {
  return [...new Set(result.violations.map((violation) => violation.rule).filter((ruleId) => !ruleId.startsWith("schema/")))].sort();
}

export function violate(model: TestModel, rule: RuleSpec, operation: string, body: unknown): unknown {
  return ruleKind(rule.kind).violate(rule, body, exampleEnv(model, operation));
}

/** A rule kind's fixed edge cases for one valid body. */
export function edgeCases(model: TestModel, rule: RuleSpec, operation: string, body: unknown): EdgeCase[] {
  return ruleKind(rule.kind)
    .edgeCases(rule, body, exampleEnv(model, operation))
    .filter((edgeCase) => edgeCase.body !== undefined);
}

export { getAt, parsePointer };
