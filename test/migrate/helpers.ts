// Shared by the migrate tests: the bundled catalog snapshot and the in-process CLI runner.

import { readFileSync } from "node:fs";
import { vi } from "vitest";
import { command } from "../../cli/migrate/migrate.js";
import { CliError } from "../../cli/command.js";
import type { CpuRecord, GpuRecord } from "../../engine/types.js";
import type { MigrationContext } from "../../migrate/index.js";

export const ROOT = new URL("../../", import.meta.url);

const readJson = (relative: string): unknown => JSON.parse(readFileSync(new URL(relative, ROOT), "utf8"));

export const catalog = {
  gpus: (readJson("schema/catalog/gpus.json") as { gpus: GpuRecord[] }).gpus,
  cpus: (readJson("schema/catalog/cpus.json") as { cpus: CpuRecord[] }).cpus,
};

export const context: MigrationContext = { catalog };

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `v2kit migrate <args>` in-process, as cli/v2kit.ts would: CliError → stderr + its exit code. */
export async function runCli(args: string[]): Promise<CliRun> {
  let stdout = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  try {
    const code = await command.run(args);
    return { code, stdout, stderr: "" };
  } catch (error) {
    if (error instanceof CliError) return { code: error.exitCode, stdout, stderr: error.message };
    throw error;
  } finally {
    spy.mockRestore();
  }
}
