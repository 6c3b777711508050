// Emitter: output/index.ts, the entry a consumer imports: check(), checkResponse(), the types.

import { render } from "./templates.js";

export function emitIndex(header: string): string {
  return render("index.ts", { header });
}
