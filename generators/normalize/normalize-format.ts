// A document's own examples outrank its `format` annotation. Where a string example written next
// to a `format` does not satisfy it, the document contradicts itself, and a validator that trusts
// the format rejects values the service really sends (the published v2 document's job URLs:
// `format: uri` beside `…/status/{job_id}`, a URI template; `{` is not allowed in a URI,
// RFC 3986 §2). The format is widened to the nearest one every example satisfies (URI formats →
// `uri-template`, RFC 6570) or dropped, with a warning naming the pointer.

import { fullFormats } from "ajv-formats/dist/formats.js";
import type { Diagnostic } from "../../schema-model/model.js";

/** Formats a contradicted format may widen to, nearest first. */
const WIDER: Record<string, string[]> = {
  uri: ["uri-reference", "uri-template"],
  url: ["uri-reference", "uri-template"],
  "uri-reference": ["uri-template"],
};

function satisfies(format: string, value: string): boolean | undefined {
  const check = (fullFormats as Record<string, unknown>)[format];
  // Numeric formats (int64, double) say nothing about a string example.
  if (check !== null && typeof check === "object" && "type" in check && check.type !== "string") return undefined;
  const test: unknown = check !== null && typeof check === "object" && !(check instanceof RegExp) && "validate" in check ? check.validate : check;
  if (test instanceof RegExp) return test.test(value);
  return typeof test === "function" ? Boolean((test as (v: string) => unknown)(value)) : undefined;
}

/** String examples the schema object itself carries (3.1 `examples`, 3.0 `example`). */
function ownExamples(src: Record<string, unknown>): string[] {
  const all = [...(Array.isArray(src.examples) ? src.examples : []), ...(src.example !== undefined ? [src.example] : [])];
  return all.filter((example): example is string => typeof example === "string");
}

/**
 * Returns the format to keep (possibly widened), or undefined to drop it. Formats the checker does
 * not know (annotations such as int64) and schemas without string examples are kept as they are.
 */
export function reconcileFormat(format: string, src: Record<string, unknown>, pointer: string, diagnostics: Diagnostic[]): string | undefined {
  const examples = ownExamples(src);
  const failing = examples.find((example) => satisfies(format, example) === false);
  if (failing === undefined) return format;
  const wider = (WIDER[format] ?? []).find((widerFormat) => examples.every((example) => satisfies(widerFormat, example) === true));
  diagnostics.push({
    level: "warning",
    code: "format-contradicted-by-example",
    message:
      `the schema's own example ${JSON.stringify(failing)} is not a valid ${JSON.stringify(format)}; ` +
      (wider === undefined ? "the format is dropped" : `the format is widened to ${JSON.stringify(wider)}`),
    pointer,
  });
  return wider;
}
