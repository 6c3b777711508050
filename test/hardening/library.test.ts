// Issue 13, item 13: the library `lint()` never throws for any body. Objects with throwing
// getters, Proxies whose traps throw (or answer differently on every read), revoked Proxies and
// thrown non-Errors all get a 400 verdict "must be plain JSON data".

import { describe, expect, test } from "vitest";
import { lint } from "../../lint/index.js"; // the package entry: every operation's validators loaded

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
      const revocable = Proxy.revocable({}, {});
      revocable.revoke();
      return revocable.proxy;
    },
  ],
  [
    "a revoked Proxy inside an array",
    () => {
      const revocable = Proxy.revocable([], {});
      revocable.revoke();
      return { name: "x", env: [revocable.proxy] };
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
    expect(lint(withGetter, op).violations.map((violation) => violation.path)).not.toContain("/image");
  });
});

// Hardening round three: values handed in are bounded by a budget counted over paths, so shared
// references and sparse arrays are refused before they are read (they were 5.4 s and 657 MB for
// 2^22 paths, over 60 s for 2^40 paths or an array of length 2^32 − 1).
describe("lint() on values: a node budget over paths", () => {
  const sharedGraph = (levels: number) => {
    let node: Record<string, unknown> = { a: "x" };
    for (let i = 0; i < levels; i++) node = { l: node, r: node };
    return node;
  };
  const timed = (body: unknown) => {
    const t0 = performance.now();
    const result = lint(body, { operation: "createTemplate" });
    return { result, ms: performance.now() - t0 };
  };

  test("23 objects standing for 2^22 paths: a 400 naming the budget", () => {
    const { result } = timed({ name: "t", image: "a/b:1", env: sharedGraph(22) });
    expect(result.status).toBe(400);
    expect(result.violations.map((violation) => violation.rule)).toEqual(["json/size"]);
    expect(result.violations[0]?.message).toContain("8000000 values");
  });

  test("2^40 paths costs no more than 2^22: the walk stops at the budget", () => {
    const small = timed({ name: "t", image: "a/b:1", env: sharedGraph(22) });
    const huge = timed({ name: "t", image: "a/b:1", env: sharedGraph(40) });
    expect(huge.result.violations.map((violation) => violation.rule)).toEqual(["json/size"]);
    expect(huge.ms).toBeLessThan(small.ms * 3 + 50);
  });

  test("a sparse array of length 2^32 − 1 is refused by its length, before it is read", () => {
    const sparse: unknown[] = [];
    sparse.length = 2 ** 32 - 1;
    const { result } = timed({ name: "t", image: "a/b:1", ports: sparse });
    expect(result.violations.map((violation) => violation.rule)).toEqual(["json/size"]);
    const baseline = timed({ name: "t", image: "a/b:1", ports: ["80/http"] });
    expect(baseline.result.ok).toBe(true);
  });

  test("a shared object reached a few times is data like any other (each path judged)", () => {
    const gpu = { id: "NVIDIA L4", count: 1 };
    const bodies = [gpu, gpu].map((shared, i) => ({ name: `p${i}`, image: "a/b:1", gpu: shared }));
    for (const body of bodies) expect(lint(body, { operation: "createPod" }).ok).toBe(true);
    const shared = { A: 1 };
    const result = lint({ name: "t", image: "a/b:1", env: { X: shared, Y: shared } }, { operation: "createTemplate" });
    expect(result.violations.map((violation) => violation.path)).toEqual(["/env/X", "/env/Y"]);
  });
});
