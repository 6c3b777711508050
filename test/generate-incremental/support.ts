// Shared by the incremental-generate suites: the bundled schema and rules file copied into a
// scratch folder (as JSON and YAML the tests can edit), the CLI run in a child process, and a
// folder's whole state read byte for byte.

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse, stringify } from "yaml";
import { cli, repo, scratch } from "../fixtures/conformance/support.js";

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export type Json = Record<string, unknown>;

/** A scratch folder holding spec.json and rules.yaml (copies of the bundled ones) and generate for them. */
export class Workspace {
  readonly dir = scratch("incremental");
  readonly spec = path.join(this.dir, "spec.json");
  readonly rules = path.join(this.dir, "rules.yaml");

  constructor() {
    writeFileSync(this.spec, JSON.stringify(parse(readFileSync(path.join(repo, "schema/v2.openapi.yaml"), "utf8")), null, 2));
    writeFileSync(this.rules, readFileSync(path.join(repo, "rules/v2.rules.yaml"), "utf8"));
  }

  generate(out: string, ...args: string[]): Run {
    const result = spawnSync(process.execPath, [cli, "generate", "--spec", this.spec, "--rules", this.rules, "--out", path.join(this.dir, out), ...args], {
      encoding: "utf8",
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  out(name: string): string {
    return path.join(this.dir, name);
  }

  editSpec(edit: (doc: Json) => void): void {
    const doc = JSON.parse(readFileSync(this.spec, "utf8")) as Json;
    edit(doc);
    writeFileSync(this.spec, JSON.stringify(doc, null, 2));
  }

  editRules(edit: (rules: { rules: Json[] } & Json) => void): void {
    const rules = parse(readFileSync(this.rules, "utf8")) as { rules: Json[] } & Json;
    edit(rules);
    writeFileSync(this.rules, stringify(rules));
  }
}

/** Every file under `dir` with its bytes (base64): the folder's whole state, stamp included. */
export function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, full).split(path.sep).join("/");
    if (entry.isFile()) out[rel] = readFileSync(full).toString("base64");
    else if (entry.isDirectory()) out[`${rel}/`] = "";
    else out[rel] = "(not a regular file)";
  }
  return out;
}

/** The artifacts a run says it rebuilt and kept, from its `wrote … (rebuilt: …; unchanged: …)` line. */
export function artifactsOf(stdout: string): { rebuilt: string[]; unchanged: string[] } | "all" {
  const match = /wrote \d+ files to .*? \(rebuilt: (.*); unchanged: (.*)\)\n/.exec(stdout);
  if (!match) return "all";
  const list = (text: string | undefined) => (text === undefined || text === "none" ? [] : text.split(", "));
  return { rebuilt: list(match[1]), unchanged: list(match[2]) };
}
