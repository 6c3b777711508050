// lint, the library: verdicts for the shipped examples, every schema hint of the rules file,
// failures of the text itself (malformed, empty, BOM, not UTF-8, too deep), no prototype
// pollution, and a fixed-seed fuzz proving that lint never throws for any input.

import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { type Engine, UnknownOperationError } from "../../engine/evaluate.js";
import type { ValidateFunction } from "../../engine/types.js";
import { describeParseError, locate } from "../../lint/json-source.js";
import { check, type CheckContext, lint as lintFromPackage, operationIds } from "../../lint/index.js";
import { type LintResult, lint, lintSource, MAX_DEPTH } from "../../lint/lint.js";

const example = (name: string) => readFileSync(new URL(`../../examples/${name}`, import.meta.url), "utf8");
const json = (name: string) => JSON.parse(example(name)) as unknown;
const rulesOf = (result: LintResult) => result.violations.map((violation) => violation.rule);

/** The invariant every verdict keeps, whatever the input. */
function expectVerdict(result: LintResult): void {
  expect(typeof result.ok).toBe("boolean");
  expect(result.ok).toBe(result.violations.length === 0);
  expect(result.ok ? result.status : typeof result.status).toBe(result.ok ? null : "number");
  expect(result.problem?.status ?? null).toBe(result.status);
  expect(result.status).toBe(result.violations[0]?.status ?? null);
}

describe("examples", () => {
  test("GPU and CPU creates are valid with the bundled catalog", () => {
    for (const name of ["create-endpoint-gpu.json", "create-endpoint-cpu.json"]) {
      const result = lint(example(name), { operation: "createEndpoint" });
      expect(result.violations, name).toEqual([]);
      expect(result).toMatchObject({ ok: true, status: null, problem: null });
    }
  });

  test("defaults are applied to the resolved body", () => {
    const result = lint(example("create-endpoint-cpu.json"), { operation: "createEndpoint" });
    expect(result.resolved).toMatchObject({ workers: { min: 0, max: 4 }, flashboot: "OFF", timeout: 300000 });
  });

  test("the invalid create lists every violation, schema (422) first", () => {
    const result = lint(example("create-endpoint-invalid.json"), { operation: "createEndpoint" });
    expectVerdict(result);
    expect(result.status).toBe(422);
    expect(rulesOf(result)).toEqual(["schema/additionalProperties", "gpu-cpu-exactly-one", "lb-requires-request-count", "excluded-types-within-pools"]);
    expect(result.violations[0]).toMatchObject({ path: "/workersMin", hint: "`workersMin` is a v1 field: use `workers.min`" });
    expect(result.violations.find((violation) => violation.rule === "excluded-types-within-pools")?.path).toBe("/gpu/excludedTypes/0");
    expect(result.problem).toMatchObject({ title: "Unprocessable Entity", status: 422 });
    expect(result.problem?.errors).toHaveLength(4);
  });

  test("the invalid create without the schema failure answers 400, the first rule's status", () => {
    const body = json("create-endpoint-invalid.json") as Record<string, unknown>;
    delete body.workersMin;
    const result = lint(body, { operation: "createEndpoint" });
    expect(result.status).toBe(400);
    expect(result.problem?.detail).toMatch(/^\/cpu: must set exactly one of `gpu` or `cpu`.* \(and 2 more\)$/);
  });

  test("an update is checked on the current endpoint merged with the patch", () => {
    const current = json("current-endpoint.json");
    const result = lint(example("update-endpoint.json"), { operation: "updateEndpoint", current });
    expect(result.violations).toEqual([]);
    expect(result.resolved).toMatchObject({
      gpu: { pools: ["AMPERE_48", "ADA_48_PRO"], excludedTypes: ["NVIDIA A40"], count: 1 },
      workers: { max: 6, idleTimeout: 30 },
    });
  });

  test("reset is not a v2 pod action, with the hint to stop and start", () => {
    const result = lint(example("pod-action-reset.json"), { operation: "podAction" });
    expect(result.status).toBe(422);
    expect(result.violations[0]).toMatchObject({
      rule: "schema/enum",
      path: "/action",
      hint: "v2 has no reset action (and no equivalent): send `stop`, then `start`",
    });
  });

  test("every line of bodies.ndjson gets its verdict", () => {
    const lines = example("bodies.ndjson")
      .split("\n")
      .filter((line) => line.trim() !== "");
    const statuses = lines.map((line) => lint(line, { operation: "createEndpoint" }).status);
    expect(statuses).toEqual([null, null, 400, 400, 400, 422]);
  });

  test("a response body is checked against the response schema", () => {
    const current = json("current-endpoint.json");
    expect(lint(current, { operation: "createEndpoint", response: 201 }).ok).toBe(true);
    const result = lint({ id: 1 }, { operation: "createEndpoint", response: "201" });
    expect(result.ok).toBe(false);
    expect(result.violations.every((violation) => violation.status === 422 && violation.rule.startsWith("schema/"))).toBe(true);
  });

  test("an anyOf value reports the branch its type chose, not the branches it did not take", () => {
    const current = json("current-endpoint.json") as Record<string, unknown>;
    // gpu is `EndpointGpuConfig | null`: an object with a bad count is the object branch's failure.
    const badCount = lint({ ...current, gpu: { ...(current["gpu"] as object), count: "x" } }, { operation: "createEndpoint", response: 201 });
    expect(badCount.violations.map((violation) => `${violation.path}: ${violation.message}`)).toEqual(["/gpu/count: must be integer"]);
    // A value no branch's type admits: one violation naming the types.
    const wrongType = lint({ ...current, gpu: 5 }, { operation: "createEndpoint", response: 201 });
    expect(wrongType.violations.map((violation) => `${violation.path}: ${violation.message}`)).toEqual(["/gpu: must be object or null"]);
  });
});

describe("the package entry", () => {
  // Two paths, one verdict: lint on the text, check on the parsed body with the same context.
  const catalog: CheckContext["catalog"] = {
    gpus: (json("../schema/catalog/gpus.json") as { gpus: [] }).gpus,
    cpus: (json("../schema/catalog/cpus.json") as { cpus: [] }).cpus,
  };

  test.each(["create-endpoint-gpu.json", "create-endpoint-cpu.json", "create-endpoint-invalid.json"])("lint and check agree on %s", (name) => {
    expect(lintFromPackage).toBe(lint);
    expect(lint(example(name), { operation: "createEndpoint" })).toEqual(check("createEndpoint", json(name), { catalog }));
  });

  test("operationIds lists REST and GraphQL operations", () => {
    expect(operationIds).toEqual(expect.arrayContaining(["createEndpoint", "updateEndpoint", "podAction", "saveTemplate"]));
  });
});

describe("context", () => {
  const gpu = () => json("create-endpoint-gpu.json") as Record<string, unknown>;

  test("template rules warn without templates and check with them", () => {
    const body = { ...gpu(), templateId: "tpl-nope" };
    const offline = lint(body, { operation: "createEndpoint" });
    expect(offline.ok).toBe(true);
    expect(offline.warnings.map((warning) => warning.rule)).toContain("template-exists");
    const result = lint(body, { operation: "createEndpoint", templates: [{ id: "tpl8k2m4qz1", serverless: true }] });
    expect(result.status).toBe(404);
  });

  test("a given collection replaces the bundled one; the other stays bundled", () => {
    const result = lint(gpu(), { operation: "createEndpoint", catalog: { gpus: [{ id: "NVIDIA L4", pool: "AMPERE_24" }] } });
    expect(rulesOf(result)).toContain("gpu-pools-known");
    const cpu = lint(example("create-endpoint-cpu.json"), { operation: "createEndpoint", catalog: { gpus: [] } });
    expect(cpu.ok).toBe(true);
  });
});

describe("hints", () => {
  const rulesFile = parseYaml(readFileSync(new URL("../../rules/v2.rules.yaml", import.meta.url), "utf8")) as {
    hints: { operations: string[]; property?: string; use?: string; note?: string; path?: string; value?: unknown; hint?: string }[];
  };
  const cases = rulesFile.hints.flatMap((hint) => hint.operations.map((operation) => ({ ...hint, operation, at: String(hint.property ?? hint.path) })));

  function hintFor(hintCase: (typeof cases)[number]): { body: unknown; expected: string } {
    if (hintCase.property !== undefined) {
      const name = hintCase.property.slice(1);
      return { body: { [name]: 1 }, expected: `\`${name}\` is a v1 field: use \`${hintCase.use}\`${hintCase.note ? ` (${hintCase.note})` : ""}` };
    }
    return { body: { [String(hintCase.path).slice(1)]: hintCase.value }, expected: String(hintCase.hint) };
  }

  test.each(cases)("$operation $at", (hintCase) => {
    const { body, expected } = hintFor(hintCase);
    const result = lint(body, { operation: hintCase.operation });
    expect(result.violations.find((violation) => violation.path === hintCase.at)?.hint).toBe(expected);
  });

  test("a GPU type id in gpu.pools suggests its pool", () => {
    const body = { ...(json("create-endpoint-gpu.json") as Record<string, unknown>), gpu: { pools: ["NVIDIA A40"] } };
    const result = lint(body, { operation: "createEndpoint" });
    expect(result.violations.find((violation) => violation.rule === "gpu-pools-known")).toMatchObject({
      path: "/gpu/pools/0",
      hint: '"NVIDIA A40" is the `id` of a gpus record, not a `pool`: use "AMPERE_48"',
    });
  });
});

describe("text failures are 400 verdicts", () => {
  const op = { operation: "createEndpoint" };

  test.each([
    ['{"name": }', 1, 10],
    ['{\n  "name": "x",\n  "type": QUEUE\n}', 3, 11],
    ['{"a": 1,}', 1, 9],
    ["[1, 2", 1, 6],
    ['{"a": 1} x', 1, 10],
  ])("malformed %j at line %i, column %i", (text, line, column) => {
    const { result, at } = lintSource(text, op);
    expectVerdict(result);
    expect(result.status).toBe(400);
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]).toMatchObject({ rule: "json/parse", path: "" });
    expect(result.violations[0]?.message).toContain(`at line ${line}, column ${column}`);
    expect(at).toEqual({ line, column });
    expect(result.problem).toMatchObject({ title: "Bad Request", status: 400 });
  });

  test("the message does not echo the body", () => {
    const text = `{"secret": "${"x".repeat(50)}", oops}`;
    expect(lint(text, op).violations[0]?.message).not.toContain("xxxx");
    const multiline = '{\n  "name": "x",\n  "type": QUEUE\n}';
    expect(lint(multiline, op).violations[0]?.message).toBe("must be valid JSON: Unexpected token 'Q' at line 3, column 11");
  });

  test.each(["", "   \n\t", "\uFEFF"])("empty input %j", (text) => {
    const result = lint(text, op);
    expect(result.status).toBe(400);
    expect(result.violations[0]?.message).toBe("must be a JSON value: the body is empty");
  });

  test("a UTF-8 BOM is ignored, as text and as bytes", () => {
    expect(lint(`\uFEFF${example("create-endpoint-gpu.json")}`, op).ok).toBe(true);
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(example("create-endpoint-gpu.json"))]);
    expect(lint(bytes, op).ok).toBe(true);
  });

  test.each([
    [[0x7b, 0xff, 0x7d], 1],
    [[0x7b, 0x0a, 0x22, 0xc3, 0x28, 0x22, 0x7d], 3], // truncated 2-byte sequence
    [[0x22, 0xed, 0xa0, 0x80, 0x22], 1], // an encoded surrogate
    [[0x22, 0xc0, 0xaf, 0x22], 1], // overlong
    [[0x22, 0xe2, 0x82], 1], // cut at the end
  ])("not UTF-8 %j: byte offset %i", (bytes, offset) => {
    const result = lint(Uint8Array.from(bytes), op);
    expect(result.status).toBe(400);
    expect(result.violations[0]?.rule).toBe("json/encoding");
    expect(result.violations[0]?.message).toContain(`invalid byte at offset ${offset}`);
  });

  test("100,000-deep nesting, as text and as a value", () => {
    const text = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const result = lint(text, op);
    expect(result.status).toBe(400);
    expect(result.violations[0]?.rule).toBe("json/depth");
    let value: unknown = {};
    for (let i = 0; i < 100_000; i++) value = { a: value };
    expect(lint(value, op).violations[0]?.rule).toBe("json/depth");
    let shallow: unknown = "x";
    for (let i = 0; i < MAX_DEPTH - 1; i++) shallow = [shallow];
    expect(lint({ name: "x", type: "QUEUE", scaling: { type: "QUEUE_DELAY", queueDelay: 1 }, env: shallow }, op).violations[0]?.rule).toBe("schema/type");
  });

  test("depth at the limit as text: 512 levels pass on, 513 are refused, brackets inside strings do not count as levels", () => {
    const nested = (levels: number) => `{"name": "x", "env": ${"[".repeat(levels - 1)}1${"]".repeat(levels - 1)}}`;
    expect(nested(MAX_DEPTH).length).toBeGreaterThanOrEqual(2 * MAX_DEPTH); // long enough to be looked at
    expect(lint(nested(MAX_DEPTH), op).violations[0]?.rule).not.toBe("json/depth");
    expect(lint(nested(MAX_DEPTH + 1), op).violations[0]?.rule).toBe("json/depth");
    const brackets = `{"name": "${"{[".repeat(MAX_DEPTH)}", "type": "QUEUE"}`;
    expect(lint(brackets, op).violations.map((violation) => violation.rule)).not.toContain("json/depth");
  });

  test("__proto__ and constructor keys stay data: no prototype pollution", () => {
    const text = `{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 2}}, "name": "x", "type": "QUEUE",
      "scaling": {"type": "QUEUE_DELAY", "queueDelay": 1}, "image": "i", "gpu": {"pools": ["ADA_24"], "__proto__": {"polluted": 3}},
      "env": {"__proto__": "4"}}`;
    for (const operation of ["createEndpoint", "updateEndpoint", "createPod"]) {
      const result = lint(text, { operation, current: JSON.parse(text) });
      expectVerdict(result);
      expect(result.ok).toBe(false);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  test("a polluted Object.prototype does not change the defaults in resolved (the plain reads step aside)", () => {
    const text = `{"name": "c", "type": "QUEUE", "scaling": {"type": "QUEUE_DELAY", "queueDelay": 2}, "image": "i", "cpu": [{"id": "cpu3c", "vcpuCount": 2}], "workers": {"max": 2}}`;
    const clean = lint(text, op).resolved;
    const proto = Object.prototype as Record<string, unknown>;
    try {
      proto["min"] = 7;
      proto["flashboot"] = "FLASHBOOT";
      proto["timeout"] = 1;
      expect(lint(text, op).resolved).toEqual(clean);
    } finally {
      delete proto["min"];
      delete proto["flashboot"];
      delete proto["timeout"];
    }
    expect(clean).toMatchObject({ workers: { min: 0, max: 2, idleTimeout: 10 }, flashboot: "OFF", timeout: 300000 });
  });

  test("an unknown operation throws, listing the known ones", () => {
    expect(() => lint("{}", { operation: "createEndpoints" })).toThrow(UnknownOperationError);
    // Before the body is read: not even JSON still names the operation as the problem.
    let refused: unknown;
    try {
      lint("not even json", { operation: "nope" });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(UnknownOperationError);
    expect((refused as UnknownOperationError).known).toContain("createEndpoint");
    expect((refused as Error).message).toMatch(/known operations: .*createEndpoint/);
  });
});

describe("another engine", () => {
  // A hand-made engine: one operation, a validator and one rule.
  const validate: ValidateFunction = (data: unknown) => {
    const ok = typeof data === "object" && data !== null && typeof (data as { name?: unknown }).name === "string";
    validate.errors = ok ? null : [{ instancePath: "/name", schemaPath: "#/required", keyword: "type", params: {}, message: "must be string" }];
    return ok;
  };
  const tiny: Engine = {
    operations: new Map([
      [
        "ping",
        {
          needs: [],
          request: validate,
          responses: new Map(),
          stages: [],
          rules: [
            {
              id: "not-pong",
              status: 409,
              message: "must not be named pong",
              hint: "Pick another name.",
              check: (subject, out) => {
                if ((subject.input as { name?: unknown }).name === "pong") out.push({ path: "/name" });
              },
            },
          ],
        },
      ],
    ]),
    hints: new Map(),
  };

  test("options.engine replaces the bundled engine", () => {
    expect(lint('{"name": "ping"}', { operation: "ping", engine: tiny }).ok).toBe(true);
    expect(lint('{"name": "pong"}', { operation: "ping", engine: tiny })).toMatchObject({
      status: 409,
      violations: [{ rule: "not-pong", path: "/name", hint: "Pick another name." }],
    });
    expect(lint("[]", { operation: "ping", engine: tiny }).violations[0]).toMatchObject({ rule: "schema/type", status: 422 });
    expect(() => lint("{}", { operation: "createEndpoint", engine: tiny })).toThrow(/known operations: ping/);
  });

  test("a response status the operation does not declare is a warning", () => {
    const result = lint("{}", { operation: "ping", engine: tiny, response: 200 });
    expect(result.ok).toBe(true);
    expect(result.warnings[0]?.rule).toBe("schema/response");
  });
});

describe("source positions (slow path)", () => {
  const text = '{\n  "name": "x",\n  "gpu": {"pools": ["A", "B"]},\n  "workersMin": 1\n}';

  test.each([
    ["", {}, 1, 1],
    ["/name", {}, 2, 11],
    ["/gpu/pools/1", {}, 3, 26],
    ["/workersMin", { key: true }, 4, 3],
    ["/workersMin", {}, 4, 17],
    ["/gpu/count", {}, 3, 3], // missing: the key of the deepest member that exists
    ["/image", {}, 1, 1],
    ["/gpu/pools/7", {}, 3, 11],
  ])("%s %j at %i:%i", (pointer, options, line, column) => {
    expect(locate(text, pointer, options)).toEqual({ line, column });
  });

  test("a duplicate key is located at its last occurrence, as JSON.parse keeps it", () => {
    expect(locate('{"a": 1,\n"a": 2}', "/a")).toEqual({ line: 2, column: 6 });
  });

  test("malformed text falls back to the start", () => {
    expect(locate("  {oops", "/a")).toEqual({ line: 1, column: 3 });
  });

  test("a parse failure without an offset is located by momoa", () => {
    const badJson = '{\n "a": tru}';
    let error: Error | undefined;
    try {
      JSON.parse(badJson);
    } catch (thrown) {
      error = thrown as Error;
    }
    expect(describeParseError(badJson, error as Error).position).toEqual({ line: 2, column: 7 });
  });
});

describe("fuzz: lint never throws", () => {
  const operations = ["createEndpoint", "updateEndpoint", "createPod", "podAction"];
  const params = { seed: 20260522, numRuns: 300 };

  test("arbitrary JSON values, as values and as text", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...operations), (value, operation) => {
        expectVerdict(lint(value, { operation }));
        expectVerdict(lint(JSON.stringify(value), { operation, current: value }));
      }),
      params,
    );
  });

  test("arbitrary objects shaped like endpoint bodies", () => {
    const body = fc.record(
      {
        name: fc.string(),
        type: fc.constantFrom("QUEUE", "LOAD_BALANCER", "x"),
        scaling: fc.record(
          { type: fc.constantFrom("QUEUE_DELAY", "REQUEST_COUNT"), queueDelay: fc.double(), requestCount: fc.integer() },
          { requiredKeys: [] },
        ),
        gpu: fc.record(
          { pools: fc.array(fc.constantFrom("ADA_24", "AMPERE_48", "NVIDIA A40", " x ")), excludedTypes: fc.array(fc.string()), count: fc.jsonValue() },
          { requiredKeys: [] },
        ),
        cpu: fc.array(fc.record({ id: fc.constantFrom("cpu3c", "cpu5m", ""), vcpuCount: fc.integer({ min: -4, max: 64 }) })),
        args: fc.string(),
        cmd: fc.array(fc.string()),
        templateId: fc.string(),
        workers: fc.dictionary(fc.constantFrom("min", "max", "idleTimeout", "__proto__"), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, fc.constantFrom("createEndpoint", "updateEndpoint"), (value, operation) => {
        expectVerdict(lint(value, { operation, templates: [{ id: "t", serverless: true }], current: value }));
      }),
      params,
    );
  });

  test("arbitrary strings and bytes", () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.string({ unit: fc.constantFrom(...'{}[]",:0123456789.eE+-tfnul \n\\') }));
    fc.assert(
      fc.property(text, (t) => {
        const { result, at } = lintSource(t, { operation: "createEndpoint" });
        expectVerdict(result);
        if (result.violations[0]?.rule === "json/parse") expect(at?.line).toBeGreaterThanOrEqual(1);
      }),
      params,
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => expectVerdict(lint(bytes, { operation: "podAction" }))),
      params,
    );
  });
});
