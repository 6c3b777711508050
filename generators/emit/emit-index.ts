// Emitter: output/index.mts, the entry a consumer imports (check(), checkResponse(), the types),
// output/operations/<operation>.mts (a one-operation check), output/requests.mts (every request
// validator, no response validator) and output/routes.mts.

import { Code, code, literal } from "../../rules/codegen.js";
import type { ValidatorModule } from "./emit-validators.js";
import { engineModule } from "./engine-import.js";
import type { ApiModel } from "../../schema-model/model.js";
import { render } from "./templates.js";

/** `engine`: where the modules import the engine from (generators/emit/engine-import.ts); a runtime/ copy when undefined. */
export function emitIndex(modules: ValidatorModule[], header: string, engine?: string): string {
  const imports: string[] = [];
  const attaches: string[] = [];
  modules.forEach((validatorModule, i) => {
    const parts: string[] = [];
    if (validatorModule.request) {
      imports.push(code`import { request as q${i} } from ${`./validators/${validatorModule.stem}.mjs`};`.text);
      parts.push(`request: q${i}`);
    }
    if (validatorModule.statuses.length > 0) {
      imports.push(code`import { responses as s${i} } from ${`./validators/${validatorModule.stem}.responses.mjs`};`.text);
      parts.push(`responses: s${i}`);
    }
    attaches.push(code`attachValidators(${validatorModule.operation}, { `.text + `${parts.join(", ")} });`);
  });
  return render("index.ts", { header, imports, attaches, runtime: literal(engineModule(engine, "index", 0)).text });
}

/**
 * requests.mts: every operation's request validator, attached on import, no response validator
 * (for synchronous callers of the bundled engine that check requests only, such as migrate).
 */
export function emitRequests(modules: ValidatorModule[], header: string): string {
  const lines = [
    header,
    "// Every operation's request validator, attached to the engine on import (no response validators).",
    'import { attachValidators } from "./rules.mjs";',
  ];
  const attaches: string[] = [];
  modules.forEach((validatorModule, i) => {
    if (!validatorModule.request) return;
    lines.push(code`import { request as q${new Code(String(i))} } from ${`./validators/${validatorModule.stem}.mjs`};`.text);
    attaches.push(code`attachValidators(${validatorModule.operation}, { request: q${new Code(String(i))} });`.text);
  });
  return `${[...lines, "", ...attaches].join("\n")}\n`;
}

/** operations/<stem>.mts for each operation with a request body. */
export function emitOperations(modules: ValidatorModule[], header: string, engine?: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const validatorModule of modules.filter((x) => x.request)) {
    files.set(
      `operations/${validatorModule.stem}.mts`,
      render("operation.ts", {
        header,
        operation: literal(validatorModule.operation).text,
        module: literal(`../validators/${validatorModule.stem}.mjs`).text,
        runtime: literal(engineModule(engine, "index", 1)).text,
      }),
    );
  }
  return files;
}

/**
 * catalog.mts: the catalog snapshot this output was generated with (its date, GPUs and CPUs), which
 * check() uses where no catalog is passed, with lint's stale-snapshot warnings (engine/snapshot.ts).
 */
export function emitCatalog(snapshot: { date: string; gpus: unknown; cpus: unknown }, header: string, engine?: string): string {
  return [
    header,
    "// The catalog snapshot this output was generated with: check() reads GPUs and CPUs from it when",
    "// no catalog is passed (a passed collection replaces its own), and warns when a rejected value is",
    "// unknown to it, as `v2kit lint` does with the same snapshot.",
    code`import type { CatalogSnapshot } from ${engineModule(engine, "index", 0)};`.text,
    "",
    `export const snapshot: CatalogSnapshot = ${literal({ date: snapshot.date, gpus: snapshot.gpus, cpus: snapshot.cpus }).text};`,
    "",
  ].join("\n");
}

export function emitRoutes(model: ApiModel, header: string): string {
  const routes = model.operations.filter((op) => op.kind === "rest" && op.method && op.path).map((op) => [(op.method as string).toUpperCase(), op.path, op.id]);
  return render("routes.ts", { header, routes: literal(routes).text, baseUrl: literal(model.baseUrl ?? null).text });
}
