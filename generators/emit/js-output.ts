// `generate --js`: the generated TypeScript as JavaScript a plain Node project runs (`.mjs`), each
// module with its declarations beside it (`.d.mts`) for editors and for TypeScript consumers.
// The JavaScript is the TypeScript with its types stripped by sucrase (no type checking, no
// other change: comments and line numbers stay); the declarations are written by v2kit, not derived by a compiler, because no
// TypeScript is installed where --js is for: types.mts is declarations already, the runtime's
// come from the package's own compiled `dist/engine/*.d.ts`, the modules generate lays out
// from templates get declaration templates beside theirs (templates/*.d.ts.hbs), and a
// validator module exports validate functions only. test/generate-js.test.ts holds every
// declaration file type-equal to its TypeScript module.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { transform } from "sucrase";
import { VALIDATE_TYPE } from "./emit-validators.js";
import { packageRoot } from "../../schema-model/package-files.js";
import { render } from "./templates.js";

/** The comment lines a generated file starts with (the "auto-generated" header). */
function headerOf(text: string): string {
  const lines: string[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("//") || line.startsWith("// @ts-")) break;
    lines.push(line);
  }
  return lines.join("\n");
}

/** The module without its types: comments, layout and line numbers kept (sucrase, typescript only). */
function stripTypes(name: string, text: string): string {
  return transform(text, { transforms: ["typescript"], disableESTransforms: true, filePath: name }).code;
}

/** dist/engine/<name>.d.ts, its imports pointed at the .mjs beside it. */
function runtimeDeclarations(file: string): string {
  const source = path.join(packageRoot(), "dist", "engine", `${file}.d.ts`);
  if (!existsSync(source)) throw new Error(`generate --js needs ${source}: this copy of v2kit is not built (npm run build)`);
  return readFileSync(source, "utf8").replace(/(from ["']\.\/[a-z-]+)\.js(["'])/g, "$1.mjs$2");
}

function validatorDeclarations(text: string): string {
  // Ajv writes its exports mid-line (`"use strict";export const requestValidator = validate80;`).
  const names = [...new Set([...text.matchAll(/(?:^|;)\s*export const (\w+)/gm)].map((match) => match[1] as string))];
  if (names.length === 0) throw new Error("generate --js: a validator module without exports");
  const lines = names.map((name) =>
    name === "responses" ? `export declare const responses: Record<string, ValidateFunction>;` : `export declare const ${name}: ValidateFunction;`,
  );
  return `${VALIDATE_TYPE}\n${lines.join("\n")}\n`;
}

/** The declarations of one generated module, or why it has none v2kit knows how to write. */
function declarations(name: string, text: string, header: string): string {
  if (name === "types.mts") return text;
  if (name === "index.mts") return render("index.d.ts", { header });
  if (name === "rules.mts") {
    const ruleIds = /^export type RuleId = (.*);$/m.exec(text)?.[1];
    if (ruleIds === undefined) throw new Error("generate --js: rules.mts declares no RuleId");
    return render("rules.d.ts", { header, ruleIds });
  }
  if (name === "routes.mts") return render("routes.d.ts", { header });
  if (name === "catalog.mts")
    return `${header}\nimport type { CatalogSnapshot } from "./runtime/index.mjs";\n\nexport declare const snapshot: CatalogSnapshot;\n`;
  if (name === "requests.mts") return `${header}\n// Attaches every request validator to the engine on import: it exports nothing.\nexport {};\n`;
  const runtime = /^runtime\/([a-z-]+)\.mts$/.exec(name)?.[1];
  if (runtime !== undefined) return `${header}\n${runtimeDeclarations(runtime)}`;
  if (name.startsWith("validators/")) return `${header}\n${validatorDeclarations(text)}`;
  if (name.startsWith("operations/")) {
    const operation = /^export const operation = ("(?:[^"\\]|\\.)*");$/m.exec(text)?.[1];
    if (operation === undefined) throw new Error(`generate --js: ${name} names no operation`);
    return render("operation.d.ts", { header, operation });
  }
  throw new Error(`generate --js: no declarations are known for ${name}`);
}

/** Every `.mts` file as `.mjs` + `.d.mts`; other files (Markdown, JSON, the .mjs tests) as they are. */
export function toJavaScript(files: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, text] of files) {
    if (!name.endsWith(".mts")) {
      out.set(name, text);
      continue;
    }
    const stem = name.slice(0, -".mts".length);
    const header = headerOf(text);
    out.set(`${stem}.mjs`, name === "types.mts" ? `${header}\n// Types only: their declarations are types.d.mts.\nexport {};\n` : stripTypes(name, text));
    out.set(`${stem}.d.mts`, declarations(name, text, header));
  }
  return out;
}

/** An artifact's file list under --js: each `.mts` becomes its `.mjs` and `.d.mts`. */
export function javaScriptNames(names: readonly string[]): string[] {
  return names.flatMap((file) => (file.endsWith(".mts") ? [`${file.slice(0, -4)}.mjs`, `${file.slice(0, -4)}.d.mts`] : [file]));
}
