// --format problem: the RFC 9457 body the service would answer, one line per invalid input.
// A valid input prints nothing: the service would answer 2xx with no problem body.

import { printableJson } from "../../lint/printable.js";
import type { Formatter } from "./index.js";

export function formatter(): Formatter {
  return {
    item: (report) => (report.result.problem ? `${printableJson(report.result.problem)}\n` : ""),
    end: () => "",
  };
}
