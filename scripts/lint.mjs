// `npm run lint`: ESLint and Prettier's check, run side by side (each uses one core; one after
// the other they took ~20 s of every `npm test` on 2 cores), each with its cache (below). Each tool's output is printed whole,
// ESLint's first, once both are done; the exit status is non-zero when either fails.
//
// Usage: npm run lint

import { spawn } from "node:child_process";
/** A tool of node_modules/.bin, which `npm run` puts on PATH (a shell finds eslint.cmd on Windows too). */
function run(label, args) {
  return new Promise((resolve) => {
    const child = spawn(label, args, { stdio: ["ignore", "pipe", "pipe"], shell: true });
    const out = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => out.push(chunk));
    child.on("error", (error) => resolve({ label, code: 1, output: Buffer.from(`${label}: ${error.message}\n`) }));
    child.on("close", (code, signal) => resolve({ label, code: code ?? (signal ? 1 : 0), output: Buffer.concat(out) }));
  });
}

// Both keep a cache in node_modules/.cache, keyed by each file's content (and the tools' options):
// a file unchanged since the last run is not linted again. A fresh clone (CI) has none and checks
// every file; deleting node_modules/.cache forces a full check anywhere.
const results = await Promise.all([
  run("eslint", ["--cache", "--cache-strategy", "content", "--cache-location", "node_modules/.cache/eslint/", "."]),
  run("prettier", ["--check", "--cache", "--cache-strategy", "content", "."]),
]);
for (const { label, code, output } of results) {
  process.stdout.write(`> ${label}${code === 0 ? "" : ` (exit ${code})`}\n`);
  process.stdout.write(output);
}
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;
