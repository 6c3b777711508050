// Small readers for v1 values: a table never trusts the v1 body's types.

export function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : undefined;
}

/** Fields of `body` that are present (not undefined, not null), in the order given. */
export function presentFields(body: Record<string, unknown>, fields: readonly string[]): string[] {
  return fields.filter((field) => body[field] !== undefined && body[field] !== null);
}

export function list(items: readonly string[]): string {
  return items.map((item) => JSON.stringify(item)).join(", ");
}
