// Ajv's two runtime helpers as ES modules, for the standalone validators: code-point length
// (minLength/maxLength) and deep equality over JSON data (enum, const, uniqueItems). Loading
// them from Ajv would start Node's CommonJS loader on every lint.

export { deepEqual as equal } from "./values.js";

/** Length in code points, as JSON Schema counts string length (a surrogate pair is one). */
export function ucs2length(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}
