// The types emitter decides itself (no TypeScript loaded) which names are identifiers. Every
// character it takes for an identifier character, TypeScript must take too, or a generated
// key or type name would not compile; where TypeScript knows a letter, so should we.

import ts from "typescript";
import { describe, expect, test } from "vitest";
import { isIdentifier, isIdentifierPart, isIdentifierStart, sanitizeIdentifier } from "../../generators/emit/types/names.js";

describe("identifier characters", () => {
  test("agree with TypeScript's scanner on every character of the Basic Multilingual Plane", () => {
    const disagree: string[] = [];
    for (let cp = 0; cp < 0x10000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCharCode(cp);
      if (isIdentifierStart(ch) !== ts.isIdentifierStart(cp, ts.ScriptTarget.ES2022)) disagree.push(`start U+${cp.toString(16)}`);
      if (isIdentifierPart(ch) !== ts.isIdentifierPart(cp, ts.ScriptTarget.ES2022)) disagree.push(`part U+${cp.toString(16)}`);
    }
    expect(disagree).toEqual([]);
  });

  test("astral characters are never taken, so a name holding one is quoted and sanitized", () => {
    expect(isIdentifier("a\u{20000}")).toBe(false);
    expect(sanitizeIdentifier("\u{20000}x")).toBe("_x");
  });

  // given: a name; want: whether it is written bare (an identifier) or quoted.
  test.each([
    { given: "size", want: true },
    { given: "Größe", want: true },
    { given: "é", want: true },
    { given: "日本", want: true },
    { given: "a-b", want: false },
    { given: "1a", want: false },
    { given: "", want: false },
    { given: "a\u200db", want: true },
    { given: "\u200db", want: false },
  ])("$given → identifier: $want", ({ given, want }) => {
    expect(isIdentifier(given)).toBe(want);
  });
});
