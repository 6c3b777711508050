// The schema errors of a rejected body become violations once each (same path and message),
// with property names quoted as JSON quotes them, however many errors Ajv reports.

import { describe, expect, it } from "vitest";
import { indexPath } from "../../engine/pointer.js";
import { problemFor, schemaViolations } from "../../engine/problem.js";
import type { AjvError, Violation } from "../../engine/types.js";
import { quote, show } from "../../engine/values.js";

const unknown = (property: string, instancePath = ""): AjvError => ({
  instancePath,
  schemaPath: "#/additionalProperties",
  keyword: "additionalProperties",
  params: { additionalProperty: property },
  message: "must NOT have additional properties",
});

describe("schemaViolations", () => {
  const cases: { name: string; errors: AjvError[]; want: string[] }[] = [
    {
      name: "a repeated error, few errors",
      errors: [unknown("a"), unknown("b"), unknown("a")],
      want: ['/a: unknown property "a" is not allowed', '/b: unknown property "b" is not allowed'],
    },
    {
      name: "repeated errors among many (past the scan)",
      errors: [...Array.from({ length: 10 }, (_, i) => unknown(`p${i}`)), unknown("p3"), unknown("p9"), unknown("p10")],
      want: [...Array.from({ length: 11 }, (_, i) => `/p${i}: unknown property "p${i}" is not allowed`)],
    },
    {
      name: "paths holding a NUL character stay apart",
      errors: [unknown("b\u0000c", "/a"), unknown("c", "/a\u0000b")],
      want: ['/a/b\u0000c: unknown property "b\\u0000c" is not allowed', '/a\u0000b/c: unknown property "c" is not allowed'],
    },
    { name: "a name JSON must escape", errors: [unknown('q"\\\ud800')], want: ['/q"\\\ud800: unknown property "q\\"\\\\\\ud800" is not allowed'] },
  ];
  it.each(cases)("$name", ({ errors, want }) => {
    const got = schemaViolations(errors, {});
    expect(got.map((violation) => `${violation.path}: ${violation.message}`)).toEqual(want);
    expect(got.every((violation) => violation.rule === "schema/additionalProperties" && violation.status === 422)).toBe(true);
  });
});

describe("quote and show", () => {
  const strings = ["", "plain id", "NVIDIA A40", 'a"b', "back\\slash", "tab\there", "\u0000", "lone \ud800", "pair \ud83d\ude00", "é ü 中"];
  it.each(strings)("quote(%j) is JSON.stringify's text", (text) => {
    expect(quote(text)).toBe(JSON.stringify(text));
  });
  it("show() quotes strings and shortens long values as before", () => {
    expect(show("QUEUE_DELAY")).toBe('"QUEUE_DELAY"');
    expect(show("x".repeat(100))).toBe(`${JSON.stringify("x".repeat(100)).slice(0, 77)}...`);
    expect(show([1, 2])).toBe("[1,2]");
    expect(show(undefined)).toBe("undefined");
  });
});

describe("schemaViolations into the verdict's list", () => {
  it("appends after what the list holds, and finds duplicates only among its own", () => {
    const earlier: Violation = { rule: "x", status: 400, path: "/a", message: 'unknown property "a" is not allowed' };
    const into = [earlier];
    const out = schemaViolations([unknown("a"), unknown("a"), unknown("b")], {}, [], into);
    expect(out).toBe(into);
    expect(out.map((violation) => `${violation.rule} ${violation.path}`)).toEqual(["x /a", "schema/additionalProperties /a", "schema/additionalProperties /b"]);
  });

  it("escapes a property name in the path as a JSON pointer does", () => {
    const [violation] = schemaViolations([unknown("a/b~c", "/env")], {});
    expect(violation?.path).toBe("/env/a~1b~0c");
  });
});

describe("problemFor", () => {
  it("says the first error line in `detail`, with the count of the rest", () => {
    const violationAt = (path: string, message: string): Violation => ({ rule: "r", status: 422, path, message });
    expect(problemFor([violationAt("", "must be object")])).toEqual({
      title: "Unprocessable Entity",
      status: 422,
      detail: "/: must be object",
      errors: ["/: must be object"],
    });
    expect(problemFor([violationAt("/a", "is required"), violationAt("/b", "is required"), violationAt("/c", "x")])?.detail).toBe(
      "/a: is required (and 2 more)",
    );
  });
});

describe("indexPath", () => {
  it("is the concatenated path, as one and the same string each time", () => {
    const first = indexPath("/gpu/excludedTypes/", 3);
    expect(first).toBe("/gpu/excludedTypes/3");
    expect(indexPath("/gpu/excludedTypes/", 3)).toBe(first);
    expect(indexPath("/cpu/", 0, "/id")).toBe("/cpu/0/id");
    expect(indexPath("/cpu/", 0)).toBe("/cpu/0");
  });

  it("concatenates past the cached indexes, and for an index that is not one", () => {
    expect(indexPath("/a/", 100000)).toBe("/a/100000");
    expect(indexPath("/a/", -1)).toBe("/a/-1");
    expect(indexPath("/a/", Number.NaN)).toBe("/a/NaN");
  });
});
