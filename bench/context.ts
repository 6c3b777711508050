// What every measurement shares: where things are, how many runs (full or --quick), logging.

import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { packageRoot } from "../schema-model/package-files.js";

export interface BenchConfig {
  quick: boolean;
  /** Runs of each cold process (≥ 10, the minimum). */
  coldRuns: number;
  /** Runs of each cold generate. */
  generateRuns: number;
  /** Rounds of each in-process throughput batch. */
  lintRounds: number;
  /** Body counts of the NDJSON files, smallest first: the RSS ratio is last ÷ first. */
  ndjsonSizes: number[];
  /** Schemas in the many-schema document, and the size of the big document in bytes. */
  manySchemas: number;
  bigDocumentBytes: number;
  /** Length of the chain of $refs in the deep-reference document. */
  refChain: number;
  /** Whole scratch directory of this run (removed at the end). */
  scratch: string;
}

export function configFor(quick: boolean): BenchConfig {
  const scratch = mkdtempSync(path.join(tmpdir(), "v2kit-bench-"));
  return quick
    ? {
        quick,
        coldRuns: 10,
        generateRuns: 2,
        lintRounds: 7,
        ndjsonSizes: [10_000, 100_000],
        manySchemas: 2_000,
        bigDocumentBytes: 2_000_000,
        refChain: 300,
        scratch,
      }
    : {
        quick,
        coldRuns: 20,
        generateRuns: 5,
        lintRounds: 15,
        ndjsonSizes: [10_000, 100_000, 1_000_000],
        manySchemas: 10_000,
        bigDocumentBytes: 10_000_000,
        refChain: 1_000,
        scratch,
      };
}

export const root = () => packageRoot();
export const fromRoot = (...parts: string[]) => path.join(packageRoot(), ...parts);
/** The package's bin (package.json `bin.v2kit`): what `v2kit` and `npx v2kit` run. */
export const cli = () => fromRoot((JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as { bin: { v2kit: string } }).bin.v2kit);
export const openapiTypescriptCli = () => fromRoot("node_modules", "openapi-typescript", "bin", "cli.js");

/** The upstream v2 document (../shared/reference), or the reason it is not there. */
export function upstreamDocument(): { file: string } | { skipped: string } {
  const file = path.resolve(packageRoot(), "..", "shared", "reference", "upstream-v2-openapi.json");
  return existsSync(file) ? { file } : { skipped: `${file} is absent` };
}

export function log(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}
