// generate --out is safe (issue 10, points 1, 4 and 5): it never deletes or overwrites a file it
// did not write, never writes through a symlink, refuses folders holding the user's files unless
// told, replaces its output atomically (a killed run leaves the previous output intact), and its
// stamp depends on the inputs' content only. Runs the built CLI (dist/) in child processes.

import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { cli, repo, scratch } from "./fixtures/conformance/support.js";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function generate(args: string[], cwd = repo, env: Record<string, string> = {}): Run {
  const result = spawnSync(process.execPath, [cli, "generate", ...args], { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every file under `dir` (symlinks as "-> target"), with its content: a folder's whole state. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, full);
    if (entry.isSymbolicLink()) out[rel] = `-> ${readlinkText(full)}`;
    else if (entry.isFile()) out[rel] = readFileSync(full, "utf8");
    else if (entry.isDirectory()) out[`${rel}/`] = "";
  }
  return out;
}

const readlinkText = (file: string) => execFileSync("readlink", [file], { encoding: "utf8" }).trim();

const noCrash = (result: Run) => expect(result.stderr).not.toMatch(/internal error|TypeError|\n\s+at .*:\d+:\d+/);

/** One generated folder, made once and copied by the cases that need previous output. */
let base: string;

beforeAll(() => {
  base = path.join(scratch("out-base"), "generated");
  const result = generate(["--out", base, "--quiet"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
});

function copyOfBase(): string {
  const out = path.join(scratch("out"), "generated");
  cpSync(base, out, { recursive: true });
  return out;
}

describe("generate --out never touches what it did not write", () => {
  it("refuses a folder holding the user's files (exit 2), lists them, names the flag, and writes nothing", () => {
    const out = path.join(scratch("foreign"), "app");
    mkdirSync(path.join(out, "sub"), { recursive: true });
    writeFileSync(path.join(out, "main.ts"), "export const main = 1;\n");
    writeFileSync(path.join(out, "sub/util.ts"), "export const util = 2;\n");
    const before = snapshot(out);
    const result = generate(["--out", out]);
    noCrash(result);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("holds 2 item(s) v2kit did not write");
    expect(result.stderr).toMatch(/^ {2}main\.ts$/m);
    expect(result.stderr).toMatch(/^ {2}sub\/util\.ts$/m);
    expect(result.stderr).toContain("--allow-foreign-files");
    expect(snapshot(out)).toEqual(before);
  });

  it("with --allow-foreign-files writes its own files beside the user's and leaves theirs byte for byte", () => {
    const out = path.join(scratch("foreign-ok"), "app");
    mkdirSync(path.join(out, "sub"), { recursive: true });
    mkdirSync(path.join(out, "reports"));
    writeFileSync(path.join(out, "main.ts"), "export const main = 1;\n");
    writeFileSync(path.join(out, "sub/util.ts"), "export const util = 2;\n");
    writeFileSync(path.join(out, "reports/q3.csv"), "a,b\n1,2\n");
    const result = generate(["--out", out, "--allow-foreign-files", "--quiet"]);
    noCrash(result);
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(out, "main.ts"), "utf8")).toBe("export const main = 1;\n");
    expect(readFileSync(path.join(out, "sub/util.ts"), "utf8")).toBe("export const util = 2;\n");
    expect(readFileSync(path.join(out, "reports/q3.csv"), "utf8")).toBe("a,b\n1,2\n");
    expect(snapshot(out)["types.mts"]).toBe(snapshot(base)["types.mts"]);
    // The stamp lists only generated files; a second run is a no-op and still leaves the user's files.
    expect(Object.keys(JSON.parse(readFileSync(path.join(out, ".v2kit-stamp.json"), "utf8")).files)).not.toContain("main.ts");
    const again = generate(["--out", out, "--allow-foreign-files"]);
    expect(again.stdout).toContain("is up to date");
    expect(existsSync(path.join(out, "reports/q3.csv"))).toBe(true);
  });

  it("refuses --out . in a git repository (exit 2) and never touches .git", () => {
    const project = scratch("git");
    execFileSync("git", ["init", "-q"], { cwd: project });
    writeFileSync(path.join(project, "README.md"), "# mine\n");
    const before = snapshot(project);
    const result = generate(["--out", "."], project);
    noCrash(result);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^ {2}\.git\/HEAD$/m);
    expect(snapshot(project)).toEqual(before);
  });

  it("refuses this repository's own source folder as --out", () => {
    const before = snapshot(path.join(repo, "generators"));
    const result = generate(["--out", "generators"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--out generators holds");
    expect(snapshot(path.join(repo, "generators"))).toEqual(before);
  });

  it("reports hand edits to generated files (exit 2) and replaces them only with --overwrite-edits", () => {
    const out = copyOfBase();
    writeFileSync(path.join(out, "rules.mts"), "// my edit\n");
    const result = generate(["--out", out]);
    noCrash(result);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/1 file\(s\) in .* were changed since v2kit wrote them:\n {2}rules\.mts\n/);
    expect(result.stderr).toContain("--overwrite-edits");
    expect(readFileSync(path.join(out, "rules.mts"), "utf8")).toBe("// my edit\n");
    const forced = generate(["--out", out, "--overwrite-edits", "--quiet"]);
    expect(forced.code).toBe(0);
    expect(snapshot(out)).toEqual(snapshot(base));
  });
});

describe("generate --out never follows a symlink inside it", () => {
  it("a symlinked file: refused without the flag, and with it; the link's target is never written", () => {
    const out = copyOfBase();
    const elsewhere = path.join(scratch("victim"), "victim.ts");
    writeFileSync(elsewhere, "precious\n");
    rmSync(path.join(out, "types.mts"));
    symlinkSync(elsewhere, path.join(out, "types.mts"));
    for (const flags of [[], ["--allow-foreign-files"], ["--allow-foreign-files", "--overwrite-edits"]]) {
      const result = generate(["--out", out, "--force", ...flags]);
      noCrash(result);
      expect(result.code, flags.join(" ")).toBe(2);
      expect(result.stderr).toMatch(/types\.mts (\(symbolic link\)|is a symbolic link)/);
      expect(readFileSync(elsewhere, "utf8")).toBe("precious\n");
    }
  });

  it("a symlinked folder: never emptied nor written into", () => {
    const out = copyOfBase();
    const elsewhere = scratch("victim-dir");
    writeFileSync(path.join(elsewhere, "keep.txt"), "mine\n");
    rmSync(path.join(out, "runtime"), { recursive: true });
    symlinkSync(elsewhere, path.join(out, "runtime"));
    for (const flags of [[], ["--allow-foreign-files", "--overwrite-edits"]]) {
      const result = generate(["--out", out, "--force", ...flags]);
      noCrash(result);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/runtime.*symbolic link/);
      expect(snapshot(elsewhere)).toEqual({ "keep.txt": "mine\n" });
    }
  });
});

describe("--out that is not a folder is a usage error (exit 2), never a stack trace", () => {
  const dir = () => scratch("bad-out");
  const cases: { name: string; make: (d: string) => string; want: RegExp }[] = [
    { name: "a file (the README)", make: () => path.join(repo, "README.md"), want: /README\.md is a file; --out takes a folder/ },
    {
      name: "a dangling symlink",
      make: (parent) => (symlinkSync(path.join(parent, "nowhere"), path.join(parent, "out")), path.join(parent, "out")),
      want: /symbolic link to a missing target/,
    },
    {
      name: "a symlink loop",
      make: (parent) => (
        symlinkSync(path.join(parent, "b"), path.join(parent, "a")),
        symlinkSync(path.join(parent, "a"), path.join(parent, "b")),
        path.join(parent, "a")
      ),
      want: /symbolic link loop/,
    },
    {
      name: "a path through a file",
      make: (parent) => (writeFileSync(path.join(parent, "f"), ""), path.join(parent, "f", "out")),
      want: /is a file, not a folder|part of the path is a file/,
    },
  ];
  for (const { name, make, want } of cases) {
    it(name, () => {
      const out = make(dir());
      const readme = readFileSync(path.join(repo, "README.md"), "utf8");
      for (const extra of [[], ["--check"]]) {
        const result = generate(["--out", out, ...extra]);
        noCrash(result);
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(want);
      }
      expect(readFileSync(path.join(repo, "README.md"), "utf8")).toBe(readme);
    });
  }
});

describe("a killed or interrupted run leaves the previous output intact", () => {
  /** Start a slow generate (the documented test hook), wait until it is writing, then signal it. */
  async function killMidWrite(out: string, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
    const child = spawn(process.execPath, [cli, "generate", "--out", out, "--force"], {
      env: { ...process.env, V2KIT_TEST_SLOW_WRITE_MS: "100" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const sibling = path.join(path.dirname(out), `.${path.basename(out)}.v2kit-new-${child.pid}`);
    const deadline = Date.now() + 120_000;
    while (!(existsSync(sibling) && readdirSync(sibling).length >= 3)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the run never started writing: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill(signal);
    return new Promise((resolve) => child.on("close", (code, sig) => resolve({ code, signal: sig, stderr })));
  }

  it("SIGKILL mid-write: the previous output is unchanged; the next run cleans up and writes", async () => {
    const out = copyOfBase();
    writeFileSync(path.join(out, "rules.mts"), "// previous output\n");
    const stamp = JSON.parse(readFileSync(path.join(out, ".v2kit-stamp.json"), "utf8"));
    stamp.files["rules.mts"] = execFileSync("sha256sum", [path.join(out, "rules.mts")], { encoding: "utf8" }).split(" ")[0];
    writeFileSync(path.join(out, ".v2kit-stamp.json"), JSON.stringify(stamp));
    const before = snapshot(out);
    const result = await killMidWrite(out, "SIGKILL");
    expect(result.signal).toBe("SIGKILL");
    expect(snapshot(out)).toEqual(before);
    const leftovers = readdirSync(path.dirname(out)).filter((file) => file.includes(".v2kit-new-"));
    expect(leftovers).toHaveLength(1);
    const next = generate(["--out", out, "--force", "--quiet"]);
    expect(next.code).toBe(0);
    expect(readdirSync(path.dirname(out)).filter((file) => file.includes(".v2kit-"))).toEqual([]);
    expect(snapshot(out)).toEqual(snapshot(base));
  });

  it("SIGINT mid-write: exit 130, the previous output is unchanged and nothing is left behind", async () => {
    const out = copyOfBase();
    const before = snapshot(out);
    const result = await killMidWrite(out, "SIGINT");
    expect(result.code).toBe(130);
    expect(result.stderr).toContain("interrupted (SIGINT)");
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(path.dirname(out))).toEqual([path.basename(out)]);
  });

  it("a run killed between the two renames of the swap: the next run restores the previous output", () => {
    const out = copyOfBase();
    const aside = path.join(path.dirname(out), `.${path.basename(out)}.v2kit-old-99999999`);
    cpSync(out, aside, { recursive: true });
    rmSync(out, { recursive: true });
    const result = generate(["--out", out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("is up to date");
    expect(snapshot(out)).toEqual(snapshot(base));
    expect(existsSync(aside)).toBe(false);
  });
});

describe("generate --check compares only what v2kit owns", () => {
  it("ignores the user's files, reports edited, missing and stale owned files", () => {
    const out = copyOfBase();
    writeFileSync(path.join(out, "notes.md"), "mine\n");
    const clean = generate(["--out", out, "--check"]);
    expect(clean.stderr).toBe("");
    expect(clean.code).toBe(0);
    writeFileSync(path.join(out, "rules.mts"), "// edited\n");
    rmSync(path.join(out, "RULES.md"));
    const stamp = JSON.parse(readFileSync(path.join(out, ".v2kit-stamp.json"), "utf8"));
    stamp.files["old.ts"] = "0".repeat(64);
    writeFileSync(path.join(out, ".v2kit-stamp.json"), JSON.stringify(stamp));
    writeFileSync(path.join(out, "old.ts"), "// no longer generated\n");
    const drift = generate(["--out", out, "--check"]);
    expect(drift.code).toBe(1);
    expect(drift.stderr).toMatch(/^ {2}rules\.mts$/m);
    expect(drift.stderr).toMatch(/^ {2}RULES\.md \(missing\)$/m);
    expect(drift.stderr).toMatch(/^ {2}old\.ts \(stale: no longer generated\)$/m);
    expect(drift.stderr).not.toContain("notes.md");
  });
});

describe("the stamp is a function of the inputs' content only", () => {
  /** A copy of the package (sources, inputs, built code and committed output) at another path. */
  function copyOfPackage(where: string): string {
    const copy = path.join(scratch(where), "deeper", "v2kit copy");
    for (const part of ["package.json", "schema", "rules", "engine", "schema-model", "input", "generators", "cli", "output", "dist"])
      cpSync(path.join(repo, part), path.join(copy, part), { recursive: true });
    symlinkSync(path.join(repo, "node_modules"), path.join(copy, "node_modules"));
    return copy;
  }

  it("two copies in different folders agree with the committed stamp: plain generate is a no-op", () => {
    const committed = readFileSync(path.join(repo, "output/.v2kit-stamp.json"), "utf8");
    for (const where of ["stamp-a", "stamp-b-with-a-longer-name"]) {
      const copy = copyOfPackage(where);
      const result = spawnSync(process.execPath, [path.join(copy, "dist/cli/v2kit.js"), "generate"], { cwd: copy, encoding: "utf8" });
      expect(result.stdout, result.stderr).toBe("v2kit: output is up to date\n");
      expect(readFileSync(path.join(copy, "output/.v2kit-stamp.json"), "utf8")).toBe(committed);
    }
  });

  it("CRLF line endings in the inputs (a checkout with autocrlf) give the same stamp", () => {
    const copy = copyOfPackage("stamp-crlf");
    const rules = path.join(copy, "rules/v2.rules.yaml");
    writeFileSync(rules, readFileSync(rules, "utf8").replace(/\n/g, "\r\n"));
    const result = spawnSync(process.execPath, [path.join(copy, "dist/cli/v2kit.js"), "generate"], { cwd: copy, encoding: "utf8" });
    expect(result.stdout, result.stderr).toBe("v2kit: output is up to date\n");
  });

  it("a fresh git clone of this repository: generate is a no-op and git status stays clean", (context) => {
    if (!existsSync(path.join(repo, ".git"))) {
      console.log("skipping the fresh-clone check: not a git checkout");
      return context.skip();
    }
    const clone = path.join(scratch("clone"), "v2kit");
    execFileSync("git", ["clone", "-q", "--no-hardlinks", repo, clone]);
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "generators", "rules", "schema", "output"], { cwd: repo, encoding: "utf8" });
    if (dirty !== "") {
      console.log(`skipping the fresh-clone check: uncommitted changes to the inputs:\n${dirty}`);
      return context.skip();
    }
    cpSync(path.join(repo, "dist"), path.join(clone, "dist"), { recursive: true });
    symlinkSync(path.join(repo, "node_modules"), path.join(clone, "node_modules"));
    const result = spawnSync(process.execPath, [path.join(clone, "dist/cli/v2kit.js"), "generate"], { cwd: clone, encoding: "utf8" });
    expect(result.stdout, result.stderr).toBe("v2kit: output is up to date\n");
    // node_modules is our symlink to this checkout's (ignored as a folder, not as a link).
    expect(execFileSync("git", ["status", "--porcelain", "--", ".", ":!node_modules"], { cwd: clone, encoding: "utf8" })).toBe("");
  });
});
