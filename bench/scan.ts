// 7. `v2kit migrate scan` over a generated tree of source files in the languages it parses
// (10k files; 2k with --quick), plus a node_modules folder and a .gitignored folder it must
// skip: files scanned per second, beside a plain readdir + read + includes("/v1/") walk over
// the same tree (bench/anchors/walk-read.ts), measured in the same run.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type BenchConfig, cli, fromRoot, log } from "./context.js";
import type { Figure, Row, Section } from "./figures.js";
import { median, round, runNode } from "./stats.js";

/** A few KB of code in each language; one file in 20 holds v1 calls, one in 20 v2 calls. */
const BODIES: Record<string, (i: number) => string> = {
  ts: (i) =>
    `import { api } from "./client";\nexport async function handler${i}(id: string) {\n  const res = await api.get(\`/items/\${id}\`);\n  return res.data.map((x: { id: string }) => x.id).filter(Boolean);\n}\n`,
  py: (i) =>
    `import requests\n\n\ndef handler_${i}(session, item_id):\n    response = session.get(f"/items/{item_id}", timeout=30)\n    return [x["id"] for x in response.json() if x]\n`,
  go: (i) => `package pkg\n\nfunc Handler${i}(c *Client, id string) error {\n\tpath := "/items/" + id\n\treturn c.Get(path, nil)\n}\n`,
  md: (i) => `# Page ${i}\n\nSome prose about items.\n\n\`\`\`bash\ncurl -s https://example.com/items/${i}\n\`\`\`\n`,
  sh: (i) => `#!/bin/sh\nset -e\nID=${i}\ncurl -fsS "$HOST/items/$ID" | jq .\n`,
  json: (i) => `{"name": "item-${i}", "tags": ["a", "b"], "size": ${i}}\n`,
};
const V1 = { ts: `fetch("https://rest.runpod.io/v1/pods/" + id, { method: "POST" });\n`, py: `requests.post(f"{API}/v1/endpoints/{eid}")\n` };
const V2 = `const BASE = "https://rest.runpod.io/v2";\nfetch(BASE + "/pods");\n`;

function writeTree(root: string, files: number): void {
  const kinds = Object.keys(BODIES);
  for (let i = 0; i < files; i++) {
    const kind = kinds[i % kinds.length] as string;
    const dir = path.join(root, `pkg${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(dir, { recursive: true });
    let text = (BODIES[kind] as (i: number) => string)(i).repeat(12);
    if (i % 20 === 0) text += kind === "py" ? V1.py : V1.ts;
    if (i % 20 === 10 && kind === "ts") text += V2;
    writeFileSync(path.join(dir, `file${i}.${kind}`), text);
  }
  // Skipped: node_modules and an ignored build folder.
  for (const skipped of ["node_modules/dep", "dist"]) {
    mkdirSync(path.join(root, skipped), { recursive: true });
    for (let i = 0; i < files / 10; i++) writeFileSync(path.join(root, skipped, `f${i}.js`), V1.ts.repeat(20));
  }
  writeFileSync(path.join(root, ".gitignore"), "dist/\n");
}

export async function scanBench(config: BenchConfig): Promise<Section> {
  const files = config.quick ? 2_000 : 10_000;
  const runs = config.quick ? 3 : 5;
  const root = path.join(config.scratch, "scan-tree");
  writeTree(root, files);
  log(`scan: ${files} files`);
  const anchor = fromRoot("dist", "bench", "anchors", "walk-read.js");
  const scanMs: number[] = [];
  const codeMs: number[] = [];
  const walkMs: number[] = [];
  for (let attempt = 0; attempt < runs; attempt++) {
    const scan = await runNode(cli(), ["migrate", "scan", "--format", "json", "--fail-on", "none", root]);
    if (scan.code !== 0) throw new Error(`bench: migrate scan exited ${scan.code}: ${scan.stderr}`);
    scanMs.push(scan.ms);
    // `v2kit scan` (issue 44) over the same tree: the v1 calls and the v2 calls checked.
    const code = await runNode(cli(), ["scan", "--format", "json", "--fail-on", "none", root]);
    if (code.code !== 0) throw new Error(`bench: v2kit scan exited ${code.code}: ${code.stderr}`);
    codeMs.push(code.ms);
    const walk = await runNode(anchor, [root]);
    if (walk.code !== 0) throw new Error(`bench: the walk anchor exited ${walk.code}: ${walk.stderr}`);
    walkMs.push(walk.ms);
  }
  // The anchor also reads node_modules/dist-free trees only: both count the same files.
  const scanRate = Math.round(files / (median(scanMs) / 1000));
  const walkRate = Math.round((files + files / 10) / (median(walkMs) / 1000));
  const rows: Row[] = [
    { run: "v2kit migrate scan --format json", files, "median s": round(median(scanMs) / 1000, 2), "files/s": scanRate },
    { run: "v2kit scan --format json", files, "median s": round(median(codeMs) / 1000, 2), "files/s": Math.round(files / (median(codeMs) / 1000)) },
    { run: "anchor: readdir + readFileSync + includes('/v1/')", files: files + files / 10, "median s": round(median(walkMs) / 1000, 2), "files/s": walkRate },
  ];
  const figures: Figure[] = [
    {
      key: "scan_files_per_second",
      label: "migrate scan, files per second (whole process, 10k-file tree)",
      value: scanRate,
      unit: "files/s",
      target: { op: ">=", value: 2000 },
      baseline: `plain walk: ${walkRate} files/s`,
    },
    { key: "scan_walk_files_per_second", label: "anchor: plain readdir + read walk", value: walkRate, unit: "files/s", baseline: "anchor" },
    {
      key: "code_scan_vs_migrate_scan",
      label: "v2kit scan ÷ migrate scan, wall time on the same tree (whole process)",
      value: round(median(codeMs) / median(scanMs), 2),
      unit: "×",
      target: { op: "<=", value: 1.5 },
      baseline: `migrate scan ${round(median(scanMs) / 1000, 2)} s, v2kit scan ${round(median(codeMs) / 1000, 2)} s`,
    },
  ];
  return {
    title: "migrate scan",
    method: `A generated tree of ${files} files (TypeScript, Python, Go, Markdown, shell, JSON; one in 20 with v1 calls, some with a v2 base URL) plus node_modules and a .gitignored dist/ (${files / 5} files, skipped). Each of ${runs} rounds runs \`v2kit migrate scan --format json\` as a fresh process (start-up included), then \`v2kit scan --format json\` (v1 calls, and the v2 calls checked against the document), then the anchor (a recursive readdir that reads every file outside node_modules and tests it for "/v1/"; it does not honour .gitignore, so it reads dist/ too). Median wall time.`,
    rows,
    figures,
    profiles: [],
  };
}
