// `migrate scan --fix` and `--diff` as a user runs them, one fixture folder per case (after
// Spectral's migrator fixtures): `before/` is the code, `after/` what --fix must make of it,
// `args` the extra flags. Each case is fixed in a scratch copy and compared byte for byte; a
// second --fix changes nothing; the --diff of a fresh copy is applied with `git apply` and gives
// the same files; every fixed Python, JavaScript, TypeScript and shell file still parses with
// the language's own tools. UPDATE_GOLDEN=1 rewrites `after/` from the current output.

import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { CLI, files, fixtureCases, has, run } from "./scan-harness.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/scan-fix/", import.meta.url));
const { cases, scratch, argsOf } = fixtureCases(FIXTURES, "fix");

const python = has("python3", ["--version"]);
const bash = has("bash", ["--version"]);

/** Why `text` does not parse as the language of `file`, or undefined when it does (or no tool reads it here). */
function parseError(file: string, text: string, dir: string): string | undefined {
  const path = join(dir, file);
  if (/\.py$/.test(file) && python) {
    const result = spawnSync("python3", ["-c", "import ast,sys; ast.parse(open(sys.argv[1]).read())", path], { encoding: "utf8" });
    return result.status === 0 ? undefined : result.stderr;
  }
  if (/\.(?:m|c)?js$/.test(file)) {
    const result = spawnSync(process.execPath, ["--check", path], { encoding: "utf8" });
    return result.status === 0 ? undefined : result.stderr;
  }
  if (/\.tsx?$/.test(file)) {
    const out = ts.transpileModule(text, { reportDiagnostics: true, fileName: file });
    return out.diagnostics?.length ? ts.flattenDiagnosticMessageText(out.diagnostics[0]?.messageText ?? "", "\n") : undefined;
  }
  if (/\.sh$/.test(file) && bash) {
    const result = spawnSync("bash", ["-n", path], { encoding: "utf8" });
    return result.status === 0 ? undefined : result.stderr;
  }
  return undefined;
}

if (!python || !bash) console.log(`scan-fix: ${python ? "" : "python3 "}${bash ? "" : "bash "}not found: those files are not parse-checked here`);

describe.each(cases)("migrate scan --fix: %s", (name) => {
  const args = argsOf(name);

  it("writes after/, leaves what it cannot fix with a reason, and a second --fix is a no-op", () => {
    const dir = scratch(name);
    try {
      const first = run(dir, ["--fix", ...args, "--format", "json"]);
      // Calls left, and reads of a response left (issue 41, item 3): either keeps the exit status 1.
      const left = Number(/; (\d+) calls? left/.exec(first.stderr)?.[1]) + Number(/, (\d+) reads? of v1 response fields left/.exec(first.stderr)?.[1] ?? 0);
      expect(first.stderr).toMatch(/fixed \d+ calls? in \d+ files?/);
      expect(first.code).toBe(left > 0 ? 1 : 0);
      // Every call left says why it was not fixed.
      const findings = first.stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { ruleId: string; notes: { message: string }[] });
      for (const finding of findings.filter((x) => x.ruleId !== "v1-mention"))
        expect(finding.notes.some((note) => note.message.startsWith("not fixed: "))).toBe(true);
      const got = files(dir);
      const afterDir = join(FIXTURES, name, "after");
      if (process.env.UPDATE_GOLDEN) {
        rmSync(afterDir, { recursive: true, force: true });
        for (const [file, text] of got) {
          mkdirSync(join(afterDir, file, ".."), { recursive: true });
          writeFileSync(join(afterDir, file), text);
        }
      }
      expect(got).toEqual(files(afterDir));
      for (const [file, text] of got) expect(parseError(file, text, dir), file).toBeUndefined();
      const second = run(dir, ["--fix", ...args]);
      expect(second.stderr).toMatch(/fixed 0 calls in 0 files/);
      // What is left keeps the status: calls left as written, and what the first fix marked with a `v2kit:` comment (a call
      // moved with a body it did not migrate, a read of a moved call's v1 answer), which a scan of the fixed text still reports.
      expect(second.code).toBe(left + Number(/; (\d+) moved calls? marked/.exec(first.stderr)?.[1] ?? 0) > 0 ? 1 : 0);
      expect(files(dir)).toEqual(got);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--diff writes nothing and its output applies with git apply to give after/", () => {
    const dir = scratch(name);
    try {
      const before = files(dir);
      const diff = run(dir, ["--diff", ...args]);
      expect(files(dir)).toEqual(before);
      const after = files(join(FIXTURES, name, "after"));
      const changes = [...after].some(([file, text]) => before.get(file) !== text);
      expect(diff.stdout !== "").toBe(changes);
      expect(diff.code).toBe(changes || /[1-9]\d* (?:calls?|reads? of v1 response fields) left/.test(diff.stderr) ? 1 : 0);
      if (!changes) return;
      writeFileSync(join(dir, ".fix.patch"), diff.stdout);
      const applied = spawnSync("git", ["apply", "--unsafe-paths", "-p1", ".fix.patch"], { cwd: dir, encoding: "utf8" });
      expect(applied.stderr).toBe("");
      rmSync(join(dir, ".fix.patch"));
      expect(files(dir)).toEqual(after);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the reference page's --diff / --fix walkthrough (docs/reference/migrate.md)", () => {
  it("prints what the page shows, command by command, on a copy of examples/scan-fix", () => {
    const readme = readFileSync(fileURLToPath(new URL("../../docs/reference/migrate.md", import.meta.url)), "utf8");
    const block = /```console\n(\$ v2kit migrate scan --diff examples\/scan-fix\n[\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), "v2kit-fix-readme-"));
    try {
      cpSync(fileURLToPath(new URL("../../examples/scan-fix", import.meta.url)), join(dir, "examples/scan-fix"), { recursive: true });
      const steps = (block as string).split(/^\$ /m).filter(Boolean);
      expect(steps.length).toBe(3);
      for (const step of steps) {
        const [command, ...shown] = step.split("\n");
        const args = (command as string).split(" ").slice(1);
        const result = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8" });
        expect(`${result.stdout}${result.stderr}`, command).toBe(shown.join("\n"));
      }
      const fixed = readFileSync(join(dir, "examples/scan-fix/endpoints.py"), "utf8");
      expect(fixed).toContain('requests.patch(f"{API}/serverless/{endpoint_id}", json={"workers": {"min": low, "max": high}}');
      expect(parseError("endpoints.py", fixed, join(dir, "examples/scan-fix"))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("what --fix refuses to write", () => {
  it("leaves a file untouched, saying why, when a fix would unbalance its brackets", async () => {
    const { scanSource } = await import("../../migrate/scan/index.js");
    const { fixFile } = await import("../../migrate/scan/fix.js");
    const text = 'import requests\n\nrequests.post("https://rest.runpod.io/v1/endpoints/" + eid + "/update", json={"workersMin": 1})\n';
    const [finding] = scanSource(text, "client.py", [], { sites: true });
    expect(finding?.fixInput?.methodAnchor).toBeDefined();
    // A method anchor that (as a lexer mistake would) covers the call's closing parenthesis.
    const close = text.lastIndexOf(")");
    const tampered = { ...(finding as NonNullable<typeof finding>) };
    Object.defineProperty(tampered, "fixInput", { value: { ...finding?.fixInput, methodAnchor: { start: close, end: close + 1 } } });
    const result = fixFile(text, "client.py", [tampered], { unsafe: false });
    expect(result.text).toBe(text);
    expect(result.fixed).toEqual([]);
    expect(result.refused).toMatch(/would no longer parse/);
    expect(result.notFixed[0]?.reason).toMatch(/would no longer parse/);
  });

  it("reports, instead of fixing, a call whose fixed text the v2 check rejects; the file's other calls are still fixed (issue 44, item 4)", async () => {
    const { scanSource } = await import("../../migrate/scan/index.js");
    const { fixFile } = await import("../../migrate/scan/fix.js");
    const text = [
      "import requests",
      "",
      'requests.get("https://rest.runpod.io/v1/endpoints", timeout=30)',
      'requests.get("https://rest.runpod.io/v1/pods", timeout=30)',
      "",
    ].join("\n");
    const findings = scanSource(text, "client.py", [], { sites: true });
    expect(findings).toHaveLength(2);
    // A check that rejects every `/serverless` URL, as `v2kit scan --spec` of a document without that route would.
    const verify = (fixed: string) =>
      [...fixed.matchAll(/"https:\/\/api\.runpod\.io\/v2\/serverless"/g)].map((match) => ({
        start: match.index ?? 0,
        end: (match.index ?? 0) + match[0].length,
        message: "v2-unknown-route: GET /v2/serverless is not a route of the v2 document",
      }));
    const result = fixFile(text, "client.py", findings, { unsafe: false, verify });
    expect(result.text).toContain('requests.get("https://rest.runpod.io/v1/endpoints", timeout=30)');
    expect(result.text).toContain('requests.get("https://api.runpod.io/v2/pods", timeout=30)');
    expect(result.fixed.map((finding) => finding.v1.path)).toEqual(["/pods"]);
    expect(result.notFixed.map(({ finding, reason }) => [finding.v1.path, reason])).toEqual([
      [
        "/endpoints",
        "its fix would send a request the v2 check rejects (v2-unknown-route: GET /v2/serverless is not a route of the v2 document): left as written",
      ],
    ]);
  });

  it("does not write a file changed since it was read, and says so", async () => {
    const { fixFiles } = await import("../../cli/migrate/scan-fix.js");
    const { scanSource } = await import("../../migrate/scan/index.js");
    const dir = mkdtempSync(join(tmpdir(), "v2kit-fix-race-"));
    try {
      const path = join(dir, "a.sh");
      const scanned = 'curl -X DELETE "https://rest.runpod.io/v1/pods/$ID"\n';
      const onDisk = `${scanned}echo edited meanwhile\n`;
      writeFileSync(path, onDisk);
      const findings = scanSource(scanned, path, [], { sites: true });
      let stderr = "";
      const write = process.stderr.write.bind(process.stderr);
      process.stderr.write = ((chunk: string) => {
        stderr += chunk;
        return true;
      }) as typeof process.stderr.write;
      let left;
      try {
        left = fixFiles([{ file: "a.sh", path, findings }], new Map([[path, scanned]]), new Map(), { mode: "write", unsafe: false });
      } finally {
        process.stderr.write = write;
      }
      expect(readFileSync(path, "utf8")).toBe(onDisk);
      expect(stderr).toContain("a.sh: it changed since it was read: not written");
      expect(left.files[0]?.findings[0]?.notes.at(-1)?.message).toBe("not fixed: it changed since it was read: not written");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
