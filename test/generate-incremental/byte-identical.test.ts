// generate after an edit rebuilds only the artifacts the edit reaches, and what it writes is,
// byte for byte and stamp included, what a fresh `generate --force` writes (issue 14: "skip
// work whose inputs did not change"). The edits are applied one after another to the same
// output folder, so each run starts from the previous incremental run's output and stamp.

import { beforeAll, describe, expect, it } from "vitest";
import { artifactsOf, type Json, tree, Workspace } from "./support.js";

const NARROWING = new Set(["exactlyOne", "enumWhen", "requires"]);

/** A component schema with a string property: the one-schema edit tightens that property. */
function stringProperty(doc: Json): { schema: string; property: Json } {
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
  for (const name of Object.keys(schemas).sort()) {
    const properties = schemas[name]?.properties as Record<string, Json> | undefined;
    const found = Object.values(properties ?? {}).find(
      (property) => property.type === "string" && property.enum === undefined && property.format === undefined,
    );
    if (found) return { schema: name, property: found };
  }
  throw new Error("the bundled schema has no component with a plain string property");
}

const ALL = ["types", "validators", "rules", "index", "routes", "catalog", "rules-doc", "rules-schema", "tests", "runtime"];

interface Case {
  given: string;
  edit: (w: Workspace) => void;
  /** The artifacts the run must rebuild; every other one must be reused as it was. */
  rebuilt: string[];
}

const ws = new Workspace();
const original = { spec: "", rules: "" };

const cases: Case[] = [
  {
    given: "the message of a rule the types do not express",
    edit: (workspace) =>
      workspace.editRules((rulesFile) => void ((rulesFile.rules.find((x) => !NARROWING.has(String(x.kind))) as Json).message = "must hold (edited)")),
    rebuilt: ["rules", "rules-doc", "tests"],
  },
  {
    given: "the message of a rule the types express (they never read messages)",
    edit: (workspace) =>
      workspace.editRules((rulesFile) => void ((rulesFile.rules.find((x) => x.kind === "requires") as Json).message = "must hold (edited again)")),
    rebuilt: ["rules", "rules-doc", "tests"],
  },
  {
    given: "a rule the types express removed",
    edit: (workspace) =>
      workspace.editRules(
        (rulesFile) =>
          void rulesFile.rules.splice(
            rulesFile.rules.findIndex((x) => x.kind === "exactlyOne"),
            1,
          ),
      ),
    rebuilt: ["types", "rules", "rules-doc", "tests"],
  },
  {
    given: "one schema's constraint tightened",
    edit: (workspace) => workspace.editSpec((doc) => void (stringProperty(doc).property.maxLength = 77)),
    rebuilt: ["types", "validators", "rules", "routes", "tests"],
  },
  {
    given: "a schema's description and a rule's status at once",
    edit: (workspace) => {
      workspace.editSpec((doc) => void (stringProperty(doc).property.description = "Edited description."));
      workspace.editRules((rulesFile) => void ((rulesFile.rules.find((x) => !NARROWING.has(String(x.kind))) as Json).status = 409));
    },
    rebuilt: ["types", "validators", "rules", "routes", "rules-doc", "tests"],
  },
  {
    given: "every edit undone",
    edit: (workspace) => {
      workspace.editSpec((doc) => Object.assign(doc, JSON.parse(original.spec)));
      workspace.editRules((rulesFile) => void (rulesFile.rules = (JSON.parse(original.rules) as { rules: Json[] }).rules));
    },
    rebuilt: ["types", "validators", "rules", "routes", "rules-doc", "tests"],
  },
];

beforeAll(() => {
  ws.editSpec((doc) => void (original.spec = JSON.stringify(doc)));
  ws.editRules((rulesFile) => void (original.rules = JSON.stringify(rulesFile)));
  const first = ws.generate("inc", "--quiet");
  expect(first.stderr).toBe("");
  expect(first.code).toBe(0);
});

describe("generate after an edit: only what the edit reaches is rebuilt, the output is --force's byte for byte", () => {
  cases.forEach(({ given, edit, rebuilt }, i) => {
    it(`given ${given}: rebuilds ${rebuilt.join(", ")}`, () => {
      edit(ws);
      const before = tree(ws.out("inc"));
      const run = ws.generate("inc");
      expect(run.code, run.stderr).toBe(0);
      expect(artifactsOf(run.stdout)).toEqual({ rebuilt, unchanged: ALL.filter((a) => !rebuilt.includes(a)) });
      const fresh = ws.generate(`full-${i}`, "--force", "--quiet");
      expect(fresh.code, fresh.stderr).toBe(0);
      const after = tree(ws.out("inc"));
      expect(after).toEqual(tree(ws.out(`full-${i}`)));
      // The edit changed what it reaches and nothing else: reused files keep their bytes.
      const changed = Object.keys(after).filter((file) => before[file] !== after[file] && file !== ".v2kit-stamp.json");
      expect(changed.length).toBeGreaterThan(0);
      const check = ws.generate("inc", "--check");
      expect(check.code, check.stderr).toBe(0);
    });
  });

  it("a run with nothing changed is the no-op, and --force rebuilds everything into the same bytes", () => {
    const before = tree(ws.out("inc"));
    const noop = ws.generate("inc");
    expect(noop.stdout).toMatch(/is up to date\n$/);
    const forced = ws.generate("inc", "--force");
    expect(forced.code, forced.stderr).toBe(0);
    expect(artifactsOf(forced.stdout)).toBe("all");
    expect(tree(ws.out("inc"))).toEqual(before);
  });
});
