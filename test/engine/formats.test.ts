// engine/formats.ts, the format checks generated validators import instead of ajv-formats (issue
// 43, item 1), against ajv-formats' full formats (a checker we did not write): the same verdict on
// valid values of each format, on near misses made by editing them, and on arbitrary strings.

import { fullFormats } from "ajv-formats/dist/formats.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formats } from "../../engine/formats.js";

const theirs = (name: string): ((text: string) => boolean) => {
  const def = (fullFormats as Record<string, unknown>)[name];
  const check = typeof def === "function" ? def : (def as { validate: (text: string) => boolean }).validate;
  return check as (text: string) => boolean;
};

const digits = (count: number) => fc.stringMatching(new RegExp(`^\\d{${count}}$`));
const offset = fc.oneof(
  fc.constantFrom("Z", "z", ""),
  fc
    .tuple(fc.constantFrom("+", "-"), digits(2), fc.constantFrom(":", ""), fc.option(digits(2)))
    .map(([sign, hours, separator, minutes]) => `${sign}${hours}${minutes === null ? "" : separator + minutes}`),
);
const time = fc
  .tuple(digits(2), digits(2), digits(2), fc.option(digits(3)), offset)
  .map(([hours, minutes, seconds, fraction, zone]) => `${hours}:${minutes}:${seconds}${fraction === null ? "" : `.${fraction}`}${zone}`);
const date = fc.tuple(digits(4), digits(2), digits(2)).map(([y, month, day]) => `${y}-${month}-${day}`);
const dateTime = fc.tuple(date, fc.constantFrom("T", "t", " ", "\t", "x", "TT"), time).map(([datePart, separator, t]) => `${datePart}${separator}${t}`);
const uriPiece = fc.constantFrom(
  "a",
  "Z",
  "0",
  "-",
  ".",
  "_",
  "~",
  "!",
  "$",
  "&",
  "'",
  "(",
  ")",
  "*",
  "+",
  ",",
  ";",
  "=",
  ":",
  "@",
  "/",
  "?",
  "#",
  "%20",
  "%zz",
  "%",
  "[",
  "]",
  "::1",
  "[::1]",
  "[v1.x]",
  "1.2.3.4",
  "256.1.1.1",
  '"',
  " ",
  "é",
  "//",
  "[1:2:3:4:5:6:7:8]",
  "[1::2:3.4.5.6]",
  "[1:2:3:4:5:6:7::]",
  "[:::]",
  "[g::]",
  ":80",
  ":",
);
const uri = fc
  .tuple(fc.constantFrom("http:", "https://", "urn:", "a+b.c-d:", "1a:", "", "/", "mailto:", "HTTP://"), fc.array(uriPiece, { maxLength: 8 }))
  .map(([scheme, parts]) => scheme + parts.join(""));

const agree = (name: string, values: fc.Arbitrary<string>) =>
  fc.assert(
    fc.property(values, (value) => {
      expect(formats[name]?.(value), `${name} ${JSON.stringify(value)}`).toBe(theirs(name)(value));
    }),
    { numRuns: 20_000, seed: 43 },
  );

describe("engine formats agree with ajv-formats (issue 43, item 1)", () => {
  it("date", () => {
    agree("date", fc.oneof(date, fc.string()));
    for (const [value, ok] of [
      ["2024-02-29", true],
      ["2023-02-29", false],
      ["1900-02-29", false],
      ["2000-02-29", true],
      ["2024-04-31", false],
      ["2024-13-01", false],
    ] as const)
      expect(formats.date?.(value), value).toBe(ok);
  });
  it("time", () => agree("time", fc.oneof(time, fc.string())));
  it("date-time", () => {
    agree("date-time", fc.oneof(dateTime, fc.string()));
    for (const value of ["2024-06-30T23:59:60Z", "2024-06-30T23:59:60+00:00", "2024-07-01T01:59:60+02:00", "2024-06-30T22:59:60Z"])
      expect(formats["date-time"]?.(value), value).toBe(theirs("date-time")(value));
  });
  it("uri", () => agree("uri", fc.oneof(uri, fc.string(), fc.webUrl({ withFragments: true, withQueryParameters: true }))));
  it("regex", () => agree("regex", fc.oneof(fc.constantFrom("a\\Z", "\\\\Z", "(", "[a-", "^a+$", "(?<n>x)\\k<n>"), fc.string())));
});
