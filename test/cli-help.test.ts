// Every example in every command's --help and in the README's code blocks is run (issue 13,
// item 16), as a user would type it, through `sh -c` with `v2kit` on PATH, in a scratch project
// holding the files the examples name (body.json, openapi.json, gpus.json…). Examples that need
// the service and an API key are listed as skipped with the reason; synopsis lines are not
// examples. An example must exit as documented (0 unless listed below), never 2 (usage) or 70.

import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { codeBlocks, SHELL_LANGS } from "./markdown-blocks.js";
import { cli, repo, scratch } from "./fixtures/conformance/support.js";

interface Example {
  where: string;
  command: string;
}

/** Examples whose documented outcome is not exit 0, and why. */
const EXPECTED_EXIT: { match: RegExp; code: number; why: string }[] = [
  { match: /--format (json|github|sarif) \*\.json/, code: 1, why: "*.json in the project includes files that are not createEndpoint bodies" },
  { match: /create-endpoint-invalid\.json/, code: 1, why: "the README's invalid example" },
  { match: /--ndjson bodies\.ndjson/, code: 1, why: "examples/bodies.ndjson holds invalid bodies on purpose" },
  { match: /migrate scan --fix --unsafe-fixes examples\/scan-fix/, code: 0, why: "every call in examples/scan-fix is fixed, as the README shows" },
  { match: /migrate scan/, code: 1, why: "scan exits 1 when it finds a v1 call, as the README shows" },
  { match: /(^|\s)v2kit scan\b(?!.*--fail-on none)/, code: 1, why: "v2kit scan exits 1 on the v1 calls of src/client.ts (a v1-call error)" },
];

/** Needs the live service and an API key: never run offline. */
const NEEDS_SERVICE = /--live|--current-id|context pull/;

/** The published v2 document the README's timing examples name, from ../shared when it is there. */
const UPSTREAM = path.resolve(repo, "../shared/reference/upstream-v2-openapi.json");
const NEEDS_UPSTREAM = /upstream-v2-openapi\.json/;
const hasUpstream = existsSync(UPSTREAM);

/** Usage lines ("v2kit lint --operation OP [--spec FILE] …"), not examples. */
const SYNOPSIS = /\[--|\bFILE\.\.\.|\bDIR\.\.\.|--operation OP\b|<command>/;

function joinContinuations(lines: string[]): string[] {
  const out: string[] = [];
  let pending = "";
  for (const line of lines) {
    if (line.trimEnd().endsWith("\\")) pending += `${line.trimEnd().slice(0, -1).trim()} `;
    else {
      out.push(`${pending}${pending ? line.trim() : line}`);
      pending = "";
    }
  }
  return out;
}

/** Lines that run v2kit, without a leading "$ ", "npx " or a trailing "# comment". */
function commandsIn(lines: string[]): string[] {
  return joinContinuations(lines)
    .map((line) => line.trim().replace(/^\$ /, ""))
    .filter((line) => /^(\S+=\S+ )*(npx )?v2kit\b|\| (npx )?v2kit\b/.test(line))
    .map((line) => line.replace(/\s+#\s.*$/, "").replace(/\bnpx v2kit\b/g, "v2kit"));
}

function helpExamples(): Example[] {
  const out: Example[] = [];
  for (const name of ["generate", "lint", "migrate", "scan", "context", "serve", "schema", "lsp"]) {
    const help = execFileSync(process.execPath, [cli, name, "--help"], { encoding: "utf8" });
    for (const command of commandsIn(help.split("\n"))) out.push({ where: `v2kit ${name} --help`, command });
  }
  return out;
}

/** The pages a user copies commands from: the README, the guide, the reference and the editor setup. */
const DOC_PAGES = [
  "README.md",
  "docs/editors.md",
  "docs/config.md",
  "docs/code-lint.md",
  ...readdirSync(path.join(repo, "docs/guide")).map((file) => `docs/guide/${file}`),
  ...readdirSync(path.join(repo, "docs/reference")).map((file) => `docs/reference/${file}`),
].filter((file) => file.endsWith(".md"));

function readmeExamples(): Example[] {
  const out: Example[] = [];
  for (const page of DOC_PAGES) {
    for (const block of codeBlocks(readFileSync(path.join(repo, page), "utf8"))) {
      if (!SHELL_LANGS.has(block.lang)) continue;
      // In a console transcript only `$ ` lines are typed; the rest is output (which may start with "v2kit:").
      const lines = block.lines;
      const typed = block.lang === "console" ? lines.filter((line) => line.startsWith("$ ")) : lines;
      for (const command of commandsIn(typed)) out.push({ where: page, command });
    }
  }
  return out;
}

/** A scratch project holding every file the examples name. */
function project(): { dir: string; bin: string } {
  const dir = scratch("examples");
  for (const part of ["examples", "schema", "rules"]) cpSync(path.join(repo, part), path.join(dir, part), { recursive: true });
  // The project's own generated output/, which `generate --check` checks (a consumer's output
  // carries its copy of the engine; this package's own output/ imports the package's engine).
  const generated = spawnSync(process.execPath, [cli, "generate", "--quiet"], { cwd: dir, encoding: "utf8" });
  if (generated.status !== 0) throw new Error(`generate in ${dir} failed: ${generated.stderr}`);
  const copies: Record<string, string> = {
    "body.json": "examples/create-endpoint-gpu.json",
    "endpoint.json": "examples/current-endpoint.json",
    "patch.json": "examples/update-endpoint.json",
    "created.json": "examples/current-endpoint.json",
    "bodies.ndjson": "examples/bodies.ndjson",
    "v1-request.json": "examples/migrate/endpoint-create.json",
    "gpus.json": "schema/catalog/gpus.json",
    "cpus.json": "schema/catalog/cpus.json",
    "templates.json": "schema/catalog/templates.json",
    "ci/context/gpus.json": "schema/catalog/gpus.json",
    "ci/context/cpus.json": "schema/catalog/cpus.json",
    "ci/context/templates.json": "schema/catalog/templates.json",
    "my.rules.yaml": "rules/v2.rules.yaml",
    "my-graphql.yaml": "schema/graphql.yaml",
    "openapi.yaml": "schema/v2.openapi.yaml",
    "api/openapi.yaml": "schema/v2.openapi.yaml",
    "src/client.ts": "examples/scan-tree/src/client.ts",
    "lib/billing.py": "examples/scan-tree/scripts/billing.py",
  };
  if (hasUpstream) copyFileSync(UPSTREAM, path.join(dir, "upstream-v2-openapi.json"));
  // migrate.md's example of reads of a v1 response.
  copyFileSync(path.join(repo, "test/fixtures/scan-responses/client.py"), path.join(dir, "client.py"));
  for (const [to, from] of Object.entries(copies)) {
    mkdirSync(path.dirname(path.join(dir, to)), { recursive: true });
    copyFileSync(path.join(dir, from), path.join(dir, to));
  }
  // Bodies the lint examples name that no example file holds: GraphQL wire bodies, a big body.
  const wire = (query: string) => `${JSON.stringify({ query })}\n`;
  writeFileSync(
    path.join(dir, "template-request.json"),
    wire('mutation { saveTemplate(input: {name: "t", imageName: "img:1", containerDiskInGb: 10, volumeInGb: 0, isServerless: true}) { id } }'),
  );
  writeFileSync(path.join(dir, "delete-request.json"), wire('mutation { deleteTemplate(templateName: "t") }'));
  // The project configs the lint examples name (README "A project config", lint --help).
  const endpoints = { files: ["deploy/endpoints/*.json"], operation: "createEndpoint", catalog: ["ci/context/gpus.json"] };
  mkdirSync(path.join(dir, "deploy/endpoints"), { recursive: true });
  copyFileSync(path.join(dir, "examples/create-endpoint-gpu.json"), path.join(dir, "deploy/endpoints/sdxl.json"));
  writeFileSync(path.join(dir, "v2kit.config.json"), JSON.stringify({ lint: [endpoints], scan: { include: ["src"] } }));
  writeFileSync(
    path.join(dir, "ci/v2kit.config.json"),
    JSON.stringify({ lint: [{ ...endpoints, files: ["../deploy/endpoints/*.json"], catalog: ["context/gpus.json"] }] }),
  );
  copyFileSync(path.join(dir, "examples/create-endpoint-gpu.json"), path.join(dir, "big.json"));
  writeFileSync(path.join(dir, "openapi.json"), JSON.stringify(parse(readFileSync(path.join(dir, "openapi.yaml"), "utf8"))));
  const bin = path.join(dir, ".bin");
  mkdirSync(bin);
  writeFileSync(path.join(bin, "v2kit"), `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`);
  chmodSync(path.join(bin, "v2kit"), 0o755);
  return { dir, bin };
}

const examples = [...helpExamples(), ...readmeExamples()];
const offline = (example: Example) => !NEEDS_SERVICE.test(example.command) && (hasUpstream || !NEEDS_UPSTREAM.test(example.command));
const runnable = examples.filter((example) => !SYNOPSIS.test(example.command) && offline(example));
const skipped = examples.filter((example) => !SYNOPSIS.test(example.command) && !offline(example));

describe("every documented example runs", () => {
  let where: { dir: string; bin: string };
  beforeAll(() => {
    where = project();
    console.log(`skipped (need the service and an API key):\n${skipped.map((example) => `  ${example.where}: ${example.command}`).join("\n")}`);
    if (!hasUpstream) console.log(`skipped: the examples naming upstream-v2-openapi.json (${UPSTREAM} is absent)`);
  });

  it("finds the examples (help of every command and the README)", () => {
    expect(runnable.filter((example) => example.where.startsWith("v2kit generate")).length).toBeGreaterThanOrEqual(11);
    expect(runnable.filter((example) => example.where.startsWith("v2kit lint")).length).toBeGreaterThanOrEqual(10);
    expect(runnable.filter((example) => example.where === "README.md").length).toBeGreaterThanOrEqual(10);
    expect(skipped.length).toBeGreaterThan(0);
  });

  for (const { where: source, command } of runnable) {
    if (/^v2kit serve\b/.test(command)) {
      // A server runs until it is stopped: it must print its address, then exit 0 on SIGINT.
      it(`${source}: ${command}`, async () => {
        const child = spawn(process.execPath, [cli, ...command.split(/\s+/).slice(1)], { cwd: where.dir, stdio: ["ignore", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        child.stderr.on("data", (chunk) => (stderr += String(chunk)));
        const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
        await new Promise<void>((resolve) => {
          child.stdout.on("data", (chunk) => {
            stdout += String(chunk);
            if (stdout.includes("listening on ")) resolve();
          });
          void exited.then(() => resolve());
        });
        expect(stdout, stderr).toMatch(/^listening on http:\/\/\S+:\d+$/m);
        child.kill("SIGINT");
        expect(await exited, stderr).toBe(0);
      }, 120_000);
      continue;
    }
    it(`${source}: ${command}`, () => {
      const result = spawnSync("sh", ["-c", command], {
        cwd: where.dir,
        encoding: "utf8",
        env: { ...process.env, PATH: `${where.bin}:${process.env.PATH ?? ""}`, NO_COLOR: "1" },
      });
      const want = EXPECTED_EXIT.find((expected) => expected.match.test(command))?.code ?? 0;
      expect(result.stderr).not.toMatch(/internal error|Run 'v2kit \S+ --help' for usage/);
      expect(result.status, `exit ${result.status}\n${result.stderr}`).toBe(want);
    }, 300_000);
  }
});
