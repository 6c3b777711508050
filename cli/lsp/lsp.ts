// v2kit lsp: the language server (cli/lsp/server.ts) on standard input and output.

import { parseArgs } from "node:util";
import { type Command, usageError } from "../command.js";

const USAGE = `Usage: v2kit lsp [--stdio]

A Language Server Protocol server on standard input and output, for editors. The files that the
nearest v2kit.config.json up from each file names get lint's verdict as diagnostics while they
are edited: one per violation (error) and warning, on the value at its pointer, with the rule
id as code and lint's message; files it does not name get none. Its globs are matched against
each document's path, so a file not saved yet is covered as lint will cover it once saved;
untitled: documents have no path and get none. Quick fixes move v1 field
names to their v2 place. A change to the config or to a catalog, templates or current file it
names re-lints the open documents. Setup for VS Code, Neovim and Helix: docs/editors.md.
A malformed frame is reported on standard error and skipped; the server answers the next one.
Exit status: 0 after shutdown and exit, 1 on exit without shutdown (as the protocol says), and 1
when the input is not the protocol (1 MiB without a frame header; the reason on standard error).

Options:
  --stdio      talk over standard input and output (the default; accepted because editors pass it)
                 v2kit lsp --stdio
  -h, --help   show this help
`;

const OPTIONS = { stdio: { type: "boolean" }, help: { type: "boolean", short: "h" } } as const;

export const command: Command = { name: "lsp", run };

async function run(args: string[]): Promise<number> {
  let values: { stdio?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw usageError("lsp", error, OPTIONS);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const { startServer } = await import("./server.js");
  // The connection ends the process on `exit` (0 after `shutdown`, else 1); until then it runs.
  // Input that cannot be read on (the server said why on standard error) ends it with status 1.
  return new Promise<number>((resolve) => {
    const connection = startServer({
      input: process.stdin,
      output: process.stdout,
      onFatal: () => {
        connection.dispose();
        process.stdin.destroy();
        resolve(1);
        // Nothing should keep the process up now; should anything, it still ends.
        setTimeout(() => process.exit(1), 1000).unref();
      },
    });
    connection.onExit(() => resolve(0));
  });
}
