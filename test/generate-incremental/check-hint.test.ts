// `generate --check` names the command that brings the folder up to date (issue 43): run as
// written by bash, from where --check ran, it must write where --check looked, with the same
// --spec and --rules. The hint used to drop every flag (`v2kit generate --overwrite-edits`): run,
// it wrote the bundled schema's output into ./output and left the checked folder stale.

import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../fixtures/conformance/support.js";
import { Workspace } from "./support.js";

describe("the command generate --check says to run", () => {
  it("keeps --out (a folder with a space and a quote), --spec, --rules and --quiet, and bash runs it into the checked folder", () => {
    const ws = new Workspace();
    const out = "src/gen erated's";
    const generate = (...args: string[]) => spawnSync(process.execPath, [cli, "generate", ...args], { cwd: ws.dir, encoding: "utf8" });
    const flags = ["--spec", "spec.json", "--rules", "rules.yaml", "--out", out, "--quiet"];
    expect(generate(...flags).status).toBe(0);
    const edited = path.join(ws.dir, out, "RULES.md");
    writeFileSync(edited, `${readFileSync(edited, "utf8")}\nmy note\n`);

    const check = generate(...flags, "--check");
    expect(check.status).toBe(1);
    const hint = /^To regenerate them, run: (.*)$/m.exec(check.stderr)?.[1];
    expect(hint).toBe(`v2kit generate --spec spec.json --rules rules.yaml --out 'src/gen erated'\\''s' --quiet --overwrite-edits`);

    // `v2kit` on PATH is this checkout's CLI; bash parses the hint as a user's shell would.
    const bin = path.join(ws.dir, "bin");
    mkdirSync(bin);
    writeFileSync(path.join(bin, "v2kit"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} "$@"\n`);
    chmodSync(path.join(bin, "v2kit"), 0o755);
    const ran = spawnSync("bash", ["-c", hint as string], { cwd: ws.dir, encoding: "utf8", env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}` } });
    expect(ran.stderr).toBe("");
    expect(ran.status).toBe(0);
    expect(existsSync(path.join(ws.dir, "output"))).toBe(false);
    expect(readFileSync(edited, "utf8")).not.toContain("my note");
    expect(generate(...flags, "--check").status).toBe(0);
  });
});
