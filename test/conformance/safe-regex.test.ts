// A pathological pattern in a spec cannot hang lint: patterns match with RE2 in linear time,
// through the run-time engine and the generated standalone validators alike; only provably
// linear ones keep native RegExp, and only modules holding an RE2 pattern import re2js; backreferences and lookaround, and patterns no engine can take,
// are warnings (not checked), not a crash. More in test/hardening/regex.test.ts.

import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadEngine } from "../../generators/engine-on-the-fly.js";
import { generate } from "../../generators/pipeline.js";
import { isRiskyPattern, planPatterns, regExpEngine, toRe2Syntax } from "../../generators/normalize/safe-regex.js";
import { evaluate } from "../../engine/evaluate.js";
import type { CheckResult } from "../../engine/types.js";
import { compileOutput, fixtures, scratch, writeFiles } from "../fixtures/conformance/support.js";

const spec = path.join(fixtures, "catastrophic-regex.yaml");
const attack = `${"a".repeat(40)}!`;

/** Bodies that take exponential time with a backtracking engine, and what the verdict must be. */
const bodies: [unknown, boolean][] = [
  [{ name: attack }, false],
  [{ alt: attack }, false],
  [{ dots: "a".repeat(5000) }, false],
  [{ accent: `${"é".repeat(40)}!` }, false],
  [{ [`${"x".repeat(40)}z`]: "not an integer" }, true], // the key does not match the pattern: no constraint
  [{ name: "aaaa", alt: "aa", dots: "xxb", accent: "éé", plain: "abc" }, true],
  [{ [`${"x".repeat(10)}y`]: "not an integer" }, false],
];

function expectFastVerdicts(check: (body: unknown) => CheckResult): void {
  for (const [body, ok] of bodies) {
    const start = performance.now();
    const result = check(body);
    const ms = performance.now() - start;
    expect(result.ok, JSON.stringify(body).slice(0, 60)).toBe(ok);
    expect(ms, `${JSON.stringify(body).slice(0, 60)} took ${ms.toFixed(0)} ms`).toBeLessThan(250);
  }
}

describe("risky patterns", () => {
  it.each([
    ["^(a+)+$", true],
    ["^(a|a)*$", true],
    ["(.*)*", true],
    ["^(a?){25}$", true],
    ["((ab)*c)+", true],
    ["^(x+x+)+y$", true],
    ["^[a-z]+$", false],
    ["^\\d+\\.\\d+$", false],
    ["^(ssh|ecdsa|sk)-[^\\s]+ [^\\s]+([ \\t][^\\n\\r]*)?$", false],
    ["^([a-z]{2})+$", true],
    ["^(\\(a+\\))$", false],
    ["[(a+)+]", false],
  ])("%s is risky: %s", (pattern, risky) => {
    expect(isRiskyPattern(pattern)).toBe(risky);
  });

  it("translates JavaScript-only escapes to RE2 syntax", () => {
    expect(toRe2Syntax("^\\u00e9\\u{1F600}$")).toBe("^\\x{00e9}\\x{1F600}$");
    expect(toRe2Syntax("\\\\u0041")).toBe("\\\\u0041");
  });

  it("plans each pattern: RE2, native when trivially linear, not checked, without the u flag, or dropped", () => {
    const plan = planPatterns(["^(a+)+$", "^(a)\\1(b+)+$", "^[\\w\\_]+$", "([a-z", "^ok$"]);
    expect([...plan.linear.keys()]).toEqual(["^(a+)+$", "^[\\w\\_]+$"]);
    expect(plan.unsafe).toEqual(["^(a)\\1(b+)+$"]);
    expect(plan.nonUnicode).toEqual(["^[\\w\\_]+$"]);
    expect(plan.invalid).toEqual(["([a-z"]);
    expect(regExpEngine(["^ok$", "^[a-z]+$"])).toBeUndefined();
  });
});

describe("a spec with catastrophic-backtracking patterns", () => {
  it("lints through loadEngine in well under a second", async () => {
    const engine = await loadEngine({ spec });
    expectFastVerdicts((body) => evaluate(engine, "createThing", body, {}));
  });

  it("lints through the generated standalone validators in well under a second", async () => {
    const { files, diagnostics } = await generate({ spec });
    expect(diagnostics.filter((diagnostic) => diagnostic.code === "pattern-not-linear").map((diagnostic) => diagnostic.pointer)).toEqual([
      "/paths/~1x/post/requestBody/content/application~1json/schema/properties/backref/pattern",
    ]);
    const validators = files.get("validators/createThing.mts") ?? "";
    expect(validators).toContain('import { RE2JS as ajvRe2 } from "re2js";');
    const dir = scratch("safe-regex");
    writeFiles(dir, files);
    const output = (await import(pathToFileURL(compileOutput(dir)).href)) as { check(op: string, body: unknown): CheckResult };
    expectFastVerdicts((body) => output.check("createThing", body));
  });

  it("the bundled schema's modules import no re2js (issue 43, item 1): the SSH key pattern's groups do not repeat", async () => {
    const { files } = await generate({});
    expect([...files].filter(([, text]) => text.includes('from "re2js"')).map(([name]) => name)).toEqual([]);
    // Spelled out, `^(ssh|ecdsa|sk)-[^\s]+ [^\s]+([ \t][^\n\r]*)?$` is six provably linear alternatives: a native RegExp.
    const ssh = files.get("validators/updateSshKeys.mts") ?? "";
    expect(ssh).toContain("^(ssh|ecdsa|sk)-");
    expect(ssh).not.toContain("re2");
    const createEndpoint = files.get("validators/createEndpoint.mts") ?? "";
    expect(createEndpoint).toContain("^\\\\d+\\\\.\\\\d+$");
    expect(createEndpoint).not.toContain("re2");
  });

  it("keeps Ajv's default engine (no re2js) when every pattern is provably linear", async () => {
    const { files } = await generate({ spec: path.join(fixtures, "openapi-3.1.yaml") });
    expect(
      [...files]
        .filter(([name]) => name.startsWith("validators/"))
        .map(([, text]) => text)
        .join(""),
    ).not.toContain("re2js");
  });
});
