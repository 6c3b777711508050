// `serve --state FILE`: one server per state file. Two servers on one file each acknowledged
// their creates, and after both stopped one acknowledged resource was gone (each compacts the
// journal into its own snapshot). FILE.lock, created exclusively (O_EXCL) beside the state,
// holds the owner's pid and host; a second server is refused. A lock whose process no longer
// runs on this host (a server killed with SIGKILL) is stale and taken over; one from another
// host (the state on a shared folder) never is. Released when the server closes or the process
// exits.

import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { ServeError } from "./errors.js";

/** Another server holds the state file (exit 2 in `v2kit serve`). */
export class StateLockedError extends ServeError {
  static override readonly errorName: string = "StateLockedError";
  declare readonly code: "state-locked";

  constructor(message: string) {
    super("state-locked", message);
  }
}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

/** Whether process `pid` runs (on this host): signal 0 tests it without sending anything. */
function running(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // it runs, as another user
  }
}

/** The lock's holder; undefined when the file is gone; "unreadable" when it holds something else. */
function holderOf(file: string): Holder | undefined | "unreadable" {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? undefined : "unreadable";
  }
  try {
    const holder = JSON.parse(text) as Partial<Holder>;
    return Number.isSafeInteger(holder.pid) && typeof holder.host === "string"
      ? { pid: holder.pid as number, host: holder.host, since: String(holder.since ?? "") }
      : "unreadable";
  } catch {
    return "unreadable";
  }
}

export class StateLock {
  readonly file: string;
  private held = false;
  private readonly onExit = () => this.release();

  constructor(stateFile: string) {
    this.file = `${stateFile}.lock`;
  }

  /** Takes the lock, or throws StateLockedError naming who holds it. */
  acquire(): void {
    const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
    for (let attempt = 0; attempt < 5; attempt++) {
      let fd: number;
      try {
        fd = openSync(this.file, "wx", 0o600);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        this.takeOverIfStale(attempt);
        continue;
      }
      try {
        writeSync(fd, `${JSON.stringify(me)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      this.held = true;
      process.once("exit", this.onExit);
      return;
    }
    throw new StateLockedError(`${this.file}: cannot take the lock of the state file (it keeps changing hands)`);
  }

  /** Removes a lock whose process is gone; throws when it is held, or cannot be judged (an empty or foreign lock, after a wait). */
  private takeOverIfStale(attempt: number): void {
    const holder = holderOf(this.file);
    if (holder === undefined) return; // released meanwhile: try again
    const remove = `delete ${this.file} if no v2kit serve uses the state file`;
    if (holder === "unreadable" && attempt < 2) {
      // Created an instant ago and not yet written: look again shortly.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      return;
    }
    if (holder === "unreadable") throw new StateLockedError(`${this.file}: the state file is locked by a lock v2kit cannot read: ${remove}`);
    const who = `v2kit serve (pid ${holder.pid} on ${holder.host}${holder.since ? `, since ${holder.since}` : ""})`;
    if (holder.host !== hostname()) throw new StateLockedError(`${this.file}: the state file is in use by ${who}: one server per state file; ${remove} there`);
    if (running(holder.pid)) {
      throw new StateLockedError(
        `${this.file}: the state file is in use by ${who}: one server per state file, or one loses the other's changes; stop it, or give another --state file (if pid ${holder.pid} is not a v2kit serve, delete ${this.file})`,
      );
    }
    // Stale. Moved aside first, then checked: if another server took it over meanwhile, what was
    // moved is its fresh lock, which goes back.
    const aside = `${this.file}.${process.pid}.${randomBytes(6).toString("hex")}.stale`;
    try {
      renameSync(this.file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    const moved = holderOf(aside);
    if (typeof moved === "object" && moved.pid !== holder.pid) {
      try {
        linkSync(aside, this.file);
      } catch {
        // Another lock is there already: the next attempt meets it.
      }
    }
    unlinkSync(aside);
  }

  /** Gives the lock up, if this process still holds it. */
  release(): void {
    if (!this.held) return;
    this.held = false;
    process.off("exit", this.onExit);
    const holder = holderOf(this.file);
    if (typeof holder === "object" && holder.pid === process.pid && holder.host === hostname()) {
      try {
        unlinkSync(this.file);
      } catch {
        // gone already
      }
    }
  }
}
