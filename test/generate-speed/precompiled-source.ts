// The text of a precompiled validator file (rules/rules-file-validator.ts,
// generators/load/precompiled/*.ts): where it comes from and how to regenerate it, the imports of the
// runtime helpers its code calls, the hash of the schema it was made from, then Ajv's standalone
// code as Ajv writes it, with each helper's require() replaced by its imported name.

export interface PrecompiledFile {
  /** What the file is generated from and by which script: "rules/schema.ts by test/…". */
  from: string;
  /** The command that rewrites it. */
  regenerate: string;
  /** Who uses it, and when. */
  usedBy: string;
  /** Ajv's standalone code. */
  code: string;
  /** Each helper's require() call in the code and the name it is imported as. */
  helpers: readonly (readonly [call: string, name: string])[];
  /** The import lines of those names. */
  imports: (code: string) => string[];
  /** The hash of the schema the code was compiled from. */
  hash: string;
  /** For the error naming a runtime module the file does not map. */
  what: string;
}

export function precompiledSource(file: PrecompiledFile): string {
  let rest = file.code;
  for (const [call, name] of file.helpers) rest = rest.replaceAll(call, name);
  if (rest.includes("require(")) throw new Error(`${file.what} needs a runtime module: ${/require\([^)]*\)/.exec(rest)?.[0]}`);
  return [
    `// Generated from ${file.from}; do not edit.`,
    `// Regenerate: ${file.regenerate}`,
    `// ${file.usedBy}`,
    "/* eslint-disable */",
    "// @ts-nocheck",
    ...file.imports(rest),
    `export const SCHEMA_HASH = ${JSON.stringify(file.hash)};`,
    rest,
    "",
  ].join("\n");
}
