// A stamp edited by hand (a generated file changed and its hash put in the stamp to match) used
// to loop: `generate --check` said "run 'v2kit generate'" and `generate` said "up to date". The
// stamp is sealed now: a stamp generate did not write vouches for nothing, both commands call
// the output stale, and `generate` repairs it.

import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tree, Workspace } from "./support.js";

describe("a forged stamp", () => {
  it("is stale for generate --check and for generate, and generate repairs it", () => {
    const ws = new Workspace();
    expect(ws.generate("out").code).toBe(0);
    const fresh = tree(ws.out("out"));
    // Forge: edit a generated file, then make the stamp agree with the edit (hash and all).
    const target = path.join(ws.out("out"), "RULES.md");
    const forged = `${readFileSync(target, "utf8")}\nforged line\n`;
    writeFileSync(target, forged);
    const stampFile = path.join(ws.out("out"), ".v2kit-stamp.json");
    const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as { files: Record<string, string> };
    stamp.files["RULES.md"] = createHash("sha256").update(forged).digest("hex");
    writeFileSync(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);

    const check = ws.generate("out", "--check");
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("RULES.md");
    const repair = ws.generate("out");
    expect(repair.code).toBe(0);
    expect(repair.stdout).not.toContain("up to date");
    expect(tree(ws.out("out"))).toEqual(fresh);
    expect(ws.generate("out", "--check").code).toBe(0);
    expect(ws.generate("out").stdout).toContain("up to date");
  });
});

describe("a generated file edited by hand", () => {
  it("generate --check names the flag that replaces it, and that flag repairs it", () => {
    const ws = new Workspace();
    expect(ws.generate("out").code).toBe(0);
    const target = path.join(ws.out("out"), "RULES.md");
    writeFileSync(target, `${readFileSync(target, "utf8")}\nmy note\n`);
    const check = ws.generate("out", "--check");
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("are not current (1 generated file(s) were edited by hand):");
    expect(check.stderr).toContain(`To regenerate them, run: v2kit generate --spec ${ws.spec} --rules ${ws.rules} --out ${ws.out("out")} --overwrite-edits\n`);
    const refused = ws.generate("out");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("--overwrite-edits");
    expect(ws.generate("out", "--overwrite-edits").code).toBe(0);
    expect(ws.generate("out", "--check").code).toBe(0);
  });
});
