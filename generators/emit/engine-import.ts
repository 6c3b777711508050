// Where generated modules import the engine (the rules runtime) from. A consumer's output is
// self-contained: generate writes a copy of the engine into its runtime/ folder, and the modules
// import `./runtime/<name>.mjs`. This package's own output/ imports the package's engine itself
// (`engine`, its path from the out folder, set by the CLI: docs/generate-out.md), so that
// `import "v2kit"` and the CLI load one engine, not the engine and a generated copy of it.

import path from "node:path";

/**
 * The specifier of the engine module `name` (`index`, `ajv-helpers`) for a module `depth` folders
 * below the out folder (0: index.mts, rules.mts; 1: operations/, validators/).
 */
export function engineModule(engine: string | undefined, name: string, depth: number): string {
  const up = "../".repeat(depth);
  if (engine === undefined) return `${up || "./"}runtime/${name}.mjs`;
  const specifier = path.posix.join(up, engine, `${name}.js`);
  return specifier.startsWith(".") ? specifier : `./${specifier}`;
}
