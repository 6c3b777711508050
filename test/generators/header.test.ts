// A generated file's header changes only where the file itself does (issue 43, item 4): each
// header names the sha256 of its own text, not the hash of all its artifact's inputs, so a
// one-field change to the document no longer changes the header of every validator module (73
// files for one description). Through the CLI: two outputs of the document before and after
// one description is edited, compared file by file.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli, repo, scratch } from "../fixtures/conformance/support.js";

function files(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(dir, path.join(prefix, entry.name)) : entry.name.startsWith(".") ? [] : [path.join(prefix, entry.name)],
  );
}

const HASH = /(Content sha256: )([0-9a-f]{64})/;

describe("headers change only where their file changed (issue 43, item 4)", () => {
  it("one description edited: the files whose header changed are exactly the files whose code changed, a handful", () => {
    const dir = scratch("headers");
    for (const file of ["v2.openapi.yaml", "graphql.yaml"]) copyFileSync(path.join(repo, "schema", file), path.join(dir, file));
    const generate = (out: string) => {
      const result = spawnSync(process.execPath, [cli, "generate", "--spec", "v2.openapi.yaml", "--graphql", "graphql.yaml", "--out", out, "--quiet"], {
        cwd: dir,
        encoding: "utf8",
      });
      expect(result.status, result.stderr).toBe(0);
    };
    generate("before");
    const spec = path.join(dir, "v2.openapi.yaml");
    const text = readFileSync(spec, "utf8");
    const old = "A lifecycle action for one pod. There is no `reset` action in v2.";
    expect(text.split(old)).toHaveLength(2);
    writeFileSync(spec, text.replace(old, "A lifecycle action for one pod (v2 has no `reset`)."));
    generate("after");

    const names = files(path.join(dir, "before"));
    expect(files(path.join(dir, "after")).sort()).toEqual([...names].sort());
    const headerChanged: string[] = [];
    const codeChanged: string[] = [];
    for (const name of names) {
      const a = readFileSync(path.join(dir, "before", name), "utf8");
      const b = readFileSync(path.join(dir, "after", name), "utf8");
      if (HASH.exec(a)?.[2] !== HASH.exec(b)?.[2]) headerChanged.push(name);
      // Files without a header (tests/model.json, the rules schema) have nothing to compare.
      if (HASH.test(a) && a.replace(HASH, "$1") !== b.replace(HASH, "$1")) codeChanged.push(name);
      // The hash is the file's own: its text with the hash left out.
      const own = HASH.exec(b)?.[2];
      if (own !== undefined) expect(createHash("sha256").update(b.replace(own, "")).digest("hex"), name).toBe(own);
    }
    expect(headerChanged.sort()).toEqual(codeChanged.sort());
    expect(codeChanged.length).toBeGreaterThan(0);
    expect(codeChanged.length, codeChanged.join(", ")).toBeLessThanOrEqual(8);
  }, 180_000);
});
