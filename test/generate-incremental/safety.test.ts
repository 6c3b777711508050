// Reuse never trades safety for speed: a reused artifact's files must still be exactly what
// generate wrote (an edited, deleted or replaced file is rebuilt, or refused without
// --overwrite-edits), a stamp from before per-artifact hashes means a full run, --check builds
// everything and names only what is stale, and a run that fails or is interrupted after an
// edit leaves the previous output whole, its stamp saying it is not current.

import { spawn } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { cli } from "../fixtures/conformance/support.js";
import { artifactsOf, type Json, tree, Workspace } from "./support.js";

const NARROWING = new Set(["exactlyOne", "enumWhen", "requires"]);
const ws = new Workspace();
let base: string;
let caseCount = 0;

/** A copy of the first output: each case starts from the same generated folder. */
function copyOfBase(): string {
  const out = ws.out(`case-${caseCount++}`);
  cpSync(base, out, { recursive: true });
  return path.basename(out);
}

/** A full --force run of the current inputs, to compare with. */
function fresh(): Record<string, string> {
  const name = `fresh-${caseCount++}`;
  const result = ws.generate(name, "--force", "--quiet");
  expect(result.code, result.stderr).toBe(0);
  return tree(ws.out(name));
}

let message = 0;
const editRuleMessage = () =>
  ws.editRules((rulesFile) => void ((rulesFile.rules.find((x) => !NARROWING.has(String(x.kind))) as Json).message = `must hold (edit ${++message})`));

beforeAll(() => {
  const first = ws.generate("base", "--quiet");
  expect(first.code, first.stderr).toBe(0);
  base = ws.out("base");
});

describe("reuse takes only files that are exactly what generate wrote", () => {
  it("a hand-edited file of an unchanged artifact: refused (exit 2) and nothing written; --overwrite-edits rebuilds it", () => {
    const out = copyOfBase();
    editRuleMessage();
    writeFileSync(path.join(ws.out(out), "types.mts"), `${readFileSync(path.join(ws.out(out), "types.mts"), "utf8")}// mine\n`);
    const before = tree(ws.out(out));
    const refused = ws.generate(out);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("types.mts");
    expect(tree(ws.out(out))).toEqual(before);
    const forced = ws.generate(out, "--overwrite-edits");
    expect(forced.code, forced.stderr).toBe(0);
    const artifacts = artifactsOf(forced.stdout);
    expect(artifacts !== "all" && artifacts.rebuilt).toEqual(["types", "rules", "rules-doc", "tests"]);
    expect(tree(ws.out(out))).toEqual(fresh());
  });

  it("a deleted file of an unchanged artifact: that artifact is rebuilt", () => {
    const out = copyOfBase();
    editRuleMessage();
    const validator = readdirSync(path.join(ws.out(out), "validators")).sort()[0] as string;
    rmSync(path.join(ws.out(out), "validators", validator));
    const result = ws.generate(out);
    expect(result.code, result.stderr).toBe(0);
    const artifacts = artifactsOf(result.stdout);
    expect(artifacts !== "all" && artifacts.rebuilt).toEqual(["validators", "rules", "rules-doc", "tests"]);
    expect(tree(ws.out(out))).toEqual(fresh());
  });

  it("a stamp from before per-artifact hashes (no `artifacts`): one full run, then incremental again", () => {
    const out = copyOfBase();
    const stampFile = path.join(ws.out(out), ".v2kit-stamp.json");
    const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as Json;
    delete stamp.artifacts;
    writeFileSync(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
    editRuleMessage();
    const full = ws.generate(out);
    expect(full.code, full.stderr).toBe(0);
    expect(artifactsOf(full.stdout)).toBe("all");
    expect(tree(ws.out(out))).toEqual(fresh());
    editRuleMessage();
    const next = ws.generate(out);
    expect(artifactsOf(next.stdout)).not.toBe("all");
    expect(tree(ws.out(out))).toEqual(fresh());
  });

  it("a stamp entry naming files the stamp does not own is ignored: everything is rebuilt (the edited stamp is unsealed)", () => {
    const out = copyOfBase();
    const stampFile = path.join(ws.out(out), ".v2kit-stamp.json");
    const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as { artifacts: Record<string, { files: string[] }> };
    stamp.artifacts.types?.files.push("../elsewhere.mts");
    writeFileSync(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
    editRuleMessage();
    const result = ws.generate(out);
    expect(result.code, result.stderr).toBe(0);
    // A stamp edited by hand no longer matches its seal: nothing is reused, as with --force.
    expect(artifactsOf(result.stdout)).toBe("all");
    expect(tree(ws.out(out))).toEqual(fresh());
  });

  it("--allow-foreign-files: the user's file stays, every owned file is --force's", () => {
    const out = copyOfBase();
    writeFileSync(path.join(ws.out(out), "notes.md"), "mine\n");
    editRuleMessage();
    const result = ws.generate(out, "--allow-foreign-files");
    expect(result.code, result.stderr).toBe(0);
    expect(artifactsOf(result.stdout)).not.toBe("all");
    const { "notes.md": notes, ...owned } = tree(ws.out(out));
    expect(Buffer.from(notes ?? "", "base64").toString()).toBe("mine\n");
    expect(owned).toEqual(fresh());
  });
});

describe("--check after an edit builds everything and names only what is stale", () => {
  // Only files whose text changed: a header names its own file's hash (issue 43, item 4), so
  // RULES.md and the property test module, which hold no message, are current.
  it("exit 1 listing the rule engine, the tests' data and the stamp; not RULES.md, the test module, the types or validators", () => {
    const out = copyOfBase();
    editRuleMessage();
    const result = ws.generate(out, "--check");
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/are not current:\n/);
    expect(result.stderr).toContain(`To regenerate them, run: v2kit generate --spec ${ws.spec} --rules ${ws.rules} --out ${ws.out(out)}\n`);
    const listed = result.stderr
      .split("\n")
      .filter((line) => line.startsWith("  "))
      .map((line) => line.trim());
    expect(listed).toEqual([".v2kit-stamp.json (records other inputs or files)", "rules.mts", "tests/model.json"]);
  });
});

describe("a failed or interrupted run after an edit leaves the previous output whole", () => {
  it("an invalid rules file: exit 1, nothing written", () => {
    const out = copyOfBase();
    const before = tree(ws.out(out));
    const saved = readFileSync(ws.rules, "utf8");
    ws.editRules((rulesFile) => void ((rulesFile.rules[0] as Json).message = "not a must"));
    const result = ws.generate(out);
    writeFileSync(ws.rules, saved);
    expect(result.code).toBe(1);
    expect(tree(ws.out(out))).toEqual(before);
  });

  it("a document made invalid after a valid run: swagger-parser's verdict, exit 1, nothing written (a checked document is never assumed)", () => {
    const out = copyOfBase();
    const before = tree(ws.out(out));
    const saved = readFileSync(ws.spec, "utf8");
    ws.editSpec((doc) => void delete doc.info);
    const result = ws.generate(out);
    writeFileSync(ws.spec, saved);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/info/);
    expect(tree(ws.out(out))).toEqual(before);
  });

  it("SIGINT while writing: exit 130, the previous output and stamp as they were, --check says stale, the next run is --force's", async () => {
    const out = copyOfBase();
    editRuleMessage();
    const before = tree(ws.out(out));
    const child = spawn(process.execPath, [cli, "generate", "--spec", ws.spec, "--rules", ws.rules, "--out", ws.out(out)], {
      env: { ...process.env, V2KIT_TEST_SLOW_WRITE_MS: "100" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const sibling = path.join(ws.dir, `.${out}.v2kit-new-${child.pid}`);
    const deadline = Date.now() + 120_000;
    while (!(existsSync(sibling) && readdirSync(sibling).length >= 3)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the run never started writing: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill("SIGINT");
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(130);
    expect(tree(ws.out(out))).toEqual(before);
    expect(ws.generate(out, "--check").code).toBe(1);
    const next = ws.generate(out);
    expect(next.code, next.stderr).toBe(0);
    expect(tree(ws.out(out))).toEqual(fresh());
  });
});
