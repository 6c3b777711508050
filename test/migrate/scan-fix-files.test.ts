// Issue 45, items 8 and 9: what `migrate scan --fix` does to the file it replaces, as a user
// runs it. A symbolic link stays a link and its target is fixed (when the target lies inside the
// working directory; outside, nothing is written and the report says why). The owner, group and
// mode (set-user-ID included) of a file root fixes stay the original's. An unprivileged user's
// --fix leaves a read-only file in a writable folder, and a file it could not give back to its
// owner, untouched; root leaves a file with no write bit untouched too. Fixed Python still
// parses (python3's own parser).

import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("../../dist/cli/v2kit.js", import.meta.url));
const V1 = 'import requests\n\nrequests.get("https://rest.runpod.io/v1/pods")\n';
const V2 = 'import requests\n\nrequests.get("https://api.runpod.io/v2/pods")\n';
const NOBODY = 65534;

const isRoot = process.getuid?.() === 0;
const setpriv = spawnSync("setpriv", ["--version"], { encoding: "utf8" }).status === 0;
const python = spawnSync("python3", ["--version"], { encoding: "utf8" }).status === 0;
if (!isRoot) console.log("scan-fix-files: not running as root: the ownership cases (chown to another user) are skipped");
if (!setpriv) console.log("scan-fix-files: setpriv not found: the unprivileged-user cases are skipped");

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "v2kit-fix-files-"));
  chmodSync(dir, 0o755); // the unprivileged user's runs reach their folders through it
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `v2kit migrate scan --fix ARGS` in `cwd`, as root or (asUser) as uid/gid 65534 through setpriv. */
function fix(cwd: string, args: string[], asUser = false) {
  const command = asUser ? "setpriv" : process.execPath;
  const prefix = asUser ? [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", process.execPath] : [];
  const result = spawnSync(command, [...prefix, CLI, "migrate", "scan", "--fix", ...args], { cwd, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const folder = (name: string) => {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  return path;
};

function parses(file: string): void {
  if (!python) return;
  const result = spawnSync("python3", ["-c", "import ast,sys; ast.parse(open(sys.argv[1]).read())", file], { encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
}

// Issue 45, item 8.
describe("a named file that is a symbolic link stays a link under --fix", () => {
  it("stays a link; the file it points to is fixed", () => {
    const project = folder("link-inside");
    mkdirSync(join(project, "lib"));
    writeFileSync(join(project, "lib/client.py"), V1);
    symlinkSync("lib/client.py", join(project, "client.py"));
    const result = fix(project, ["client.py"]);
    expect(result.stderr).toContain("fixed 1 call in 1 file");
    expect(lstatSync(join(project, "client.py")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(project, "lib/client.py"), "utf8")).toBe(V2);
    parses(join(project, "lib/client.py"));
    expect(result.code).toBe(0);
    expect(readdirSync(join(project, "lib"))).toEqual(["client.py"]); // no temporary file left
  });

  it("pointing outside the working directory: nothing is written, and the report says why", () => {
    const project = folder("link-outside/project");
    const elsewhere = folder("link-outside/elsewhere");
    writeFileSync(join(elsewhere, "client.py"), V1);
    symlinkSync(join(elsewhere, "client.py"), join(project, "client.py"));
    const result = fix(project, ["client.py"]);
    expect(readFileSync(join(elsewhere, "client.py"), "utf8")).toBe(V1);
    expect(lstatSync(join(project, "client.py")).isSymbolicLink()).toBe(true);
    expect(result.stderr).toContain(
      `client.py: it is a symbolic link to ${join(elsewhere, "client.py")}, outside the working directory (name that file itself to fix it): not written`,
    );
    expect(result.code).toBe(1);
    // Named itself, the file is fixed.
    expect(fix(elsewhere, ["client.py"]).code).toBe(0);
    expect(readFileSync(join(elsewhere, "client.py"), "utf8")).toBe(V2);
  });
});

// Issue 45, item 9.
describe("--fix keeps a file's owner, group and mode, or leaves the file untouched", () => {
  it.runIf(isRoot)("root fixing another user's files keeps their owner, group and mode (set-user-ID included)", () => {
    const project = folder("owned");
    const plain = join(project, "plain.py");
    const setuid = join(project, "tool.py");
    for (const file of [plain, setuid]) {
      writeFileSync(file, V1);
      chownSync(file, NOBODY, NOBODY);
    }
    chmodSync(plain, 0o640);
    chmodSync(setuid, 0o4755); // after chown, which clears it
    const result = fix(project, ["."]);
    expect(result.stderr).toContain("fixed 2 calls in 2 files");
    for (const [file, mode] of [
      [plain, 0o640],
      [setuid, 0o4755],
    ] as const) {
      const stat = statSync(file);
      expect([stat.uid, stat.gid, (stat.mode & 0o7777).toString(8)]).toEqual([NOBODY, NOBODY, mode.toString(8)]);
      expect(readFileSync(file, "utf8")).toBe(V2);
    }
  });

  it.runIf(isRoot)("root leaves a file nobody may write (mode 0444) untouched, saying why", () => {
    const project = folder("root-read-only");
    writeFileSync(join(project, "frozen.py"), V1);
    chmodSync(join(project, "frozen.py"), 0o444);
    const result = fix(project, ["."]);
    expect(readFileSync(join(project, "frozen.py"), "utf8")).toBe(V1);
    expect(result.stderr).toContain("frozen.py: it is read-only (mode 0444): make it writable first to fix it: not written");
    expect(result.code).toBe(1);
  });

  it.runIf(isRoot && setpriv)("an unprivileged user: a read-only file and another user's file in its writable folder are not written", () => {
    const project = folder("unprivileged");
    chownSync(project, NOBODY, NOBODY);
    const own = join(project, "own.py");
    const readOnly = join(project, "read-only.py");
    const rootOwned = join(project, "root-owned.py");
    for (const file of [own, readOnly, rootOwned]) writeFileSync(file, V1);
    chownSync(own, NOBODY, NOBODY);
    chownSync(readOnly, NOBODY, NOBODY);
    chmodSync(readOnly, 0o444);
    chmodSync(rootOwned, 0o666); // writable by anyone, but its owner is root's to keep
    const result = fix(project, ["."], true);
    expect(readFileSync(readOnly, "utf8")).toBe(V1);
    expect(readFileSync(rootOwned, "utf8")).toBe(V1);
    expect([statSync(rootOwned).uid, statSync(readOnly).mode & 0o777]).toEqual([0, 0o444]);
    expect(readFileSync(own, "utf8")).toBe(V2);
    expect(statSync(own).uid).toBe(NOBODY);
    expect(result.stderr).toContain("read-only.py: you have no write permission to it (mode 0444): not written");
    expect(result.stderr).toContain("root-owned.py: it belongs to user 0 and group 0, and the fixed copy cannot keep that owner (EPERM): not written");
    expect(result.stderr).toContain("fixed 1 call in 1 file; 2 calls left");
    expect(result.code).toBe(1);
    expect(readdirSync(project).sort()).toEqual(["own.py", "read-only.py", "root-owned.py"]); // no temporary file left
  });
});
