// Ajv's two runtime helpers as ES modules, for the standalone validators: code-point length
// (minLength/maxLength) and deep equality over JSON data (enum, const, uniqueItems). Loading
// them from Ajv would start Node's CommonJS loader on every lint.

export { deepEqual as equal } from "./values.js";

/**
 * Length in code points, as JSON Schema counts string length (a surrogate pair is one, a lone
 * surrogate one too). UTF-16 units less one per pair: a charCodeAt loop, several times cheaper
 * than iterating the string, which makes a string per code point.
 */
export function ucs2length(text: string): number {
  const units = text.length;
  let length = units;
  for (let i = 0; i < units - 1; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}
