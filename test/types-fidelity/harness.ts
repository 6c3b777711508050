// The compile-time fidelity harness: typed-body fixtures are written into one consumer file
// (one line per body, invalid ones under `// @ts-expect-error <reason>`) and compiled once per
// generated `types.ts` with ts-morph's TypeScript (strict, noUncheckedIndexedAccess). A valid
// body is accepted when its line has no diagnostic; an invalid one is rejected when its
// directive is used (no TS2578 "Unused '@ts-expect-error' directive").

import { readFileSync } from "node:fs";
import path from "node:path";
import { Project, ts } from "ts-morph";

export interface Fixture {
  /** Operation id. */
  op: string;
  body: unknown;
  /** Present on invalid bodies: why the document or the spec rejects it (one line). */
  reason?: string;
}

/** How a consumer names the request body of an operation with a given generator's output. */
export interface Flavour {
  name: string;
  /** Source lines declaring `type Body<Op extends string>` from `./types.js`. */
  prelude: string[];
}

export const V2KIT: Flavour = {
  name: "v2kit",
  prelude: ['import type { RequestBody, Operations } from "./types.js";', "type Body<Op extends keyof Operations> = RequestBody<Op>;"],
};

export const OPENAPI_TYPESCRIPT: Flavour = {
  name: "openapi-typescript",
  prelude: [
    'import type { operations } from "./types.js";',
    'type Body<Op extends keyof operations> = NonNullable<operations[Op]["requestBody"]>["content"]["application/json"];',
  ],
};

export interface Score {
  flavour: string;
  valid: number;
  validAccepted: number;
  invalid: number;
  invalidRejected: number;
  /** One line per fixture that went the wrong way, with the compiler's message for valid ones. */
  misses: string[];
  /** Diagnostics outside fixture lines (the generated file, the prelude). */
  other: string[];
}

const OPTIONS = {
  strict: true,
  noUncheckedIndexedAccess: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  noEmit: true,
};

/** An in-memory project; `packages` are copied from node_modules (their .d.ts files and package.json). */
export function memoryProject(packages: readonly string[] = []): Project {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: OPTIONS });
  const fs = project.getFileSystem();
  for (const name of packages) {
    const root = path.join(import.meta.dirname, "../../node_modules", name);
    fs.writeFileSync(`/node_modules/${name}/package.json`, readFileSync(path.join(root, "package.json"), "utf8"));
    for (const file of ["index.d.ts", "index.d.mts", "index.d.cts"]) {
      fs.writeFileSync(`/node_modules/${name}/dist/${file}`, readFileSync(path.join(root, "dist", file), "utf8"));
    }
  }
  return project;
}

export function consumerSource(flavour: Flavour, fixtures: readonly Fixture[]): { text: string; lines: number[] } {
  const out = [...flavour.prelude];
  const lines: number[] = [];
  fixtures.forEach((fx, i) => {
    out.push(`// ${i}: ${fx.op}${fx.reason === undefined ? " (valid)" : ""}`);
    if (fx.reason !== undefined) out.push(`// @ts-expect-error ${fx.reason}`);
    out.push(`export const f${i}: Body<${JSON.stringify(fx.op)}> = ${JSON.stringify(fx.body)};`);
    lines.push(out.length);
  });
  return { text: `${out.join("\n")}\n`, lines };
}

export function score(project: Project, typesText: string, flavour: Flavour, fixtures: readonly Fixture[]): Score {
  for (const sf of project.getSourceFiles()) project.removeSourceFile(sf);
  project.createSourceFile("/types.ts", typesText, { overwrite: true });
  const { text, lines } = consumerSource(flavour, fixtures);
  const consumer = project.createSourceFile("/consumer.ts", text, { overwrite: true });
  const diagnostics = project.getPreEmitDiagnostics().map((diagnostic) => ({
    file: diagnostic.getSourceFile()?.getBaseName() ?? "?",
    line: diagnostic.getLineNumber() ?? 0,
    code: diagnostic.getCode(),
    message: ts.flattenDiagnosticMessageText(diagnostic.compilerObject.messageText, " "),
  }));
  project.removeSourceFile(consumer);
  const result: Score = { flavour: flavour.name, valid: 0, validAccepted: 0, invalid: 0, invalidRejected: 0, misses: [], other: [] };
  const fixtureLines = new Set<number>();
  fixtures.forEach((fx, i) => {
    const line = lines[i] ?? 0;
    fixtureLines.add(line);
    const here = diagnostics.filter((diagnostic) => diagnostic.file === "consumer.ts" && diagnostic.line === line);
    if (fx.reason === undefined) {
      result.valid++;
      if (here.length === 0) result.validAccepted++;
      else
        result.misses.push(
          `valid ${fx.op} #${i} rejected: ${here
            .map((diagnostic) => `TS${diagnostic.code} ${diagnostic.message}`)
            .join("; ")
            .slice(0, 400)}`,
        );
      return;
    }
    fixtureLines.add(line - 1);
    result.invalid++;
    const unused = diagnostics.some((diagnostic) => diagnostic.file === "consumer.ts" && diagnostic.line === line - 1 && diagnostic.code === 2578);
    if (unused) result.misses.push(`invalid ${fx.op} #${i} accepted: ${fx.reason}`);
    else result.invalidRejected++;
  });
  result.other = diagnostics
    .filter((diagnostic) => diagnostic.file !== "consumer.ts" || !fixtureLines.has(diagnostic.line))
    .map((diagnostic) => `${diagnostic.file}:${diagnostic.line} TS${diagnostic.code} ${diagnostic.message}`);
  return result;
}

export function table(rows: readonly { document: string; score: Score }[]): string {
  const lines = ["| document | generator | valid accepted | invalid rejected |", "|---|---|---|---|"];
  for (const { document, score: flavourScore } of rows)
    lines.push(
      `| ${document} | ${flavourScore.flavour} | ${flavourScore.validAccepted}/${flavourScore.valid} | ${flavourScore.invalidRejected}/${flavourScore.invalid} |`,
    );
  return lines.join("\n");
}
