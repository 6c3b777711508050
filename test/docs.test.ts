// The docs site's generated parts and their agreement with the commands (issue 24): each command's
// reference page carries its current --help, every flag a page's examples or flag tables use is a
// flag the command takes, every rule id of the rules file has its entry in the rule catalog, and
// the README stays a landing page (at most 300 lines).

import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PAGES } from "../scripts/docs-pages.mjs";
import { codeBlocks, SHELL_LANGS } from "./markdown-blocks.js";

const repo = path.resolve(import.meta.dirname, "..");
const cli = path.join(repo, "dist/cli/v2kit.js");
const read = (rel: string) => readFileSync(path.join(repo, rel), "utf8");
/** Each command's --help, run once for the whole file. */
const helps = new Map<string, string>();
const help = (command: string[]) => {
  const key = command.join(" ");
  let text = helps.get(key);
  if (text === undefined) {
    text = execFileSync(process.execPath, [cli, ...command, "--help"], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    helps.set(key, text);
  }
  return text;
};
const flagsOf = (text: string) => new Set([...text.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)].map((match) => match[0]));

/** Commands a page also documents flags of, without carrying their help: the live-context page describes lint --live. */
const ALSO: Record<string, string[][]> = { "docs/reference/context.md": [["lint"]] };

describe("the reference pages", () => {
  it("are current: each carries its command's --help, and the rule catalog is the rules file's", () => {
    const result = spawnSync(process.execPath, [path.join(repo, "scripts/docs-reference.mjs"), "--check"], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  for (const [page, commands] of Object.entries(PAGES)) {
    it(`${page}: every flag in --help is on the page, and every flag its examples and flag tables use is in --help`, () => {
      const text = read(page);
      const byCommand = new Map(commands.map((command) => [command.join(" "), flagsOf(help(command))]));
      for (const [name, flags] of byCommand) for (const flag of flags) expect(text, `${name} ${flag}`).toContain(flag);
      for (const command of ALSO[page] ?? []) byCommand.set(command.join(" "), flagsOf(help(command)));
      // Command lines in code blocks: the longest command name they start with decides whose flags they may use.
      const names = [...byCommand.keys()].sort((a, b) => b.length - a.length);
      for (const block of codeBlocks(text)) {
        if (!SHELL_LANGS.has(block.lang)) continue;
        for (const line of block.lines) {
          const at = /\bv2kit ([a-z]+(?: [a-z]+)?)/.exec(line);
          const name = at && names.find((candidate) => `${at[1]} `.startsWith(`${candidate} `));
          if (!name) continue;
          for (const flag of flagsOf(line)) expect(byCommand.get(name), `${page}: ${line}`).toContain(flag);
        }
      }
      // Flag tables: rows whose first cell is a flag of this page's command.
      const own = new Set([...byCommand.values()].flatMap((flags) => [...flags]));
      for (const row of text.matchAll(/^\| `(--[a-z][a-z0-9-]*)/gm)) expect(own, `${page}: table row ${row[1]}`).toContain(row[1]);
    });
  }
});

describe("the help each reference page carries", () => {
  // `migrate scan --help` is `migrate --help`: one check, examples of either count.
  for (const command of [...new Set(Object.values(PAGES).map((commands) => commands[0] as string[]))]) {
    const name = command.join(" ");
    it(`v2kit ${name} --help shows an example for every flag`, () => {
      const text = help(command);
      // The command's own flags start an option line; example lines are indented commands, not
      // the synopsis (whose options are in brackets).
      const own = [...text.matchAll(/^ {0,2}(--[a-z][a-z0-9-]*)/gm)].map((match) => match[1] as string).filter((flag) => flag !== "--help");
      const examples = text.split("\n").filter((line) => /^\s+(\S+=\S+ )*v2kit /.test(line) && !line.includes("[--") && line.includes(`v2kit ${name} `));
      expect(own.length).toBeGreaterThan(0);
      for (const flag of own)
        expect(
          examples.some((example) => flagsOf(example).has(flag)),
          `${name} ${flag}`,
        ).toBe(true);
    });
  }
});

describe("the rule catalog", () => {
  it("has one entry per rule id of the rules file, and per stage", () => {
    const rules = parse(read("rules/v2.rules.yaml")) as { rules: { id: string }[]; stages: { id: string }[] };
    const headings = new Set([...read("docs/reference/rules.md").matchAll(/^## (\S+)$/gm)].map((match) => match[1]));
    for (const { id } of [...rules.rules, ...rules.stages]) expect(headings, id).toContain(id);
    expect(headings.size).toBe(rules.rules.length + rules.stages.length);
  });
});

describe("the README", () => {
  it("is a landing page: at most 300 lines, linking into the docs", () => {
    const readme = read("README.md");
    expect(readme.split("\n").length).toBeLessThanOrEqual(300);
    for (const link of [...readme.matchAll(/\]\(((?:docs\/)[^)#]+)/g)].map((match) => match[1] as string)) expect(() => read(link), link).not.toThrow();
  });
});
