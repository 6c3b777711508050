// The createEndpoint bodies the throughput and NDJSON measurements use, as JSON text.

import { readFileSync } from "node:fs";
import { fromRoot } from "./context.js";

const example = (name: string): Record<string, unknown> => JSON.parse(readFileSync(fromRoot("examples", name), "utf8")) as Record<string, unknown>;

/** A valid GPU create (examples/create-endpoint-gpu.json), minified: about 300 bytes. */
export const validBody = (): string => JSON.stringify(example("create-endpoint-gpu.json"));

/** examples/create-endpoint-invalid.json, minified: four violations (schema and rules). */
export const invalidBody = (): string => JSON.stringify(example("create-endpoint-invalid.json"));

/** A valid CPU create with 50 env vars and 8 CPU configurations from the bundled catalog. */
export function largeBody(): string {
  const cpu = [
    ["cpu3c", 2],
    ["cpu3c", 4],
    ["cpu3g", 8],
    ["cpu3m", 16],
    ["cpu5c", 16],
    ["cpu5g", 32],
    ["cpu5m", 8],
    ["cpu5c", 4],
  ].map(([id, vcpuCount]) => ({ id, vcpuCount }));
  const env = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`SETTING_${String(i).padStart(2, "0")}`, `value-${i}-${"x".repeat(i % 7)}`]));
  return JSON.stringify({ ...example("create-endpoint-cpu.json"), cpu, env, workers: { min: 1, max: 8 }, disk: 40, ports: ["8000/http", "22/tcp"] });
}

/** Bodies an NDJSON file cycles through: mostly valid, one in four invalid. */
export const ndjsonMix = (): string[] => [validBody(), JSON.stringify(example("create-endpoint-cpu.json")), largeBody(), invalidBody()];
