// Every rule kind the rules file may use (rules/kinds/index.ts) has its own given/want table,
// test/rules/kinds/<kind>.test.ts (the kind's file name), run through kind-table.ts.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ruleKinds } from "../../../rules/kinds/index.js";

const here = import.meta.dirname;
const fileName = (kind: string) => kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

describe("every rule kind has its own table", () => {
  test("the index lists the 13 kinds", () => {
    expect(new Set(ruleKinds.map((k) => k.kind)).size).toBe(13);
  });

  test.each(ruleKinds.map((k) => k.kind))("%s", (kind) => {
    const source = path.resolve(here, "../../../rules/kinds", `${fileName(kind)}.ts`);
    const table = path.join(here, `${fileName(kind)}.test.ts`);
    expect(existsSync(source), `rules/kinds/${fileName(kind)}.ts`).toBe(true);
    expect(existsSync(table), `test/rules/kinds/${fileName(kind)}.test.ts`).toBe(true);
    const text = readFileSync(table, "utf8");
    expect(text).toMatch(new RegExp(`kindTable\\(\\s*${kind},`));
    expect(text).toMatch(new RegExp(`edgeCasesAgree\\(\\s*${kind},`));
  });
});
