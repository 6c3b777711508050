// Nearest known name by edit distance, shared by the CLI's "did you mean" messages and the
// runtime's unknown-operation advice (the runtime must not import the CLI).

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const distances: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_cell, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => distances[i]?.[j] ?? Infinity;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (distances[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The known name closest to `input`, or undefined when none is close: a name that differs only
 * in case always is; otherwise at most a third of the input's length in edits (at least 1,
 * at most 3). Ties go to the first name in code-point order, so the answer is stable.
 */
export function closest(input: string, known: Iterable<string>): string | undefined {
  const lower = input.toLowerCase();
  const names = [...known].sort();
  const sameCase = names.find((name) => name.toLowerCase() === lower);
  if (sameCase !== undefined) return sameCase;
  const limit = Math.min(3, Math.max(1, Math.floor(input.length / 3)));
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
