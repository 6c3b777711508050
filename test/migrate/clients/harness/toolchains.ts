// Which language tools this machine has, found once. A fixture whose tools are missing is
// reported as not runnable (with the tool named), never silently passed.

import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** The absolute path of `tool` on PATH, skipping `except` (the harness's own curl wrapper), or undefined. */
export function which(tool: string, except?: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir === "" || dir === except) continue;
    const path = join(dir, tool);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  return undefined;
}

const works = (tool: string | undefined, args: string[]): boolean =>
  tool !== undefined && spawnSync(tool, args, { encoding: "utf8", timeout: 30_000 }).status === 0;

export interface Toolchains {
  python3?: string;
  bash?: string;
  curl?: string;
  jq?: string;
  go?: string;
  gofmt?: string;
  cargo?: string;
  pwsh?: string;
  git?: string;
}

let found: Toolchains | undefined;

export function toolchains(): Toolchains {
  if (found) return found;
  const pick = (tool: string, args: string[]) => {
    const path = which(tool);
    return works(path, args) ? path : undefined;
  };
  found = {
    python3: pick("python3", ["--version"]),
    bash: pick("bash", ["--version"]),
    curl: pick("curl", ["--version"]),
    jq: pick("jq", ["--version"]),
    go: pick("go", ["version"]),
    gofmt: which("gofmt"),
    cargo: pick("cargo", ["--version"]),
    pwsh: pick("pwsh", ["-NoProfile", "-Command", "$PSVersionTable.PSVersion.ToString()"]),
    git: pick("git", ["--version"]),
  };
  return found;
}
