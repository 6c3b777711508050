// The server's message writer (vscode-jsonrpc's MessageWriter interface) with a bounded queue.
// vscode-jsonrpc's writer waits for each write to complete before the next, holding every later
// message: a client that stops reading made the server grow without bound, with diagnostics
// nobody would read (137 MB → 829 MB over 270 edits, issue 45, item 17). Here, while the output
// is blocked (the stream asked to wait for `drain`), messages queue, and a newer
// publishDiagnostics for a document replaces the queued one: only the latest is sent. Past
// MAX_PENDING_BYTES queued, `onFull(true)` lets the server stop reading input until the queue
// drains (it calls `onFull(false)` at half the bound), so no message is ever dropped but
// superseded diagnostics, and the queue holds at most the bound, one more message, and one
// diagnostics message per open document.

import type { Message, MessageWriter } from "vscode-languageserver/node";
import { emitter } from "./events.js";

/** Queued output past which the server stops reading input until the client reads again. */
export const MAX_PENDING_BYTES = 16 * 1024 * 1024;

export interface WriterOptions {
  maxPendingBytes?: number;
  /** True: the queue passed the bound (stop reading input); false: it drained to half (read again). */
  onFull?: (full: boolean) => void;
}

const PUBLISH_DIAGNOSTICS = "textDocument/publishDiagnostics";

/** Messages that a later one with the same key makes worthless: a document's diagnostics. */
function supersededBy(message: Message): string | undefined {
  const { method, params } = message as { method?: unknown; params?: { uri?: unknown } };
  return method === PUBLISH_DIAGNOSTICS && typeof params?.uri === "string" ? `diagnostics ${params.uri}` : undefined;
}

function frame(message: Message): Buffer {
  const body = Buffer.from(JSON.stringify(message), "utf8");
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]);
}

export class QueueWriter implements MessageWriter {
  /** Frames waiting for `drain`, in order; keyed so that a superseded one is found and replaced. */
  private readonly queue = new Map<string, Buffer>();
  private queuedBytes = 0;
  private sequence = 0;
  private blocked = false;
  private full = false;
  private readonly maxPendingBytes: number;
  private readonly errors = emitter<[Error, Message | undefined, number | undefined]>();
  private readonly closes = emitter<void>();
  /** Diagnostics dropped because a newer set for the same document replaced them while queued. */
  superseded = 0;

  constructor(
    private readonly output: NodeJS.WritableStream,
    private readonly options: WriterOptions = {},
  ) {
    this.maxPendingBytes = options.maxPendingBytes ?? MAX_PENDING_BYTES;
    output.on("drain", () => this.flush());
    output.on("error", (error: Error) => this.errors.fire([error, undefined, undefined]));
    output.on("close", () => this.closes.fire());
  }

  get onError() {
    return this.errors.event;
  }
  get onClose() {
    return this.closes.event;
  }
  /** Bytes queued while the output is blocked. */
  get pendingBytes(): number {
    return this.queuedBytes;
  }

  /** Sends `message`, or queues it while the output is blocked; resolves once it is sent or queued. */
  write(message: Message): Promise<void> {
    let bytes: Buffer;
    try {
      bytes = frame(message);
    } catch (error) {
      this.errors.fire([error as Error, message, undefined]);
      return Promise.reject(error as Error);
    }
    if (!this.blocked) {
      this.send(bytes);
      return Promise.resolve();
    }
    const key = supersededBy(message) ?? `#${this.sequence++}`;
    const old = this.queue.get(key);
    if (old !== undefined) {
      // Deleted, then set: the newer message takes its place at the end, in the order written.
      this.queue.delete(key);
      this.queuedBytes -= old.length;
      this.superseded++;
    }
    this.queue.set(key, bytes);
    this.queuedBytes += bytes.length;
    if (!this.full && this.queuedBytes > this.maxPendingBytes) {
      this.full = true;
      this.options.onFull?.(true);
    }
    return Promise.resolve();
  }

  private send(bytes: Buffer): void {
    if (!this.output.write(bytes)) this.blocked = true;
  }

  private flush(): void {
    this.blocked = false;
    for (const [key, bytes] of this.queue) {
      this.queue.delete(key);
      this.queuedBytes -= bytes.length;
      this.send(bytes);
      if (this.blocked) break;
    }
    if (this.full && this.queuedBytes <= this.maxPendingBytes / 2) {
      this.full = false;
      this.options.onFull?.(false);
    }
  }

  end(): void {
    this.output.end();
  }

  dispose(): void {
    this.errors.dispose();
    this.closes.dispose();
  }
}
