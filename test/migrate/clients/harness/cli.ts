// Manual use of the client harness (test/migrate/clients/README.md):
//   npx tsx test/migrate/clients/harness/cli.ts list
//   npx tsx test/migrate/clients/harness/cli.ts run <fixture> [--fix] [--no-wait] [--keep]
//   npx tsx test/migrate/clients/harness/cli.ts run DIR --manifest client.json [--fix] [--no-wait]
//   npx tsx test/migrate/clients/harness/cli.ts check <fixture> | DIR --manifest client.json
// `run` copies the fixture's tree (or uses DIR as it is: a client of your own, described by a
// client.json of the fixtures' format, kept outside DIR),
// optionally applies `migrate scan --fix --unsafe-fixes` to the copy, runs it against a fresh
// `v2kit serve` with its hosts redirected, and prints its output and every request it sent.
// `check` runs the language parsers over the client (parseCheck). Exit: the program's own code.

import { rmSync } from "node:fs";
import { copyFixture, describeRun, fixtureNames, isDirectory, migrateScan, parseCheck, readManifest, runClient } from "./index.js";

async function main(argv: string[]): Promise<number> {
  const [verb, target, ...flags] = argv;
  if (verb === "list") {
    for (const name of fixtureNames()) {
      const manifest = readManifest(name);
      console.log(`${name}\t${manifest.language}${manifest.control ? " (control: already v2)" : ""}`);
    }
    return 0;
  }
  const usage = "usage: cli.ts list | run <fixture> | run DIR --manifest FILE [--fix] [--no-wait] [--keep] | check <fixture> | check DIR --manifest FILE";
  if ((verb !== "run" && verb !== "check") || target === undefined) {
    console.error(usage);
    return 2;
  }
  const own = !fixtureNames().includes(target);
  const manifestAt = flags.indexOf("--manifest");
  const manifestFile = manifestAt >= 0 ? flags[manifestAt + 1] : undefined;
  if (own && (!isDirectory(target) || manifestFile === undefined)) {
    console.error(`${target} is not a fixture (cli.ts list): give a directory and --manifest FILE\n${usage}`);
    return 2;
  }
  const manifest = readManifest(own ? (manifestFile as string) : target);
  const dir = own ? target : copyFixture(target);
  try {
    if (verb === "check") {
      const { problems, unchecked } = parseCheck(dir, manifest);
      for (const problem of problems) console.log(`problem: ${problem}`);
      for (const reason of unchecked) console.log(`not checked: ${reason}`);
      return problems.length ? 1 : 0;
    }
    if (flags.includes("--fix")) {
      const fix = migrateScan(dir, ["--fix", "--unsafe-fixes"]);
      console.log(`migrate scan --fix --unsafe-fixes: exit ${fix.code}\n${fix.stdout}${fix.stderr}`);
    }
    const run = await runClient(dir, manifest, { env: flags.includes("--no-wait") ? { WAIT_FOR_POD: "0" } : {} });
    console.log(`${dir}\n${describeRun(run)}`);
    console.log(`--- stdout ---\n${run.stdout}--- stderr ---\n${run.stderr}`);
    return run.exitCode ?? 1;
  } finally {
    if (!own && !flags.includes("--keep")) rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
