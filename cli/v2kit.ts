#!/usr/bin/env node
// v2kit: one module per command under cli/commands, loaded on demand so that `lint` and
// `migrate` never load the generator's heavy dependencies.

import { CliError, type Command } from "./command.js";

const COMMANDS: Record<string, () => Promise<{ command: Command }>> = {
  generate: () => import("./commands/generate.js"),
  lint: () => import("./commands/lint.js"),
  migrate: () => import("./commands/migrate.js"),
  context: () => import("./commands/context.js"),
  serve: () => import("./commands/serve.js"),
};

const USAGE = `v2kit: types, validators and a rule engine for the v2 API

Usage: v2kit <command> [options]

Commands:
  generate   emit types, validators, the rule engine and property tests (v2kit generate --help)
  lint       check request bodies as the server would (v2kit lint --help)
  migrate    rewrite v1 requests as v2 and check them (v2kit migrate --help)
  context    save catalog and template responses for offline use (v2kit context --help)
  serve      a local, stateful contract server that answers like the service (v2kit serve --help)
`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(USAGE);
    return name === undefined ? 2 : 0;
  }
  if (name === "--version") {
    const { createRequire } = await import("node:module");
    process.stdout.write(`${createRequire(import.meta.url)("../../package.json").version}\n`);
    return 0;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    process.stderr.write(`v2kit: unknown command ${JSON.stringify(name)}\n\n${USAGE}`);
    return 2;
  }
  const { command } = await load();
  return command.run(rest);
}

// A reader that goes away (`v2kit lint … | head`) is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof CliError) {
      process.stderr.write(`v2kit: ${error.message}\n`);
      process.exitCode = error.exitCode;
    } else {
      process.stderr.write(`v2kit: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
      process.exitCode = 70;
    }
  },
);
