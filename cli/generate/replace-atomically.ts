// Replace the whole --out folder at once: write a sibling folder, then swap (rename the old
// folder aside, rename the new one in, remove the old). A run that fails or is killed before
// the swap leaves the previous output as it was; the next run removes what it left behind, and
// restores the previous folder if a run was killed between the two renames (docs/generate-out.md).

import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CliError } from "../command.js";
import { STAMP, type Stamp, stampText } from "./stamp.js";

/** Testing only (documented in docs/generate-out.md): wait this long after each file written. */
const SLOW_WRITE_ENV = "V2KIT_TEST_SLOW_WRITE_MS";

/** Written first into the sibling folder, removed last: marks a folder that is not finished. */
export const PARTIAL = ".v2kit-partial";

const sibling = (out: string, kind: "new" | "old", pid = process.pid) => path.join(path.dirname(out), `.${path.basename(out)}.v2kit-${kind}-${pid}`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Clean up after runs that were killed: their sibling folders, named after --out and a pid. */
export function recoverLeftovers(out: string): void {
  const parent = path.dirname(out);
  const prefix = `.${path.basename(out)}.v2kit-`;
  if (!existsSync(parent)) return;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(new|old)-(\d+)$/.exec(name.slice(prefix.length));
    if (!match) continue;
    const pid = Number(match[2]);
    const full = path.join(parent, name);
    if ((pid !== process.pid && alive(pid)) || !lstatSync(full).isDirectory()) continue;
    if (match[1] === "old" && !existsSync(out)) renameSync(full, out);
    else rmSync(full, { recursive: true, force: true });
  }
}

export async function replaceAtomically(out: string, files: Map<string, string>, stamp: Stamp): Promise<void> {
  recoverLeftovers(out);
  const fresh = sibling(out, "new");
  const delay = Number(process.env[SLOW_WRITE_ENV] ?? 0);
  let interrupted: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = signal;
  };
  process.on("SIGINT", onSignal).on("SIGTERM", onSignal);
  const stopIfInterrupted = async () => {
    await new Promise((resolve) => setTimeout(resolve, delay > 0 ? delay : 0));
    if (interrupted)
      throw new CliError(`generate: interrupted (${interrupted}); ${path.basename(out)} was left as it was`, interrupted === "SIGINT" ? 130 : 143);
  };
  try {
    mkdirSync(path.dirname(out), { recursive: true });
    mkdirSync(fresh, { recursive: false });
    writeFileSync(path.join(fresh, PARTIAL), "", { flag: "wx" });
    for (const [file, content] of files) {
      const target = path.join(fresh, ...file.split("/"));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, content, { flag: "wx" });
      if (delay > 0) await stopIfInterrupted();
    }
    writeFileSync(path.join(fresh, STAMP), stampText(stamp), { flag: "wx" });
    rmSync(path.join(fresh, PARTIAL));
    await stopIfInterrupted();
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
    throw error instanceof CliError ? error : new CliError(`generate: cannot write ${out}: ${(error as Error).message}`);
  }
  // The swap: synchronous, so no signal handler runs between the two renames.
  try {
    if (existsSync(out)) {
      const old = sibling(out, "old");
      renameSync(out, old);
      try {
        renameSync(fresh, out);
      } catch (error) {
        renameSync(old, out);
        throw error;
      }
      rmSync(old, { recursive: true, force: true });
    } else {
      renameSync(fresh, out);
    }
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    throw new CliError(`generate: cannot replace ${out}: ${(error as Error).message}`);
  } finally {
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
  }
}
