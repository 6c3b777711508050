// The pods' start-up, simulated on a deterministic schedule counted in reads (docs/serve.md, "Pod
// lifecycle"). The specification shows no timings and no states; the states are the published v2
// document's `PodStatus`, in its order: a new pod is `PROVISIONING`, then `STARTING`, then
// `RUNNING`. With `podStartupReads` N (default DEFAULT_POD_STARTUP_READS), the first N reads of a
// new pod (a `GET` of the pod, or a list that holds it) answer it still starting (the first
// `PROVISIONING`, the others `STARTING`) and the next read finds it `RUNNING`; 0 makes the first
// read find it running. Counting reads, not time, keeps a test's answers the same run to run.
// The pod actions stay immediate (handlers.ts): `stop` → `EXITED`, `start`/`restart` → `RUNNING`.
// Which actions a pod accepts depends on its status (ACTIONS_BY_STATUS): the pod's `actions`
// field lists them, and any other action is answered 409 where the document declares a 409.

import type { Resource } from "./store.js";

export const DEFAULT_POD_STARTUP_READS = 2;

/** The states a starting pod goes through, PodStatus's first three values. */
export const PROVISIONING = "PROVISIONING";
export const STARTING = "STARTING";
export const RUNNING = "RUNNING";

/**
 * The actions a pod accepts in each status. A fact of the published v2 document (the `podAction`
 * operation's text, and the 409 it declares for an action the current status does not allow); the
 * specification names the actions only. Its create example shows a `PROVISIONING` pod with
 * `start`/`terminate`, against its own table; the table is followed (docs/serve.md). A status not
 * listed (`TERMINATED`) accepts none.
 */
export const ACTIONS_BY_STATUS: Readonly<Record<string, readonly string[]>> = {
  PROVISIONING: ["stop", "terminate"],
  STARTING: ["stop", "terminate"],
  RUNNING: ["stop", "restart", "terminate"],
  EXITED: ["start", "terminate"],
  ERROR: ["start", "terminate"],
};

/** The actions a pod in `status` accepts; undefined for a record without a status this table knows. */
export function actionsFor(status: unknown): readonly string[] | undefined {
  return typeof status === "string" && Object.hasOwn(ACTIONS_BY_STATUS, status) ? ACTIONS_BY_STATUS[status] : undefined;
}

export class PodLifecycle {
  /** Reads left before RUNNING, by collection and id; a starting pod with none (a `--state` file) starts its schedule at its next read. */
  private left = new Map<string, number>();

  constructor(
    private readonly reads: number,
    /** The collections of records with pod actions (families.ts: `/v2/pods`). */
    private readonly collections: ReadonlySet<string>,
  ) {}

  applies(collection: string): boolean {
    return this.collections.has(collection);
  }

  /** A new record of a pod collection: `PROVISIONING`, its schedule started. */
  created(collection: string, id: string, record: Resource): Resource {
    if (!this.applies(collection)) return record;
    this.left.set(`${collection}\0${id}`, this.reads);
    return { ...record, status: PROVISIONING };
  }

  /** An action set the state itself: the schedule is over. */
  settled(collection: string, id: string): void {
    this.left.delete(`${collection}\0${id}`);
  }

  /**
   * One read of `record`: the record as this read finds it, or undefined when the read changes
   * nothing (not a pod, or not starting).
   */
  read(collection: string, record: Resource): Resource | undefined {
    if (!this.applies(collection) || typeof record.id !== "string") return undefined;
    const status = record.status;
    if (status !== PROVISIONING && status !== STARTING && status !== undefined) return undefined;
    const key = `${collection}\0${record.id}`;
    const left = this.left.get(key) ?? this.reads;
    if (left <= 0) {
      this.left.delete(key);
      return { ...record, status: RUNNING };
    }
    this.left.set(key, left - 1);
    const next = left === this.reads ? PROVISIONING : STARTING;
    return status === next ? undefined : { ...record, status: next };
  }

  reset(): void {
    this.left.clear();
  }
}
