// "Did you mean …?" for a mistyped flag, command or operation: the closest known name by edit
// distance (Damerau: a swap of two letters counts once), ignoring case, when it is close enough.
import { closest, editDistance } from "../lint/suggest.js";

export { closest, editDistance };

/** " Did you mean `x`?" or "" — for the end of an error message. */
export function didYouMean(input: string, known: Iterable<string>): string {
  const match = closest(input, known);
  return match === undefined ? "" : `; did you mean ${match}?`;
}

/** "unknown operation "X"; did you mean y?", or the whole list when no name is close. */
export function unknownName(kind: string, input: string, known: Iterable<string>): string {
  const names = [...known].sort();
  const match = closest(input, names);
  if (match !== undefined) return `unknown ${kind} ${JSON.stringify(input)}; did you mean ${match}?`;
  return `unknown ${kind} ${JSON.stringify(input)}. Known ${kind}s:\n  ${names.join("\n  ")}`;
}
