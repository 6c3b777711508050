#!/usr/bin/env node
// v2kit: one folder per command under cli/ (cli/lint/lint.ts …), each command's module loaded on
// demand so that `lint` and `migrate` never load the generator's heavy dependencies.

import { LiveError } from "../live/errors.js";
import { printable } from "../lint/printable.js";
import { CliError, type Command, EXIT_INTERNAL } from "./command.js";
import { didYouMean } from "./suggest.js";

const COMMANDS: Record<string, () => Promise<{ command: Command }>> = {
  // The bin runs generate's own CommonJS bundle (dist/cli/generate.cjs, scripts/bundle-cli.mjs).
  generate: () =>
    typeof __V2KIT_COMMONJS_BUNDLE__ !== "undefined"
      ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- only inside the CommonJS bundle, where require is the module's own
        Promise.resolve(require("./generate.cjs") as { command: Command })
      : import("./generate/generate.js"),
  lint: () => import("./lint/lint.js"),
  migrate: () => import("./migrate/migrate.js"),
  scan: () => import("./scan/scan.js"),
  context: () => import("./context/context.js"),
  serve: () => import("./serve/serve.js"),
  schema: () => import("./schema/schema.js"),
  lsp: () => import("./lsp/lsp.js"),
};

const USAGE = `v2kit: types, validators and a rule engine for the v2 API

Usage: v2kit <command> [options]
       v2kit help <command>     the command's help (same as v2kit <command> --help)
       v2kit --version          print the version

Commands:
  generate   emit types, validators, the rule engine and property tests (v2kit generate --help)
  lint       check request bodies as the server would (v2kit lint --help)
  migrate    rewrite v1 requests as v2 and check them (v2kit migrate --help)
  scan       lint the requests written in source code, like eslint src/ (v2kit scan --help)
  context    save catalog and template responses for offline use (v2kit context --help)
  serve      a local, stateful contract server that answers like the service (v2kit serve --help)
  schema     self-contained JSON Schemas of request and response bodies, for editors (v2kit schema --help)
  lsp        a language server: lint's diagnostics and quick fixes in the editor (v2kit lsp --help)
`;

async function main(argv: string[]): Promise<number> {
  const [first, ...args] = argv;
  // `v2kit help lint` is `v2kit lint --help`.
  const [name, rest] = first === "help" && args[0] !== undefined ? [args[0], ["--help"]] : [first, args];
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(USAGE);
    return name === undefined ? 2 : 0;
  }
  if (name === "--version") {
    const { packageVersion } = await import("./version.js");
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    const hint = name.startsWith("-") ? didYouMean(name, ["--help", "--version"]) : didYouMean(name, Object.keys(COMMANDS));
    process.stderr.write(`v2kit: unknown ${name.startsWith("-") ? "option" : "command"} ${JSON.stringify(name)}${hint}\n\n${USAGE}`);
    return 2;
  }
  const { command } = await load();
  return command.run(rest);
}

/** Exit status when the reader of stdout went away (`v2kit lint … | head`): inputs were left unchecked. */
const EXIT_OUTPUT_CLOSED = 1;

// A reader that goes away ends the run; exit 0 would claim that every input was checked and
// valid (issue 13), so the status is at least 1.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(Math.max(Number(process.exitCode ?? 0), EXIT_OUTPUT_CLOSED));
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if ((error instanceof CliError || error instanceof LiveError) && error.exitCode !== EXIT_INTERNAL) {
      // Messages quote input (spec text, file names): control characters are shown, not sent.
      process.stderr.write(
        `v2kit: ${error.message
          .split("\n")
          .map((line) => printable(line))
          .join("\n")}\n`,
      );
      process.exitCode = error.exitCode;
    } else {
      process.stderr.write(`v2kit: internal error: ${printable(String((error as Error)?.stack ?? error))}\n`);
      process.exitCode = EXIT_INTERNAL;
    }
  },
);
