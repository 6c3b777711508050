// The GraphQL mutations the specification names (spec, Endpoints > GraphQL operations), each
// with its one argument. The bare shape (a body that is just the argument's value) needs to
// know that argument; the other shapes read arguments from the document or the body itself.

export interface SpecMutation {
  /** The single argument of the mutation. */
  argument: string;
  /** True when the argument is an input object (`input`), false for a string (`id`, `templateName`). */
  object: boolean;
}

export const SPEC_MUTATIONS: Readonly<Record<string, SpecMutation>> = {
  deleteTemplate: { argument: "templateName", object: false },
  saveTemplate: { argument: "input", object: true },
  secretCreate: { argument: "input", object: true },
  secretDelete: { argument: "id", object: false },
};

export function specMutation(name: string): SpecMutation | undefined {
  return Object.hasOwn(SPEC_MUTATIONS, name) ? SPEC_MUTATIONS[name] : undefined;
}
