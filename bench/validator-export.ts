// The generated module (relative to output/) holding an operation's request validator, exported
// as `request`: validators/<stem>.mjs, one module per operation.

import { validatorModules } from "../output/rules.mjs";

export function requestValidatorModule(operation: string): string {
  const modules = validatorModules.get(operation);
  if (modules === undefined || !modules.request) throw new Error(`bench: no request validator module for ${operation}`);
  return `validators/${modules.stem}.mjs`;
}
