// The language server's transport (issue 45, item 17): the framing parser (cli/lsp/frames.ts)
// recovers from every kind of bad frame at the next header, whatever the chunking, and the
// writer (cli/lsp/writer.ts) keeps only a document's newest diagnostics while the output is
// blocked. The server over stdio with a real client: test/lsp-transport.test.ts.

import { Writable } from "node:stream";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { type FrameEvent, FrameParser, MAX_FRAME_BYTES, MAX_GARBAGE_BYTES } from "../../../cli/lsp/frames.js";
import { QueueWriter } from "../../../cli/lsp/writer.js";

const frame = (message: unknown) => {
  const body = Buffer.from(JSON.stringify(message));
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
};
const raw = (text: string) => Buffer.from(text, "latin1");

/** Everything the parser makes of `input`, fed in the chunks `cuts` gives (offsets, any order). */
function parse(input: Buffer, cuts: number[] = []): FrameEvent[] {
  const parser = new FrameParser();
  const at = [...new Set(cuts.map((cut) => cut % (input.length + 1)))].sort((a, b) => a - b);
  const events: FrameEvent[] = [];
  let from = 0;
  for (const to of [...at, input.length]) {
    events.push(...parser.push(input.subarray(from, to)));
    from = to;
  }
  return events;
}
const messages = (events: FrameEvent[]) => events.flatMap((event) => (event.kind === "message" ? [event.message] : []));
const kinds = (events: FrameEvent[]) => events.map((event) => event.kind);

const shutdown = { jsonrpc: "2.0", id: 2, method: "shutdown" };

describe("bad frames, each followed by a good one", () => {
  const cases: [string, Buffer, RegExp][] = [
    ["Content-Length: abc", raw("Content-Length: abc\r\n\r\n{}"), /Content-Length "abc" is not a byte count/],
    ["no Content-Length", raw("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}"), /no Content-Length/],
    ["a negative length", raw("Content-Length: -5\r\n\r\n{}"), /Content-Length "-5" is not a byte count/],
    ["a line without a colon", raw("garbage line\r\n\r\n"), /"garbage line" is not "Name: value"/],
    ["two different lengths", raw("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}"), /two different Content-Length/],
    [
      "a short body, the total shorter than announced",
      raw('Content-Length: 500\r\n\r\n{"jsonrpc":"2.0","method":"x"}'),
      /announced 500 bytes, but a Content-Length header starts 30 bytes/,
    ],
    ["a length above the limit", raw(`Content-Length: ${MAX_FRAME_BYTES + 1}\r\n\r\n{}`), /above the limit/],
    ["a header without its end", raw(`X-Junk: ${"x".repeat(9000)}`), /more than 8192 bytes without its blank line/],
  ];
  test.each(cases)("%s: reported at its byte, and the next frame is read", (_name, bad, message) => {
    for (const cuts of [[], [1], [bad.length - 1], [bad.length + 3], [5, 17, bad.length + 10]]) {
      const events = parse(Buffer.concat([frame({ jsonrpc: "2.0", method: "first" }), bad, frame(shutdown)]), cuts);
      expect(messages(events)).toEqual([{ jsonrpc: "2.0", method: "first" }, shutdown]);
      const problem = events.find((event) => event.kind === "problem");
      expect(problem && "message" in problem ? problem.message : "").toMatch(message);
      expect(problem && "offset" in problem ? problem.offset : -1).toBe(frame({ jsonrpc: "2.0", method: "first" }).length);
    }
  });

  test("a short body whose announced length ends inside the next header, its body, or past it", () => {
    const short = '{"jsonrpc":"2.0","method":"x"}';
    const exit = { jsonrpc: "2.0", method: "exit" };
    for (const extra of [1, 10, 15, 19, 20, 21, 40, frame(shutdown).length, frame(shutdown).length + 5]) {
      const bad = raw(`Content-Length: ${short.length + extra}\r\n\r\n${short}`);
      for (const cuts of [[], [bad.length], [bad.length + 7, bad.length + 30]]) {
        const events = parse(Buffer.concat([bad, frame(shutdown), frame(exit)]), cuts);
        expect(messages(events), `+${extra} cut at ${cuts.join(",")}`).toEqual([shutdown, exit]);
        expect(events[0]).toMatchObject({ kind: "problem", offset: 0, message: expect.stringContaining(`announced ${short.length + extra} bytes`) });
      }
    }
  });

  test("a body that is not JSON is a parse error, and the next frame is read", () => {
    const events = parse(Buffer.concat([raw("Content-Length: 5\r\n\r\nhello"), frame(shutdown)]));
    expect(kinds(events)).toEqual(["parse-error", "message"]);
    expect(events[0]).toMatchObject({ offset: 0, message: expect.stringContaining("not JSON") });
  });

  test("a body that mentions Content-Length inside a string is a message, not a header", () => {
    const message = { jsonrpc: "2.0", method: "textDocument/didOpen", params: { text: "POST / HTTP/1.1\r\nContent-Length: 12\r\n\r\n{}" } };
    for (const cuts of [[], [30], [60, 61, 62]]) expect(messages(parse(Buffer.concat([frame(message), frame(shutdown)]), cuts))).toEqual([message, shutdown]);
  });

  test("many bad frames in a row: ten reported, the rest counted at the next good frame", () => {
    const events = parse(Buffer.concat([raw("Content-Length: x\r\n\r\n".repeat(50)), frame(shutdown)]));
    expect(kinds(events)).toEqual([...Array<string>(10).fill("problem"), "problem", "message"]);
    expect(events[10]).toMatchObject({ message: "40 more malformed frames before this byte were skipped, not reported one by one" });
  });

  test.each(["Content-Length: x\r\n\r\n", "Content-Length: x ", "content-length:", "\r\n\r\n"])(
    "1.1 MiB of %j in one chunk: fatal within 1.5 s (linear; the first cut took 600 s), with at most 11 reports",
    (unit) => {
      const started = performance.now();
      const events = parse(raw(unit.repeat(Math.ceil(1_100_000 / unit.length))));
      expect(performance.now() - started).toBeLessThan(1500);
      expect(events.length).toBeLessThanOrEqual(11);
      expect(events.at(-1)?.kind).toBe("fatal");
    },
  );

  test("input with no frame header for over 1 MiB is fatal, once", () => {
    const parser = new FrameParser();
    const events: FrameEvent[] = [];
    const junk = Buffer.alloc(64 * 1024, "x");
    for (let sent = 0; sent <= MAX_GARBAGE_BYTES + 2 * junk.length; sent += junk.length) events.push(...parser.push(junk));
    expect(kinds(events).filter((k) => k === "fatal")).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ kind: "fatal", offset: 0, message: expect.stringContaining("does not speak the LSP base protocol") });
    expect(parser.push(frame(shutdown))).toEqual([]);
  });
});

describe("any mix of good and bad frames, any chunking", () => {
  const message = fc.record({ jsonrpc: fc.constant("2.0"), method: fc.stringMatching(/^[a-z/]{1,12}$/), params: fc.jsonValue({ maxDepth: 2 }) });
  /** A bad frame, as text; `swallows`: how many bytes of what follows its announced length covers. */
  const bad = fc.oneof(
    fc.constantFrom(
      "Content-Length: abc\r\n\r\n{}",
      "Content-Length: -5\r\n\r\n{}",
      "Content-Type: x\r\n\r\n{}",
      "junk\r\n\r\n",
      "Content-Length: 5\r\n\r\nhello",
    ),
    fc.stringMatching(/^[a-z ]{1,40}$/),
    // Short: announces more than it has, ending inside the next header, the next body, or past it.
    fc.tuple(message, fc.integer({ min: 1, max: 200 })).map(([sent, extra]) => {
      const body = JSON.stringify(sent);
      return `Content-Length: ${Buffer.byteLength(body) + extra}\r\n\r\n${body}`;
    }),
  );
  test("every good frame after a bad one is read, in order; nothing else is a message", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), message, bad), { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), (items, cuts) => {
        const parts: Buffer[] = [];
        const good: unknown[] = [];
        for (const [broken, sent, b] of items) {
          if (broken) parts.push(Buffer.from(b, "utf8"));
          parts.push(frame(sent));
          good.push(sent);
        }
        expect(messages(parse(Buffer.concat(parts), cuts))).toEqual(good);
      }),
      { numRuns: 400, seed: 45017 },
    );
  });
});

describe("the writer while the client does not read", () => {
  /** A stream that takes one write, then holds its callbacks until released. */
  function blockedStream() {
    const held: (() => void)[] = [];
    const written: string[] = [];
    const stream = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, callback) {
        written.push(chunk.toString("utf8").replace(/^Content-Length: \d+\r\n\r\n/, ""));
        held.push(() => callback());
      },
    });
    return { stream, written, release: () => held.splice(0).forEach((release) => release()) };
  }
  const diagnostics = (uri: string, version: number) => ({
    jsonrpc: "2.0",
    method: "textDocument/publishDiagnostics",
    params: { uri, version, diagnostics: [] },
  });

  test("a document's queued diagnostics are replaced by its newer ones; every other message is kept, in order", async () => {
    const { stream, written, release } = blockedStream();
    const writer = new QueueWriter(stream);
    await writer.write(diagnostics("file:///a.json", 1) as never); // taken by the stream: it is now blocked
    for (let version = 2; version <= 100; version++) await writer.write(diagnostics("file:///a.json", version) as never);
    await writer.write({ jsonrpc: "2.0", id: 7, result: null } as never);
    await writer.write(diagnostics("file:///b.json", 1) as never);
    await writer.write(diagnostics("file:///a.json", 101) as never);
    expect(writer.superseded).toBe(99);
    for (let i = 0; i < 6; i++) {
      release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(
      written
        .map((line) => JSON.parse(line) as { id?: number; params?: { uri: string; version: number } })
        .map((parsed) => parsed.id ?? `${parsed.params?.uri} ${parsed.params?.version}`),
    ).toEqual(["file:///a.json 1", 7, "file:///b.json 1", "file:///a.json 101"]);
    expect(writer.pendingBytes).toBe(0);
  });

  test("past its bound the writer asks the server to stop reading, and to read again once half drained", async () => {
    const { stream, release } = blockedStream();
    const calls: boolean[] = [];
    const writer = new QueueWriter(stream, { maxPendingBytes: 1000, onFull: (full) => calls.push(full) });
    await writer.write({ jsonrpc: "2.0", id: 0, result: null } as never);
    for (let id = 1; id <= 40; id++) await writer.write({ jsonrpc: "2.0", id, result: "x".repeat(20) } as never);
    expect(calls).toEqual([true]);
    for (let i = 0; i < 60 && calls.length < 2; i++) {
      release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(calls).toEqual([true, false]);
  });
});
