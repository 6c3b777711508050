// The server's state: resources by collection and id, in creation order, with ids that are
// deterministic under a seed. A snapshot is plain JSON, so a test suite can start from a fixture
// (`--state FILE`); with `--state`, every change is journaled (journal.ts).

import { randomBytes } from "node:crypto";
import { FILE_BUDGETS, InputError, readFileWithin } from "../input/read-input.js";
import { ServeError } from "./errors.js";
import type { Change } from "./journal.js";

export type Resource = Record<string, unknown>;

export interface Snapshot {
  version: 1;
  /** How many ids have been handed out: with a seed, the next id depends on it. */
  issued: number;
  collections: Record<string, Resource[]>;
  /** The journal generation this snapshot holds everything up to (journal.ts); absent in hand-written files. */
  generation?: number;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const ID_LENGTH = 14;

/** mulberry32: a small, well-known 32-bit PRNG; enough for ids that only need to be repeatable. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A `--state` file (or its journal) that is not one, or cannot be read. */
export class SnapshotError extends ServeError {
  static override readonly errorName: string = "SnapshotError";
  declare readonly code: "invalid-state-file" | "state-file-unreadable";

  constructor(message: string, code: "invalid-state-file" | "state-file-unreadable" = "invalid-state-file") {
    super(code, message);
  }
}

export class Store {
  private collections = new Map<string, Map<string, Resource>>();
  private issued = 0;
  private random: (() => number) | undefined;
  /** Told of every put and delete (the `--state` journal). */
  onChange: ((change: Change) => void) | undefined;

  constructor(private readonly seed?: number) {
    this.reseed();
  }

  private reseed(): void {
    this.random = this.seed === undefined ? undefined : prng(this.seed);
    if (this.random) for (let i = 0; i < this.issued * ID_LENGTH; i++) this.random();
  }

  /** A new id: 14 characters of [a-z0-9], repeatable run to run with a seed. */
  nextId(): string {
    this.issued++;
    const random = this.random;
    if (random) return Array.from({ length: ID_LENGTH }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join("");
    const bytes = randomBytes(ID_LENGTH);
    return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
  }

  private collection(name: string): Map<string, Resource> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new Map();
      this.collections.set(name, collection);
    }
    return collection;
  }

  list(name: string): Resource[] {
    return [...(this.collections.get(name)?.values() ?? [])];
  }

  get(name: string, id: string): Resource | undefined {
    return this.collections.get(name)?.get(id);
  }

  put(name: string, id: string, resource: Resource): void {
    this.collection(name).set(id, resource);
    this.onChange?.({ op: "put", c: name, id, r: resource, issued: this.issued });
  }

  delete(name: string, id: string): boolean {
    const deleted = this.collections.get(name)?.delete(id) ?? false;
    if (deleted) this.onChange?.({ op: "del", c: name, id, issued: this.issued });
    return deleted;
  }

  reset(snapshot?: Snapshot): void {
    this.collections.clear();
    this.issued = snapshot?.issued ?? 0;
    for (const [name, resources] of Object.entries(snapshot?.collections ?? {})) {
      for (const resource of resources) if (typeof resource.id === "string") this.collection(name).set(resource.id, resource);
    }
    this.reseed();
  }

  snapshot(): Snapshot {
    const collections: Record<string, Resource[]> = {};
    for (const name of [...this.collections.keys()].sort()) collections[name] = this.list(name);
    return structuredClone({ version: 1, issued: this.issued, collections });
  }
}

/**
 * Read a snapshot file; a missing file is an empty state (the first run of a suite). A FIFO, a
 * device or a file over FILE_BUDGETS.state is an InputError (read-input.ts).
 */
export function readSnapshot(file: string): Snapshot | undefined {
  const text = readStateFile(file);
  if (text === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError(`${file}: not a v2kit serve state file: ${(error as Error).message}`);
  }
  const snapshot = data as Partial<Snapshot>;
  if (
    typeof snapshot !== "object" ||
    snapshot === null ||
    snapshot.version !== 1 ||
    typeof snapshot.collections !== "object" ||
    snapshot.collections === null
  ) {
    throw new SnapshotError(`${file}: not a v2kit serve state file: expected {"version": 1, "issued": N, "collections": {...}}`);
  }
  for (const [name, list] of Object.entries(snapshot.collections)) {
    if (!Array.isArray(list) || list.some((item) => typeof item !== "object" || item === null || typeof (item as Resource).id !== "string")) {
      throw new SnapshotError(`${file}: /collections/${name}: must be an array of objects with a string "id"`);
    }
  }
  return {
    version: 1,
    issued: typeof snapshot.issued === "number" ? snapshot.issued : 0,
    collections: snapshot.collections,
    ...(typeof snapshot.generation === "number" ? { generation: snapshot.generation } : {}),
  };
}

/** The text of a state or journal file, undefined when there is none (a regular file within the budget, read-input.ts). */
export function readStateFile(file: string): string | undefined {
  try {
    return readFileWithin(file, FILE_BUDGETS.state).toString("utf8");
  } catch (error) {
    if (error instanceof InputError && error.code === "unreadable" && error.reason.startsWith("ENOENT")) return undefined;
    if (error instanceof InputError && error.code === "unreadable") throw new SnapshotError(error.message, "state-file-unreadable");
    throw error;
  }
}
