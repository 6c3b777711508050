// An escaping code builder, after Ajv's lib/compile/codegen/code.ts: values interpolated
// into a `code` template become JSON literals; only `Code` values are inserted verbatim.
// Spec and rules text can therefore never become code. It lives under rules/ because both the
// rule kinds (each emits its own check) and the generators use it; rules never import generators.

export class Code {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** A JavaScript/TypeScript literal for any JSON value (strings, numbers, arrays, plain objects). */
export function literal(value: unknown): Code {
  if (value === undefined) throw new TypeError("codegen: cannot emit undefined as a literal");
  if (typeof value === "number" && !Number.isFinite(value)) throw new TypeError(`codegen: non-finite number ${value}`);
  if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") {
    throw new TypeError(`codegen: cannot emit a ${typeof value} as a literal`);
  }
  // Arrays and objects are written as literals (cheap to evaluate, unlike JSON.parse at run
  // time); object keys are computed (`{ ["__proto__"]: 1 }` defines a property, never the prototype).
  if (Array.isArray(value)) return new Code(`[${value.map((item) => literal(item).text).join(", ")}]`);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([k, entryValue]) => `[${jsonText(k)}]: ${literal(entryValue).text}`);
    return new Code(entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`);
  }
  return new Code(jsonText(value));
}

/** JSON text, with U+2028/U+2029 escaped so it is safe in any JavaScript parser. */
function jsonText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Tagged template: `code\`if (${expr}) out.push(${value})\``. */
export function code(strings: TemplateStringsArray, ...values: unknown[]): Code {
  let text = strings[0] ?? "";
  values.forEach((value, i) => {
    text += (value instanceof Code ? value.text : literal(value).text) + (strings[i + 1] ?? "");
  });
  return new Code(text);
}

export function join(parts: Code[], separator = "\n"): Code {
  return new Code(parts.map((part) => part.text).join(separator));
}
