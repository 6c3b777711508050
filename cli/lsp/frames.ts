// The LSP base protocol's framing (`Content-Length: N\r\n\r\n`, then N bytes of JSON) read from a
// byte stream that may be broken. vscode-jsonrpc's reader stops answering after one bad header
// (`Content-Length: abc`, none, negative) or a body shorter than announced: it waits for bytes
// that never come, or reads the next frame as the rest of the body (issue 45, item 17). This
// parser reports each bad frame and resynchronises at the next `Content-Length:` header.
//
// A short body is seen by a sign no valid frame has: a `Content-Length: <digits>` line ending in
// CR LF inside the announced body. No JSON token starts with the letter C, and a JSON string
// cannot hold a raw CR or LF, so a UTF-8 JSON body never contains one.

/** Longest header block read (the base protocol sends one or two short lines). */
export const MAX_HEADER_BYTES = 8 * 1024;
/** Largest frame body kept: 4 × lint's 16 MiB body limit, room for JSON escaping. Larger ones are skipped. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;
/** Input with no well-formed header for this long is not the base protocol: the server gives up. */
export const MAX_GARBAGE_BYTES = 1024 * 1024;

export type FrameEvent =
  | { kind: "message"; message: unknown }
  /** A frame was dropped; reading goes on at the next header. `offset`: the input byte where it began. */
  | { kind: "problem"; offset: number; message: string }
  /** A whole frame whose body is not JSON: JSON-RPC answers it with a parse error (-32700, id null). */
  | { kind: "parse-error"; offset: number; message: string }
  /** Nothing more can be read: the caller ends the session. */
  | { kind: "fatal"; offset: number; message: string };

const CRLF2 = Buffer.from("\r\n\r\n");
const NAME = "content-length:";
/** A Content-Length header line: never inside a valid JSON body (see the top of this file). */
const HEADER_LINE = /content-length:[ \t]*[0-9]+[ \t]*\r\n/i;
/** Bytes of a body scanned again with the next chunk, so that a header line split across chunks is seen. */
const OVERLAP = 64;
/** Bytes a resync examines per step: whatever the input holds, each byte is looked at a bounded number of times. */
const RESYNC_WINDOW = 512;
/** Bad frames reported in a row; the rest are counted, and the count reported at the next good frame. */
const REPORTED_IN_A_ROW = 10;
const EMPTY = Buffer.alloc(0);

interface Body {
  /** Input offset of the frame's header, and of its body's first byte. */
  frame: number;
  start: number;
  need: number;
  have: number;
  /** The body so far; not kept for a frame above MAX_FRAME_BYTES (skipped). */
  chunks: Buffer[] | undefined;
  /** The last OVERLAP bytes scanned, as latin1 (one character per byte). */
  scanned: string;
}

export class FrameParser {
  /** Bytes not yet consumed, outside a body; pending[0] is input byte `offset`. */
  private pending: Buffer = EMPTY;
  private offset = 0;
  private body: Body | undefined;
  /** Looking for the next header name after a bad frame. */
  private resyncing = false;
  /** Bytes dropped since the last well-formed header, and where that began. */
  private lost = 0;
  private lostSince = 0;
  /** Problems since the last well-formed header, and how many of them were not reported (counted only). */
  private problems = 0;
  private unreported = 0;
  private ended = false;

  /** Feed bytes; the events they complete, in order. */
  push(chunk: Buffer): FrameEvent[] {
    const events: FrameEvent[] = [];
    let data = chunk;
    while (!this.ended) {
      if (this.body !== undefined) {
        data = this.readBody(this.body, data, events);
        if (this.body !== undefined) break; // the rest of the body is still to come
        continue;
      }
      if (data.length > 0) {
        this.pending = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
        data = EMPTY;
      }
      if (!(this.resyncing ? this.resync(events) : this.readHeader(events))) break;
    }
    return events;
  }

  /** Drop bytes up to the next header name; false when more input is needed. */
  private resync(events: FrameEvent[]): boolean {
    for (;;) {
      const window = this.pending.subarray(0, RESYNC_WINDOW);
      const at = window.toString("latin1").toLowerCase().indexOf(NAME);
      // Without a name, keep a tail that may be its first letters, cut off by the window or the chunk.
      const drop = at >= 0 ? at : Math.max(0, window.length - (NAME.length - 1));
      this.lost += drop;
      this.advance(drop);
      if (this.lost > MAX_GARBAGE_BYTES) {
        this.ended = true;
        events.push({
          kind: "fatal",
          offset: this.lostSince,
          message: `the ${this.lost} bytes of input from byte ${this.lostSince} on hold no well-formed frame header${this.problems > 1 ? ` (${this.problems} malformed ones among them)` : ""}: the client does not speak the LSP base protocol (Content-Length framing)`,
        });
        return false;
      }
      if (at >= 0) {
        this.resyncing = false;
        return true;
      }
      if (window.length < RESYNC_WINDOW) return false;
    }
  }

  /** A problem, reported unless many came in a row (then counted, for the next good frame to report). */
  private problem(events: FrameEvent[], offset: number, message: string): void {
    this.problems++;
    if (this.problems <= REPORTED_IN_A_ROW) events.push({ kind: "problem", offset, message });
    else this.unreported++;
  }

  /** Read the header block at pending[0]; false when more input is needed. */
  private readHeader(events: FrameEvent[]): boolean {
    const end = this.pending.subarray(0, MAX_HEADER_BYTES + CRLF2.length).indexOf(CRLF2);
    if (end < 0 && this.pending.length < MAX_HEADER_BYTES + CRLF2.length) return false;
    if (end < 0 || end > MAX_HEADER_BYTES) return this.skipFrame(events, `a header of more than ${MAX_HEADER_BYTES} bytes without its blank line`);
    let length: number | undefined;
    for (const line of this.pending.subarray(0, end).toString("latin1").split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon <= 0) return this.skipFrame(events, `the header line ${JSON.stringify(clip(line))} is not "Name: value"`);
      // Content-Type and others are ignored: the body is UTF-8 JSON either way.
      if (line.slice(0, colon).trim().toLowerCase() !== "content-length") continue;
      const value = line.slice(colon + 1).trim();
      if (!/^[0-9]+$/.test(value)) return this.skipFrame(events, `Content-Length ${JSON.stringify(clip(value))} is not a byte count (digits only)`);
      if (length !== undefined && Number(value) !== length) return this.skipFrame(events, "the header has two different Content-Length values");
      length = Number(value);
    }
    if (length === undefined) return this.skipFrame(events, "the header has no Content-Length");
    const frame = this.offset;
    if (this.unreported > 0) {
      events.push({
        kind: "problem",
        offset: frame,
        message: `${this.unreported} more malformed frames before this byte were skipped, not reported one by one`,
      });
    }
    this.lost = 0;
    this.problems = 0;
    this.unreported = 0;
    this.advance(end + CRLF2.length);
    const keep = length <= MAX_FRAME_BYTES;
    if (!keep) this.problem(events, frame, `a frame of ${length} bytes is above the limit of ${MAX_FRAME_BYTES} bytes: it is skipped`);
    this.body = { frame, start: this.offset, need: length, have: 0, chunks: keep ? [] : undefined, scanned: "" };
    const rest = this.pending;
    this.pending = EMPTY;
    const left = this.readBody(this.body, rest, events);
    this.pending = this.pending.length === 0 ? left : Buffer.concat([this.pending, left]);
    return this.body === undefined;
  }

  /** Take body bytes from `data`; returns what is left of it once the frame is done. */
  private readBody(body: Body, data: Buffer, events: FrameEvent[]): Buffer {
    const piece = data.subarray(0, body.need - body.have);
    const text = body.scanned + piece.toString("latin1");
    const found = HEADER_LINE.exec(text);
    if (found !== null) {
      // A header inside the body: the frame was short, and the next one starts there.
      const at = body.have - body.scanned.length + found.index;
      this.body = undefined;
      this.offset = body.start + at;
      this.problem(
        events,
        body.frame,
        `the frame announced ${body.need} bytes, but a Content-Length header starts ${at} bytes into its body (input byte ${this.offset}): the short frame is skipped`,
      );
      // latin1 maps each byte to one character and back: these are the input's bytes.
      return Buffer.concat([Buffer.from(text.slice(found.index), "latin1"), data.subarray(piece.length)]);
    }
    body.scanned = text.slice(-OVERLAP);
    body.chunks?.push(piece);
    body.have += piece.length;
    this.offset += piece.length;
    if (body.have < body.need) return EMPTY;
    this.body = undefined;
    if (body.chunks !== undefined) this.complete(body, body.chunks.length === 1 ? (body.chunks[0] as Buffer) : Buffer.concat(body.chunks), events);
    return data.subarray(piece.length);
  }

  /** A whole body: its message, or the next frame's header inside it, or a parse error. */
  private complete(body: Body, bytes: Buffer, events: FrameEvent[]): void {
    const text = bytes.toString("utf8");
    try {
      events.push({ kind: "message", message: JSON.parse(text) as unknown });
      return;
    } catch (error) {
      // The announced length may end inside the next frame's header: a whole name in the body,
      // or its first letters at the very end.
      const lower = bytes.toString("latin1").toLowerCase();
      let at = lower.indexOf(NAME);
      for (let prefixLength = NAME.length - 1; at < 0 && prefixLength > 0; prefixLength--)
        if (lower.endsWith(NAME.slice(0, prefixLength))) at = lower.length - prefixLength;
      if (at < 0) {
        events.push({ kind: "parse-error", offset: body.frame, message: `the frame's body is not JSON (${(error as Error).message})` });
        return;
      }
      this.problem(
        events,
        body.frame,
        `the frame announced ${body.need} bytes, but its body is not JSON and a header starts ${at} bytes into it: the short frame is skipped`,
      );
      this.pending = Buffer.concat([bytes.subarray(at), this.pending]);
      this.offset = body.start + at;
    }
  }

  /** The frame at pending[0] is malformed: say why, and look for the next header after its first byte. */
  private skipFrame(events: FrameEvent[], why: string): boolean {
    this.problem(events, this.offset, `${why}: the frame is skipped, reading resumes at the next Content-Length header`);
    if (this.lost === 0) this.lostSince = this.offset;
    this.lost += 1;
    this.advance(1);
    this.resyncing = true;
    return true;
  }

  private advance(byteCount: number): void {
    this.pending = this.pending.subarray(byteCount);
    this.offset += byteCount;
  }
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
