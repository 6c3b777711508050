// The export of output/validators.js that validates an operation's request body (v0, v1, …: the
// names follow first use, so they are looked up, not assumed).

import { engine } from "../output/index.js";
import * as validators from "../output/validators.js";

export function requestValidatorExport(operation: string): string {
  const request = engine.operations.get(operation)?.request;
  const name = Object.entries(validators).find(([, fn]) => fn === request)?.[0];
  if (name === undefined) throw new Error(`bench: no validator export for the ${operation} request`);
  return name;
}
