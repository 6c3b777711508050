// A unified diff of one file's fixes, as `git diff` writes it (`diff --git a/… b/…`, names quoted
// as git quotes them, three lines of context, `\ No newline at end of file`), built from the
// edits themselves: the changed lines are known, so no line-matching algorithm is needed and the
// output is exact.

import { lastAtOrBefore } from "./candidate.js";
import type { Edit } from "./fix.js";

const CONTEXT = 3;

interface Cluster {
  /** Old lines [from, to], 0-based inclusive. */
  from: number;
  to: number;
  added: string[];
}

const C_ESCAPES: Record<number, string> = { 7: "a", 8: "b", 9: "t", 10: "n", 11: "v", 12: "f", 13: "r", 34: '"', 92: "\\" };

/**
 * A name as git writes it in a diff header: as is, or, when it has a control character, `"`,
 * `\` or a byte past ASCII, in double quotes with C escapes and octal bytes (git's default
 * `core.quotePath`). `git apply` reads both back to the same name.
 */
export function gitQuoted(name: string): string {
  const bytes = new TextEncoder().encode(name);
  if (!bytes.some((byte) => byte < 0x20 || byte >= 0x7f || byte === 34 || byte === 92)) return name;
  let out = "";
  for (const byte of bytes) {
    const escape = C_ESCAPES[byte];
    out += escape !== undefined ? `\\${escape}` : byte < 0x20 || byte >= 0x7f ? `\\${byte.toString(8).padStart(3, "0")}` : String.fromCharCode(byte);
  }
  return `"${out}"`;
}

/** Lines with their end-of-line kept (the last may have none). */
function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function emit(prefix: string, line: string): string {
  return line.endsWith("\n") ? `${prefix}${line}` : `${prefix}${line}\n\\ No newline at end of file\n`;
}

/** The diff of `before` and `before` with `edits` applied, for the file at `path` (relative, forward slashes). */
export function unifiedDiff(path: string, before: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return "";
  const lines = splitLines(before);
  const starts: number[] = [];
  for (let at = 0, i = 0; i < lines.length; i++) {
    starts.push(at);
    at += (lines[i] as string).length;
  }
  if (lines.length === 0) {
    lines.push("");
    starts.push(0);
  }
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const groups: { from: number; to: number; edits: Edit[] }[] = [];
  for (const edit of sorted) {
    const from = lastAtOrBefore(starts.length, (i) => starts[i] as number, edit.start);
    const to = Math.max(
      from,
      lastAtOrBefore(starts.length, (i) => starts[i] as number, edit.end > edit.start ? edit.end - 1 : edit.start),
    );
    const last = groups[groups.length - 1];
    if (last && from <= last.to) {
      last.to = Math.max(last.to, to);
      last.edits.push(edit);
    } else groups.push({ from, to, edits: [edit] });
  }
  const clusters: Cluster[] = groups.map((group) => {
    const base = starts[group.from] as number;
    const old = lines.slice(group.from, group.to + 1).join("");
    let text = "";
    let at = 0;
    for (const edit of group.edits) {
      text += old.slice(at, edit.start - base) + edit.text;
      at = edit.end - base;
    }
    text += old.slice(at);
    const removed = lines.slice(group.from, group.to + 1);
    const added = splitLines(text);
    // Lines an edit rewrote to themselves (the first line of a multi-line literal) are context.
    let from = group.from;
    while (removed.length > 1 && added.length > 1 && removed[0] === added[0]) {
      removed.shift();
      added.shift();
      from++;
    }
    let to = group.to;
    while (removed.length > 1 && added.length > 1 && removed[removed.length - 1] === added[added.length - 1]) {
      removed.pop();
      added.pop();
      to--;
    }
    return { from, to, added };
  });
  const [a, b] = [gitQuoted(`a/${path}`), gitQuoted(`b/${path}`)];
  // As git does, a name with a space ends its ---/+++ line with a tab.
  const tab = path.includes(" ") ? "\t" : "";
  let out = `diff --git ${a} ${b}\n--- ${a}${tab}\n+++ ${b}${tab}\n`;
  let shift = 0;
  for (let i = 0; i < clusters.length;) {
    // Clusters whose context lines would touch go into one hunk.
    let j = i;
    while (j + 1 < clusters.length && (clusters[j + 1] as Cluster).from - (clusters[j] as Cluster).to - 1 <= 2 * CONTEXT) j++;
    const first = clusters[i] as Cluster;
    const lastCluster = clusters[j] as Cluster;
    const start = Math.max(0, first.from - CONTEXT);
    const end = Math.min(lines.length - 1, lastCluster.to + CONTEXT);
    let body = "";
    let oldCount = 0;
    let newCount = 0;
    let line = start;
    const hunkShift = shift;
    for (let k = i; k <= j; k++) {
      const cluster = clusters[k] as Cluster;
      for (; line < cluster.from; line++, oldCount++, newCount++) body += emit(" ", lines[line] as string);
      for (; line <= cluster.to; line++, oldCount++) body += emit("-", lines[line] as string);
      for (const added of cluster.added) body += emit("+", added);
      newCount += cluster.added.length;
      shift += cluster.added.length - (cluster.to - cluster.from + 1);
    }
    for (; line <= end; line++, oldCount++, newCount++) body += emit(" ", lines[line] as string);
    const oldStart = oldCount === 0 ? start : start + 1;
    const newStart = newCount === 0 ? start + hunkShift : start + hunkShift + 1;
    out += `@@ -${oldStart}${oldCount === 1 ? "" : `,${oldCount}`} +${newStart}${newCount === 1 ? "" : `,${newCount}`} @@\n${body}`;
    i = j + 1;
  }
  return out;
}
