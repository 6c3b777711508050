// Issue 13, item 13: the library `lint()` never throws for any body. Objects with throwing
// getters, Proxies whose traps throw (or answer differently on every read), revoked Proxies and
// thrown non-Errors all get a 400 verdict "must be plain JSON data".

import { describe, expect, test } from "vitest";
import { lint } from "../../runtime/index.js"; // the package entry: every operation's validators loaded

const op = { operation: "createEndpoint" };
const boom = () => {
  throw new Error("boom");
};

const hostile: [string, () => unknown][] = [
  [
    "a throwing getter at the root",
    () => ({
      name: "x",
      get type() {
        return boom();
      },
    }),
  ],
  [
    "a throwing getter deep inside",
    () => ({
      name: "x",
      gpu: {
        pools: [
          {
            get id() {
              return boom();
            },
          },
        ],
      },
    }),
  ],
  ["a Proxy whose ownKeys trap throws", () => new Proxy({}, { ownKeys: boom })],
  ["a Proxy whose get trap throws", () => new Proxy({ name: "x" }, { get: boom })],
  ["a Proxy whose getPrototypeOf trap throws", () => new Proxy({}, { getPrototypeOf: boom })],
  ["a Proxy whose getOwnPropertyDescriptor trap throws", () => new Proxy({ a: 1 }, { getOwnPropertyDescriptor: boom })],
  [
    "a revoked Proxy",
    () => {
      const r = Proxy.revocable({}, {});
      r.revoke();
      return r.proxy;
    },
  ],
  [
    "a revoked Proxy inside an array",
    () => {
      const r = Proxy.revocable([], {});
      r.revoke();
      return { name: "x", env: [r.proxy] };
    },
  ],
  [
    "a getter that throws a non-Error",
    () => ({
      get name() {
        throw Object.defineProperty({}, "message", { get: boom });
      },
    }),
  ],
];

describe("lint() on hostile objects", () => {
  test.each(hostile)("%s: a 400 verdict, no exception", (_name, make) => {
    const result = lint(make(), op);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(result.violations[0]).toMatchObject({ rule: "json/data", path: "" });
    expect(result.violations[0]?.message).toMatch(/^must be plain JSON data: reading the body threw /);
  });

  test("a Proxy that answers differently on every read is judged on one snapshot", () => {
    let reads = 0;
    const body = new Proxy({ name: "x" } as Record<string, unknown>, {
      get: (target, key) => (key === "name" ? `n${reads++}` : target[key as string]),
    });
    const result = lint(body, op);
    expect(result.ok).toBe(false); // incomplete body, but a verdict
    expect(reads).toBeGreaterThan(0);
  });

  test("a getter that does not throw is read as data", () => {
    const valid = JSON.parse(JSON.stringify({ name: "x" })) as Record<string, unknown>;
    const withGetter = Object.defineProperty({ ...valid }, "image", { get: () => "ex/img:1", enumerable: true });
    expect(lint(withGetter, op).violations.map((v) => v.path)).not.toContain("/image");
  });
});
