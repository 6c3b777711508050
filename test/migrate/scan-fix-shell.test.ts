// `migrate scan --fix` on curl bodies that splice shell variables (issue 45, item 1), judged by a
// real bash: the script runs with `curl` a function that prints its `-d` argument, and the body
// bash sends after the fix must be the v2 body of the one it sent before (a number splice stays a
// number, a string splice stays inside its string, escapes stay escapes). Generated bodies check
// the same for every fix made, and that every body left alone says why.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { migrateRequest } from "../../migrate/request.js";
import { scanSource } from "../../migrate/scan/index.js";
import { fixFile } from "../../migrate/scan/fix.js";

const CLI = fileURLToPath(new URL("../../dist/cli/v2kit.js", import.meta.url));
const bash = spawnSync("bash", ["--version"]).status === 0;

/** `curl` as a function: each `-d` argument, NUL-terminated. */
const PRELUDE = `curl() { while [ $# -gt 0 ]; do if [ "$1" = -d ]; then printf '%s\\0' "$2"; shift; fi; shift; done; }
hostname() { echo build-7; }
ID=e1 MIN=2 MAX=5 NAME='x y' IMAGE='runpod/worker:1'
set -- 7 p2 p3 p4 p5
`;

/** The `-d` arguments bash passes when it runs `script`. */
function sent(script: string): string[] {
  const result = spawnSync("bash", ["-c", PRELUDE + script], { encoding: "utf8" });
  expect(result.stderr).toBe("");
  return result.stdout.split("\0").slice(0, -1);
}

/** What `v2kit migrate` makes of the v1 request (the library's request migration, not the fixer). */
const v2Of = (body: unknown) => migrateRequest({ method: "PATCH", path: "/v1/endpoints/e1", body }).request?.body;

const URL_V1 = '"https://rest.runpod.io/v1/endpoints/$ID"';

describe.skipIf(!bash)("--fix of a curl body with shell splices, run by bash", () => {
  it("sends the v2 body bash would send: numbers stay numbers, strings stay strings, escapes stay", () => {
    const lines = [
      `-d '{"workersMin": '"$MIN"', "workersMax": 4}'`,
      `-d '{"name": "'"$NAME"'", "workersMax": 4}'`,
      `-d "{\\"workersMin\\": \${MIN}}"`,
      `-d "{\\"name\\": \\"cost \\$5\\", \\"workersMax\\": 4}"`,
      `-d '{"workersMax": '$MAX', "name": "it'\\''s"}'`,
      `-d "{\\"name\\": \\"$(hostname) \\\\\\\\ wow!\\", \\"workersMin\\": $1}"`,
    ].map((flag) => `curl -X PATCH ${URL_V1} -H 'Content-Type: application/json' ${flag}\n`);
    const dir = mkdtempSync(join(tmpdir(), "v2kit-fix-shell-"));
    try {
      const file = join(dir, "scale.sh");
      writeFileSync(file, lines.join(""));
      const before = sent(lines.join(""));
      expect(before.map((b) => JSON.parse(b))).toEqual([
        { workersMin: 2, workersMax: 4 },
        { name: "x y", workersMax: 4 },
        { workersMin: 2 },
        { name: "cost $5", workersMax: 4 },
        { workersMax: 5, name: "it's" },
        { name: "build-7 \\ wow!", workersMin: 7 },
      ]);
      const result = spawnSync(process.execPath, [CLI, "migrate", "scan", "--fix", "scale.sh"], { cwd: dir, encoding: "utf8" });
      expect(result.stderr).toContain("fixed 6 calls in 1 file; 0 calls left");
      const fixed = readFileSync(file, "utf8");
      expect(spawnSync("bash", ["-n", file]).status).toBe(0);
      const after = sent(fixed).map((b) => JSON.parse(b) as { workers: { min?: unknown } });
      expect(after).toEqual([
        { workers: { min: 2, max: 4 } },
        { name: "x y", workers: { max: 4 } },
        { workers: { min: 2 } },
        { name: "cost $5", workers: { max: 4 } },
        { workers: { max: 5 }, name: "it's" },
        { name: "build-7 \\ wow!", workers: { min: 7 } },
      ]);
      expect(typeof after[0]?.workers.min).toBe("number");
      expect(typeof after[2]?.workers.min).toBe("number");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves a body alone, saying why, when it cannot prove what bash sends after the fix", () => {
    const text = [
      // A backquoted command: not modelled.
      `curl -X PATCH ${URL_V1} -d "{\\"name\\": \\"\`hostname\`\\", \\"workersMax\\": 4}"`,
      // `$@` is as many words as there are arguments.
      `curl -X PATCH ${URL_V1} -d "{\\"name\\": \\"$@\\", \\"workersMax\\": 4}"`,
    ].join("\n");
    const findings = scanSource(text, "a.sh", [], { sites: true });
    expect(findings.length).toBe(2);
    const result = fixFile(text, "a.sh", findings, { unsafe: false });
    expect(result.text).toBe(text);
    expect(result.notFixed.map((unfixed) => unfixed.reason)).toEqual([
      "the body word has a backquoted command: v2kit cannot tell what bash sends after a fix",
      "the body word has $@ (it can expand to several words): v2kit cannot tell what bash sends after a fix",
    ]);
  });
});

/** One JSON member of a generated body: its key and how its value is written. */
type Member = { key: string; value: { literal: unknown } | { variable: "MIN" | "MAX"; quoted: boolean } | { variable: "NAME" | "IMAGE"; prefix: string } };

const TRICKY = ["plain", "cost $5", "back\\slash", "it's", 'say "hi"', "wow!", "tick `x`", "a*b?[c]", "~home {a,b}"];

const member: fc.Arbitrary<Member> = fc.oneof(
  fc.record({
    key: fc.constantFrom("workersMin", "workersMax", "idleTimeout"),
    value: fc.oneof(
      fc.integer({ min: 0, max: 9 }).map((digit) => ({ literal: digit })),
      fc.record({ variable: fc.constantFrom<"MIN" | "MAX">("MIN", "MAX"), quoted: fc.boolean() }),
    ),
  }),
  fc.record({
    key: fc.constantFrom("name", "templateId"),
    value: fc.oneof(
      fc.constantFrom(...TRICKY).map((tricky) => ({ literal: tricky })),
      fc.record({ variable: fc.constantFrom<"NAME" | "IMAGE">("NAME", "IMAGE"), prefix: fc.constantFrom("", "pre-", "a $ b ") }),
    ),
  }),
);

/** The body as a shell word in `style`, each splice quoted as written in scripts. */
function word(members: readonly Member[], style: "'" | '"', braces: boolean): string {
  const lit = (text: string) => (style === "'" ? text.replace(/'/g, "'\\''") : text.replace(/[\\"$`]/g, (char) => `\\${char}`));
  const ref = (name: string) => (braces ? `\${${name}}` : `$${name}`);
  const splice = (name: string, quoted: boolean) => (style === '"' ? ref(name) : quoted ? `'"${ref(name)}"'` : `'${ref(name)}'`);
  const parts = members.map(({ key, value }) => {
    const head = lit(`${JSON.stringify(key)}: `);
    if ("literal" in value) return head + lit(JSON.stringify(value.literal));
    if ("quoted" in value) return head + splice(value.variable, value.quoted);
    return `${head + lit(`"${value.prefix}`) + splice(value.variable, true)}${lit('"')}`;
  });
  return `${style}${lit("{")}${parts.join(lit(", "))}${lit("}")}${style}`;
}

describe.skipIf(!bash)("--fix of generated curl bodies with splices, run by bash", () => {
  it("every body it fixes sends, in bash, the v2 body of what the original sends; the rest say why", () => {
    let fixedCount = 0;
    let total = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            members: fc.uniqueArray(member, { minLength: 1, maxLength: 4, selector: (genMember) => genMember.key }),
            style: fc.constantFrom<"'" | '"'>("'", '"'),
            braces: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (calls) => {
          const text = calls.map((call) => `curl -X PATCH ${URL_V1} -d ${word(call.members, call.style, call.braces)}\n`).join("");
          const findings = scanSource(text, "gen.sh", [], { sites: true });
          expect(findings.length).toBe(calls.length);
          const result = fixFile(text, "gen.sh", findings, { unsafe: false });
          const before = sent(text);
          const after = sent(result.text);
          expect(before.length).toBe(calls.length);
          expect(after.length).toBe(calls.length);
          const fixedLines = new Set(result.fixed.map((finding) => finding.line));
          for (const [i, body] of before.entries()) {
            total++;
            const expected = v2Of(JSON.parse(body));
            if (fixedLines.has(i + 1)) {
              fixedCount++;
              expect(JSON.parse(after[i] as string), `line ${i + 1}:\n${text.split("\n")[i]}\n${result.text.split("\n")[i]}`).toEqual(expected);
            } else {
              expect(after[i]).toBe(body);
              expect(result.notFixed.find((unfixed) => unfixed.finding.line === i + 1)?.reason).toMatch(/\w/);
            }
          }
        },
      ),
      { seed: 45, numRuns: 60 },
    );
    // The property is about fixes: most generated bodies must be fixed.
    expect(fixedCount).toBeGreaterThan(total * 0.8);
  });
});
