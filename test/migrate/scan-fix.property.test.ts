// Properties of `migrate scan --fix` over generated client files (Python, JavaScript, shell):
// calls to every v1 route, written with a base constant or inline, f-strings, concatenation,
// template literals, literal bodies with literal and variable values, filler code between.
// - A fix changes no byte outside the spans of the findings it fixed (the URL expression, the
//   shared base constant, the literal method, the literal body, the place a body is added).
// - Every fixed call is gone when the fixed text is scanned again, and a second fix is a no-op.
// - Every fixed file still parses: `python3` (ast.parse), `node --check`, TypeScript's own
//   parser (transpileModule diagnostics), `bash -n`.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../migrate/route-table.js";
import { scanSource } from "../../migrate/scan/index.js";
import { type Edit, fixFile } from "../../migrate/scan/fix.js";
import type { Finding } from "../../migrate/scan/resolve.js";

type Language = "python" | "js" | "ts" | "shell";
const EXT: Record<Language, string> = { python: "py", js: "mjs", ts: "ts", shell: "sh" };

const routes = ROUTES.filter((r) => r.v2 !== null);
const VARS = ["pod_id", "eid", "item", "target"];
const HOSTS = ["https://rest.runpod.io/v1", "https://rest.runpod.io/v1", "http://localhost:8080/proxy/v1"];

interface Call {
  route: (typeof routes)[number];
  id: string;
  inline: boolean;
  style: number;
  body: [string, unknown][];
}

const value = fc.oneof(
  fc.integer({ min: 0, max: 64 }),
  fc.boolean(),
  fc.constantFrom("runpod/worker:1.0", "my pod", "US-KS-2", "NVIDIA GeForce RTX 4090"),
  fc.constantFrom(...VARS).map((name) => ({ variable: name })),
);

const call: fc.Arbitrary<Call> = fc
  .record({ route: fc.constantFrom(...routes), id: fc.constantFrom(...VARS), inline: fc.boolean(), style: fc.nat(3) })
  .chain((c) => {
    const fields = c.route.body ? Object.keys(c.route.body.kind.table) : [];
    const body =
      fields.length === 0
        ? fc.constant([] as [string, unknown][])
        : fc.uniqueArray(fc.tuple(fc.constantFrom(...fields), value), { maxLength: 4, selector: ([k]) => k });
    return body.map((b) => ({ ...c, body: b }));
  });

const file = fc.record({
  language: fc.constantFrom<Language>("python", "js", "ts", "shell"),
  host: fc.constantFrom(...HOSTS),
  calls: fc.array(call, { minLength: 1, maxLength: 5 }),
  filler: fc.uniqueArray(fc.constantFrom("x = 1", "y = [1, 2]", "z = {'a': (1, 2)}"), { maxLength: 3 }),
});

/** One generated client file: its language, host, calls and filler lines. */
type FileCase = typeof file extends fc.Arbitrary<infer T> ? T : never;

/** The v1 path with its id written as the language writes an interpolation. */
function pathOf(c: Call, hole: (name: string) => string): string {
  return c.route.v1.replace(/\{[^}]+\}/, hole(c.id));
}

function pyValue(v: unknown): string {
  if (typeof v === "object" && v !== null) return (v as { variable: string }).variable;
  if (typeof v === "boolean") return v ? "True" : "False";
  return JSON.stringify(v);
}

function jsValue(v: unknown): string {
  return typeof v === "object" && v !== null ? (v as { variable: string }).variable : JSON.stringify(v);
}

function render(f: FileCase): string {
  const lines: string[] = [];
  // A proxy's `/v1` is this API's only when the code ties it by name (issue 45, item 2).
  const BASE = f.host.includes("localhost") ? "RUNPOD_PROXY" : "BASE";
  const filler = (indent: string, lang: Language) =>
    f.filler.map(
      (l) => indent + (lang === "js" ? `const ${l.replace(/'/g, '"').replace("(1, 2)", "[1, 2]")};` : lang === "shell" ? l.replace(/ = .*/, "=1") : l),
    );
  if (f.language === "python") {
    lines.push("import requests", "", `${BASE} = "${f.host}"`, 'HEADERS = {"Authorization": "Bearer k"}', "");
    f.calls.forEach((c, n) => {
      const fn = c.route.method.toLowerCase();
      const url = c.inline
        ? `"${f.host}${pathOf(c, () => "%s")}" % ${c.id}`
        : c.style % 2 === 0
          ? `f"{${BASE}}${pathOf(c, (v) => `{${v}}`)}"`
          : pathOf(c, (v) => `" + ${v} + "`)
              .replace(/^/, `${BASE} + "`)
              .concat('"')
              .replace(/ \+ ""$/, "");
      const body = c.body.length > 0 ? `, json={${c.body.map(([k, v]) => `"${k}": ${pyValue(v)}`).join(", ")}}` : "";
      lines.push(`def call_${n}(${VARS.join(", ")}):`, ...filler("    ", "python"), `    return requests.${fn}(${url}${body}, headers=HEADERS)`, "");
    });
  } else if (f.language === "js" || f.language === "ts") {
    const typed = f.language === "ts";
    lines.push(typed ? `const ${BASE}: string = "${f.host}";` : `const ${BASE} = "${f.host}";`, "");
    f.calls.forEach((c, n) => {
      const url = c.inline ? `\`${f.host}${pathOf(c, (v) => `\${${v}}`)}\`` : `\`\${${BASE}}${pathOf(c, (v) => `\${${v}}`)}\``;
      const members = c.body.map(([k, v]) =>
        c.style === 0 && typeof v === "object" && (v as { variable: string }).variable === k ? k : `${k}: ${jsValue(v)}`,
      );
      const body = c.body.length > 0 ? `, body: JSON.stringify({ ${members.join(", ")} })` : "";
      lines.push(
        `export async function call${n}(${VARS.join(", ")}) {`,
        ...filler("  ", "js"),
        `  return fetch(${url}, { method: "${c.route.method}"${body} });`,
        "}",
        "",
      );
    });
  } else {
    lines.push("#!/bin/sh", `${BASE}="${f.host}"`, "");
    for (const c of f.calls) {
      const url = c.inline ? `"${f.host}${pathOf(c, (v) => `$${v.toUpperCase()}`)}"` : `"$${BASE}${pathOf(c, (v) => `$${v.toUpperCase()}`)}"`;
      const variables = c.body.some(([, v]) => typeof v === "object");
      const json = `{${c.body.map(([k, v]) => `"${k}": ${typeof v === "object" && v !== null ? `"$${(v as { variable: string }).variable.toUpperCase()}"` : JSON.stringify(v)}`).join(", ")}}`;
      const data = c.body.length === 0 ? "" : variables ? ` -d "${json.replace(/"/g, '\\"')}"` : ` -d '${json}'`;
      lines.push(...filler("", "shell"), `curl -X ${c.route.method} ${url} -H "Authorization: Bearer $KEY"${data}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The source spans a finding's fix may touch; an insertion may sit at either end of one. */
function allowed(f: Finding): [number, number][] {
  const input = f.fixInput;
  const site = input?.site;
  if (!site) return [];
  const spans: [number, number][] = [site.span, ...site.shared.map((s) => [s.start, s.end] as [number, number])];
  if (site.body) spans.push([site.body.start, site.body.end]);
  if (site.addBody) spans.push([site.addBody.at, site.addBody.at]);
  // A fetch's Content-Type (issue 41): inserted into its headers literal or beside its body option.
  if (site.jsonHeader?.kind === "insert") spans.push([site.jsonHeader.at, site.jsonHeader.at]);
  const m = input?.methodAnchor;
  if (m) spans.push("insertAt" in m ? [m.insertAt, m.insertAt] : [m.start, m.end]);
  return spans;
}

const inside = (e: Edit, spans: readonly [number, number][]) => spans.some(([a, b]) => e.start >= a && e.end <= b);

const written: { language: Language; text: string }[] = [];
let fixedTotal = 0;

describe("migrate scan --fix on generated client files", () => {
  it("changes nothing outside the findings it fixed; fixed calls are gone; a second fix is a no-op", () => {
    fc.assert(
      fc.property(file, fc.boolean(), (f, unsafe) => {
        const text = render(f);
        const name = `client.${EXT[f.language]}`;
        const findings = scanSource(text, name, [], { sites: true });
        const result = fixFile(text, name, findings, { unsafe });
        const spans = result.fixed.flatMap(allowed);
        for (const e of result.edits) expect(inside(e, spans), `edit ${JSON.stringify(e)} outside its findings\n${text}`).toBe(true);
        const again = scanSource(result.text, name, [], { sites: true });
        expect(again.filter((x) => x.ruleId !== "v1-mention").length).toBe(findings.filter((x) => x.ruleId !== "v1-mention").length - result.fixed.length);
        expect(fixFile(result.text, name, again, { unsafe }).edits).toEqual([]);
        fixedTotal += result.fixed.length;
        if (result.fixed.length > 0 && written.filter((w) => w.language === f.language).length < 30) written.push({ language: f.language, text: result.text });
        if (process.env.V2KIT_FIX_REASONS) for (const n of result.notFixed) console.log(`${f.language} ${unsafe}: ${n.reason}`);
      }),
      { numRuns: 300 },
    );
    // The generator reaches fixable calls in every language (a property over nothing proves nothing).
    expect(fixedTotal).toBeGreaterThan(100);
    for (const language of ["python", "js", "ts", "shell"] as const) expect(written.some((w) => w.language === language)).toBe(true);
  });

  it("every fixed file still parses with its language's own tools", () => {
    const dir = mkdtempSync(join(tmpdir(), "v2kit-fix-parse-"));
    const paths = written.map((w, n) => {
      const path = join(dir, `f${n}.${EXT[w.language]}`);
      writeFileSync(path, w.text);
      return { path, language: w.language };
    });
    const python = paths.filter((p) => p.language === "python").map((p) => p.path);
    const py = spawnSync("python3", ["-c", "import ast,sys\nfor p in sys.argv[1:]:\n    ast.parse(open(p).read(), p)", ...python], { encoding: "utf8" });
    if (py.error) console.log("python3 not found: the fixed Python files are not parse-checked here");
    else expect(py.stderr).toBe("");
    for (const { path, language } of paths) {
      if (language === "js") expect(spawnSync(process.execPath, ["--check", path], { encoding: "utf8" }).stderr, path).toBe("");
      if (language === "ts") {
        const out = ts.transpileModule(readFileSync(path, "utf8"), { reportDiagnostics: true, fileName: path });
        expect(out.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")) ?? [], path).toEqual([]);
      }
      if (language === "shell") expect(spawnSync("bash", ["-n", path], { encoding: "utf8" }).stderr, path).toBe("");
    }
    rmSync(dir, { recursive: true, force: true });
  });
});

afterAll(() => {
  written.length = 0;
});
