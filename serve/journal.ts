// `serve --state FILE`: the state as a snapshot (FILE, the JSON a test suite can hand-write) plus
// an append-only journal beside it (FILE.journal, one JSON line per change). A change is
// acknowledged only after its journal line is written and flushed (fdatasync), so it survives
// `kill -9`; its cost does not grow with the number of resources stored. When the journal grows
// past the snapshot's size (at least 1 MiB) it is compacted: a new snapshot is written
// atomically under the next generation, then a fresh journal of that generation replaces the
// old one. A journal whose generation is not the snapshot's is already inside the snapshot (a
// crash between the two renames) and is ignored; a torn last line was never acknowledged and is
// dropped. One server at a time: FILE.lock (state-lock.ts).

import { randomBytes } from "node:crypto";
import { closeSync, fdatasyncSync, fstatSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";
import { StateLock } from "./state-lock.js";
import { type Resource, readSnapshot, readStateFile, type Snapshot, SnapshotError } from "./store.js";

/** One change, as journaled: a resource put or deleted, and the ids handed out so far. */
export type Change = { op: "put"; c: string; id: string; r: Resource; issued: number } | { op: "del"; c: string; id: string; issued: number };

const MIN_COMPACT_BYTES = 1024 * 1024;

export class StateFile {
  readonly journal: string;
  private fd: number | undefined;
  private bytes = 0;
  private snapshotBytes = 0;
  private generation = 0;
  private pending: string[] = [];

  /** One server per state file (state-lock.ts): taken by acquire(), given up by close(). */
  readonly lock: StateLock;

  constructor(readonly file: string) {
    this.journal = `${file}.journal`;
    this.lock = new StateLock(file);
  }

  /** Takes the state file's lock; StateLockedError when another server holds it. */
  acquire(): void {
    this.lock.acquire();
  }

  /** The state on disk: the snapshot with its journal replayed; undefined when there is neither. */
  load(): Snapshot | undefined {
    const snapshot = readSnapshot(this.file);
    const journal = readStateFile(this.journal);
    if (journal === undefined) return snapshot;
    const lines = journal.split("\n");
    const header = parseLine(lines[0] ?? "") as { "v2kit-journal"?: unknown; generation?: unknown } | undefined;
    if (header?.["v2kit-journal"] !== 1 || typeof header.generation !== "number") {
      throw new SnapshotError(`${this.journal}: not a v2kit serve journal (its first line must be {"v2kit-journal": 1, "generation": N})`);
    }
    const state: Snapshot = snapshot ?? { version: 1, issued: 0, collections: {} };
    if (header.generation !== (state.generation ?? 0)) return state; // compacted into the snapshot already
    const collections = new Map<string, Map<string, Resource>>();
    for (const [name, list] of Object.entries(state.collections)) collections.set(name, new Map(list.map((resource) => [String(resource.id), resource])));
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i] as string;
      if (line === "") continue;
      const change = parseLine(line) as Change | undefined;
      if (change === undefined || (change.op !== "put" && change.op !== "del") || typeof change.c !== "string" || typeof change.id !== "string") {
        // Only the last line can be torn by a crash mid-write (it was never acknowledged).
        if (lines.slice(i + 1).every((rest) => rest === "")) break;
        throw new SnapshotError(`${this.journal}:${i + 1}: not a journal line`);
      }
      let collection = collections.get(change.c);
      if (collection === undefined) collections.set(change.c, (collection = new Map()));
      if (change.op === "put") collection.set(change.id, change.r);
      else collection.delete(change.id);
      state.issued = Math.max(state.issued, change.issued);
    }
    state.collections = Object.fromEntries([...collections].map(([name, map]) => [name, [...map.values()]]));
    return state;
  }

  /** Start journaling from `snapshot` (the state the server starts with): compacted at once. */
  open(snapshot: Snapshot): void {
    this.compact(snapshot);
  }

  /** A change to acknowledge with the next flush. */
  record(change: Change): void {
    this.pending.push(`${JSON.stringify(change)}\n`);
  }

  /** Append the recorded changes and flush them to disk; compact when the journal has grown. */
  flush(current: () => Snapshot): void {
    if (this.pending.length === 0) return;
    const text = this.pending.join("");
    this.pending = [];
    if (this.fd === undefined) throw new Error("the state journal is not open");
    const buffer = Buffer.from(text, "utf8");
    let written = 0;
    while (written < buffer.length) written += writeSync(this.fd, buffer, written, buffer.length - written);
    fdatasyncSync(this.fd);
    this.bytes += buffer.length;
    if (this.bytes > Math.max(MIN_COMPACT_BYTES, this.snapshotBytes)) this.compact(current());
  }

  /** Write `snapshot` as the next generation, then a fresh journal for it. */
  compact(snapshot: Snapshot): void {
    this.pending = [];
    this.generation += 1;
    const text = `${JSON.stringify({ ...snapshot, generation: this.generation }, null, 2)}\n`;
    replaceFile(this.file, text);
    this.snapshotBytes = Buffer.byteLength(text);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    replaceFile(this.journal, `${JSON.stringify({ "v2kit-journal": 1, generation: this.generation })}\n`);
    this.fd = openSync(this.journal, "a", 0o600);
    this.bytes = fstatSync(this.fd).size;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.lock.release();
  }
}

function parseLine(line: string): unknown {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Write atomically: a new file created exclusively beside the target (mode 0600: it may hold secrets), flushed, then renamed. */
export function replaceFile(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const fd = openSync(temp, "wx", 0o600);
  try {
    writeSync(fd, text);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, file);
  } catch (error) {
    unlinkSync(temp);
    throw error;
  }
}
