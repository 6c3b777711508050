// `migrate scan --diff` in a real git repository (issue 45, item 11): names with a tab, a newline,
// a backslash, a double quote, a space, non-ASCII letters or a leading dash are quoted exactly as
// `git diff` quotes them, and the patch applies with `git apply`; a file that is not valid UTF-8
// is left out of the patch (said on stderr, its finding says why) and the fixable file beside it
// is still patched.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("../../dist/cli/v2kit.js", import.meta.url));
const hasGit = spawnSync("git", ["--version"]).status === 0;

const V1 = 'curl -X DELETE "https://rest.runpod.io/v1/pods/$ID"\n';
const V2 = 'curl -X DELETE "https://api.runpod.io/v2/pods/$ID"\n';

const git = (cwd: string, ...args: string[]) => spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd, encoding: "utf8" });

/** The `diff --git`, `---` and `+++` lines of a patch, in order. */
const headers = (patch: string) => patch.split("\n").filter((line) => /^(?:diff --git |--- |\+\+\+ )/.test(line));

describe.skipIf(!hasGit || process.platform === "win32")("--diff in a git repository", () => {
  it("quotes names as git does; the patch applies; a file that is not UTF-8 is left out, the one beside it patched", () => {
    const dir = mkdtempSync(join(tmpdir(), "v2kit-fix-diff-"));
    try {
      const names = ["tab\there.sh", "new\nline.sh", "back\\slash.sh", 'dq"uote.sh', "café.sh", "sp ace.sh", "s p\tt.sh", "-dash.sh", "plain.sh"];
      for (const name of names) writeFileSync(join(dir, name), V1);
      const latin1 = Buffer.concat([Buffer.from("# caf"), Buffer.from([0xe9]), Buffer.from(`\n${V1}`)]);
      writeFileSync(join(dir, "latin1.sh"), latin1);
      expect(git(dir, "init", "-q", ".").status).toBe(0);
      expect(git(dir, "add", "-A").status).toBe(0);
      expect(git(dir, "commit", "-qm", "v1").status).toBe(0);

      const result = spawnSync(process.execPath, [CLI, "migrate", "scan", "--diff", "."], { cwd: dir, encoding: "utf8" });
      expect(result.stderr).toContain("latin1.sh: it is not valid UTF-8, so a patch of it would not apply: left out of the diff");
      expect(result.stderr).toContain(`would fix ${names.length} calls in ${names.length} files; 1 call left`);
      expect(result.stderr).toContain("latin1.sh:2:17: not fixed: it is not valid UTF-8");
      expect(result.stdout).not.toContain("\uFFFD");
      const patch = join(dir, "..", `${dir.split("/").pop()}.patch`);
      writeFileSync(patch, result.stdout);
      try {
        const check = git(dir, "apply", "--check", patch);
        expect(check.stderr).toBe("");
        expect(check.status).toBe(0);
        const applied = git(dir, "apply", patch);
        expect(applied.stderr).toBe("");
        for (const name of names) expect(readFileSync(join(dir, name), "utf8"), name).toBe(V2);
        expect(readFileSync(join(dir, "latin1.sh")).equals(latin1)).toBe(true);
        // Git's own diff of the same change names every file the same way.
        const own = git(dir, "diff", "--no-color");
        expect(headers(result.stdout).sort()).toEqual(headers(own.stdout).sort());
        expect(headers(result.stdout)).toContain('diff --git "a/tab\\there.sh" "b/tab\\there.sh"');
        expect(headers(result.stdout)).toContain('--- "a/s p\\tt.sh"\t');
      } finally {
        rmSync(patch, { force: true });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
