// `migrate scan` as a CI gate: a path it was asked to read and could not (a named path that is
// gone, a tree deeper than PATH_MAX) makes the exit status 2, unless --skip-unreadable; every
// message and every format shows hostile file names escaped (ESC, OSC, BEL, U+202E).

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("../../dist/cli/v2kit.js", import.meta.url));
const scan = (args: string[], cwd?: string) => spawnSync(process.execPath, [CLI, "migrate", "scan", ...args], { encoding: "utf8", ...(cwd ? { cwd } : {}) });
const V1_CALL = "curl https://rest.runpod.io/v1/pods\n";
const HOSTILE = "a\u001b]0;pwned\u0007\u202eb.sh";

describe("migrate scan: what it cannot read decides the exit status", () => {
  it("a named path that cannot be read: exit 2 even with no v1 call found, and the reason on stderr", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "v2kit-unreadable-"));
    writeFileSync(path.join(dir, "ok.py"), "print('v2 only')\n");
    const missing = path.join(dir, "gone");
    const result = scan([dir, missing]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`cannot read ${missing}: no such file or directory`);
    expect(result.stderr).toMatch(/1 path could not be read/);
    const skipped = scan(["--skip-unreadable", dir, missing]);
    expect(skipped.status).toBe(0);
    expect(skipped.stderr).toContain(`skipped ${missing}`);
  });

  it("a file in the tree whose path is longer than PATH_MAX: reported, exit 2; --skip-unreadable lets the findings decide", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "v2kit-deep-"));
    writeFileSync(path.join(dir, "call.sh"), V1_CALL);
    // Built from a child whose working directory walks down (each mkdir is relative and short).
    const segment = "d".repeat(200);
    const build = spawnSync(
      process.execPath,
      [
        "-e",
        `const fs = require("fs"); process.chdir(${JSON.stringify(dir)}); for (let i = 0; i < 24; i++) { fs.mkdirSync(${JSON.stringify(segment)}); process.chdir(${JSON.stringify(segment)}); } fs.writeFileSync("deep.sh", ${JSON.stringify(V1_CALL)});`,
      ],
      { encoding: "utf8" },
    );
    expect(build.status, build.stderr).toBe(0);
    const result = scan([dir]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/cannot read .*: the path is longer than the system allows/);
    expect(result.stdout).toContain("call.sh"); // what could be read is still reported
    const skipped = scan(["--skip-unreadable", dir]);
    expect(skipped.status).toBe(1); // the readable v1 call
  });
});

describe("migrate scan: hostile file names are escaped in every format and message", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "v2kit-names-"));
  mkdirSync(path.join(dir, "src"));
  writeFileSync(path.join(dir, "src", HOSTILE), V1_CALL);
  const raw = /[\u001b\u0007\u202e]/;

  for (const format of ["pretty", "json", "sarif"]) {
    it(`${format}: no ESC, BEL or U+202E reaches stdout or stderr`, () => {
      // (No `[` or `]` in the missing name: a name with them is a glob, and no match is a usage error.)
      const result = scan(["--format", format, "src", path.join(dir, "missing-\u001bx\u0007\u202e.sh")], dir);
      expect(result.status).toBe(2);
      expect(result.stdout).toContain("pods");
      expect(result.stdout).not.toMatch(raw);
      expect(result.stderr).not.toMatch(raw);
      expect(result.stderr).toContain("missing-\\ex\\u0007\\u202e.sh");
      if (format === "json") expect(result.stdout).toContain("\\u202e");
      if (format === "sarif") expect(result.stdout).toContain("%E2%80%AE"); // a URI: percent-encoded
    });
  }
});
