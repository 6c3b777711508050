// The server's message reader (vscode-jsonrpc's MessageReader interface) over a byte stream,
// framed by cli/lsp/frames.ts: a malformed frame is reported and skipped, and reading goes on
// at the next header, where vscode-jsonrpc's own reader stops answering (issue 45, item 17).

import type { DataCallback, Disposable, Message, MessageReader, PartialMessageInfo } from "vscode-languageserver/node";
import { emitter } from "./events.js";
import { type FrameEvent, FrameParser } from "./frames.js";

/** What the reader says besides messages: a skipped frame, a body that is not JSON, the end. */
export type ReaderNotice = Exclude<FrameEvent, { kind: "message" }>;

export class FrameReader implements MessageReader {
  private readonly parser = new FrameParser();
  private readonly errors = emitter<Error>();
  private readonly closes = emitter<void>();
  private readonly partials = emitter<PartialMessageInfo>();
  private stopped = false;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly notice: (notice: ReaderNotice) => void,
  ) {}

  get onError() {
    return this.errors.event;
  }
  get onClose() {
    return this.closes.event;
  }
  /** Never raised: a partial frame is waited for (the header scan ends a short one). */
  get onPartialMessage() {
    return this.partials.event;
  }

  listen(callback: DataCallback): Disposable {
    const onData = (chunk: Buffer | string) => {
      if (this.stopped) return;
      for (const event of this.parser.push(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk)) {
        if (event.kind === "message") callback(event.message as Message);
        else {
          if (event.kind === "fatal") this.stop();
          this.notice(event);
        }
        if (this.stopped) return;
      }
    };
    const onError = (error: Error) => this.errors.fire(error);
    const onClose = () => this.closes.fire();
    this.input.on("data", onData);
    this.input.on("error", onError);
    this.input.on("end", onClose);
    this.input.on("close", onClose);
    return {
      dispose: () => {
        this.input.off("data", onData);
        this.input.off("error", onError);
        this.input.off("end", onClose);
        this.input.off("close", onClose);
      },
    };
  }

  /** Stop taking input while the output is blocked (the writer's queue is full), and go on. */
  pause(): void {
    this.input.pause();
  }
  resume(): void {
    if (!this.stopped) this.input.resume();
  }

  private stop(): void {
    this.stopped = true;
    this.input.pause();
  }

  dispose(): void {
    this.errors.dispose();
    this.closes.dispose();
    this.partials.dispose();
  }
}
