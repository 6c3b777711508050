// The packages generated code loads at run time, and whether the project depends on them (issue
// 43, item 1). v2kit is usually a devDependency, so a production install (`npm ci --omit=dev`)
// has none of v2kit's own dependencies: generated modules must load nothing the project does not
// list in its own `dependencies`. The validators are self-contained (format checks come from the
// runtime/ copy of the engine); only a pattern no native RegExp matches in provably linear time
// loads re2js (generators/normalize/safe-regex.ts). generate names such a package, and --check
// fails until the project's package.json lists it.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "../../schema-model/package-files.js";

/** Bare specifiers imported by generated files other than tests/ (the property tests run in development, with vitest and fast-check). */
export function runtimePackages(files: Map<string, string>): string[] {
  const found = new Set<string>();
  for (const [name, text] of files) {
    if (name.startsWith("tests/") || !/\.(mts|mjs|ts|js)$/.test(name)) continue;
    for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^"'\n]*?from\s*"([^"]+)"|import\("([^"]+)"\)/g)) {
      const specifier = (match[1] ?? match[2]) as string;
      if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) continue;
      const parts = specifier.split("/");
      found.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string));
    }
  }
  return [...found].sort();
}

export interface MissingDependencies {
  /** The project's package.json (the nearest one at or above --out), or undefined when there is none. */
  manifest: string | undefined;
  /** The packages it does not list in dependencies, optionalDependencies or peerDependencies, with v2kit's range for each. */
  missing: { name: string; range: string }[];
}

/** Which of `packages` the project owning `out` does not depend on for production. */
export function missingDependencies(out: string, packages: string[]): MissingDependencies {
  let manifest: string | undefined;
  for (let dir = path.resolve(out); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) {
      manifest = path.join(dir, "package.json");
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  let listed: Set<string> = new Set();
  if (manifest !== undefined) {
    try {
      const json = JSON.parse(readFileSync(manifest, "utf8")) as Record<string, unknown>;
      const names = ["dependencies", "optionalDependencies", "peerDependencies"].flatMap((key) => {
        const deps = json[key];
        return deps !== null && typeof deps === "object" ? Object.keys(deps) : [];
      });
      listed = new Set(names);
    } catch {
      // An unreadable package.json lists nothing.
    }
  }
  const own = JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  // v2kit bundles what it runs (scripts/vendor-packages.mjs), so re2js is one of its devDependencies: the range it is built with.
  const missing = packages
    .filter((name) => !listed.has(name))
    .map((name) => ({ name, range: own.dependencies?.[name] ?? own.devDependencies?.[name] ?? "latest" }));
  return { manifest, missing };
}

/** The sentence generate and --check print: what to install, and why. */
export function missingText(out: string, found: MissingDependencies): string {
  const names = found.missing.map((dependency) => dependency.name).join(", ");
  const where =
    found.manifest === undefined
      ? "no package.json at or above it"
      : `${path.relative(process.cwd(), found.manifest) || "package.json"} does not list it in dependencies`;
  const install = found.missing.map((dependency) => `${dependency.name}@${dependency.range}`).join(" ");
  const why = found.missing.some((dependency) => dependency.name === "re2js") ? " (re2js: a pattern of the document has no provably linear native match)" : "";
  return `the code in ${out} imports ${names} at run time${why}, and ${where}: a production install (npm ci --omit=dev) would fail to load it. Run 'npm install ${install}'`;
}
