// `migrate scan --format sarif`: SARIF 2.1.0 that GitHub code scanning accepts: one run, one
// result per v1 call, locations relative to `%SRCROOT%` (the working directory) with 1-based
// line and column, and a fingerprint that does not move when lines are added above.

import { createHash } from "node:crypto";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { Finding } from "./scan/index.js";

export interface FileFindings {
  /** Path as walked (relative to the working directory when the root was), with forward slashes. */
  file: string;
  findings: Finding[];
}

const RULES = [
  {
    id: "v1-call",
    name: "V1Call",
    shortDescription: { text: "Call to the deprecated v1 REST API" },
    fullDescription: {
      text: "The code states a v1 URL (or a v1 base URL) and the HTTP method. v1 is retired on November 15, 2026. Run `v2kit migrate` on the request to get its v2 form.",
    },
    defaultConfiguration: { level: "warning" },
    properties: { precision: "high", tags: ["migration"] },
  },
  {
    id: "v1-call-inferred",
    name: "V1CallInferred",
    shortDescription: { text: "Probable call to the deprecated v1 REST API" },
    fullDescription: {
      text: "A v1 route whose HTTP method or base URL was inferred (the message says which). v1 is retired on November 15, 2026. Run `v2kit migrate` on the request to get its v2 form.",
    },
    defaultConfiguration: { level: "warning" },
    properties: { precision: "medium", tags: ["migration"] },
  },
  {
    id: "v1-mention",
    name: "V1Mention",
    shortDescription: { text: "Prose names a route of the retired v1 REST API" },
    fullDescription: {
      text: "A docstring or Markdown text names a v1 route with its HTTP method; it calls nothing. v1 is retired on November 15, 2026: the text should name the v2 route.",
    },
    defaultConfiguration: { level: "note" },
    properties: { precision: "high", tags: ["migration", "documentation"] },
  },
  {
    id: "v1-response-field",
    name: "V1ResponseField",
    shortDescription: { text: "Code reads a field of a v1 response that v2 answers elsewhere" },
    fullDescription: {
      text: 'The code reads the response of a v1 call: a field v2 renames, nests or drops (`desiredStatus` is `status`, `workersMin` is `workers.min`), or a list v2 wraps in an object (`{"pods": [...]}`). Once the call is v2, read the v2 place the message names.',
    },
    defaultConfiguration: { level: "warning" },
    properties: { precision: "high", tags: ["migration"] },
  },
  {
    id: "v1-path-on-v2-base",
    name: "V1PathOnV2Base",
    shortDescription: { text: "A v1 route's path joined to the v2 base URL" },
    fullDescription: {
      text: "The path of a v1 route that v2 does not have (`/endpoints`, `/pods/{id}/reset`) is sent to this API's v2 base URL, as a fix that moved the base leaves the calls it could not migrate: the call fails. The message names the v2 route to use, or says v2 has no equivalent.",
    },
    defaultConfiguration: { level: "error" },
    properties: { precision: "high", tags: ["migration"] },
  },
  {
    id: "v1-fake-response",
    name: "V1FakeResponse",
    shortDescription: { text: "A test fake of a v2 request answers in v1's shape" },
    fullDescription: {
      text: 'A test fake or mock (`Http::fake`, `responses`, `respx`, `requests_mock`, nock, msw) that `migrate scan --fix` moved to v2 with its client still answers with a v1 response: a field v2 renames, nests or drops (`desiredStatus` is `status`), or a bare list v2 wraps in an object (`{"pods": [...]}`). Tests that pass against it do not show the client works with v2: make the canned body what v2 answers.',
    },
    defaultConfiguration: { level: "warning" },
    properties: { precision: "high", tags: ["migration", "tests"] },
  },
  {
    id: "v1-body-left",
    name: "V1BodyLeft",
    shortDescription: { text: "A call moved to v2 whose body a fix did not migrate" },
    fullDescription: {
      text: "`migrate scan --fix --unsafe-fixes` moved a client's base to v2 past this call, whose body it could not migrate: a v1 body v2 refuses (422), or one built where v2kit cannot see it. The fix wrote a `v2kit:` comment above the call; every scan reports it until the body is the v2 one and the comment is deleted.",
    },
    defaultConfiguration: { level: "error" },
    properties: { precision: "high", tags: ["migration"] },
  },
  {
    id: "v1-openapi-document",
    name: "V1OpenApiDocument",
    shortDescription: { text: "A copy of the retired v1 OpenAPI document" },
    fullDescription: {
      text: "The file is an OpenAPI document of the v1 REST API (its server is https://rest.runpod.io/v1, or it names no host and declares only v1 routes), kept to generate a client from. v1 is retired on November 15, 2026: fetch the v2 document (GET /v2/openapi.json) and regenerate the client from it. Its paths are route declarations, not calls: one result per file, never fixed.",
    },
    defaultConfiguration: { level: "warning" },
    properties: { precision: "high", tags: ["migration"] },
  },
];

export function describeFinding(finding: Finding): string {
  const target = finding.v2 ? `${finding.v2.method} ${finding.v2.path}` : "no v2 equivalent";
  const field = finding.responseField;
  if (field) return `v1 response field ${field.v1} of ${finding.v1.method} ${finding.v1.path} → ${field.v2 === null ? "no one place" : field.v2} in ${target}`;
  if (finding.ruleId === "v1-fake-response") return `test fake of ${target} answers in v1's shape`;
  if (finding.ruleId === "v1-body-left") return `v1 body left on ${target} (was ${finding.v1.method} ${finding.v1.path})`;
  if (finding.ruleId === "v1-openapi-document") return `copy of the retired v1 OpenAPI document → fetch ${target} and regenerate the client from it`;
  const what = finding.ruleId === "v1-mention" ? "v1 route named" : finding.ruleId === "v1-path-on-v2-base" ? "v1 path on the v2 base:" : "v1 call";
  return `${what} ${finding.v1.method} ${finding.v1.path} → ${target}`;
}

/** A relative URI under the working directory, or a file: URI for a path outside it. */
function artifactLocation(file: string, cwd: string): { uri: string; uriBaseId?: string } {
  const abs = resolve(cwd, file);
  const rel = relative(cwd, abs);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return { uri: pathToFileURL(abs).href };
  return { uri: rel.split(sep).map(encodeURIComponent).join("/"), uriBaseId: "%SRCROOT%" };
}

/** `version` is the driver's (the CLI passes the installed v2kit's); without it the driver names none. */
export function toSarif(files: readonly FileFindings[], cwd = process.cwd(), version?: string) {
  const results = files.flatMap(({ file, findings }) => {
    const seen = new Map<string, number>();
    return findings.map((finding) => {
      // Same file, rule, call and text: the nth occurrence, so the fingerprint ignores line numbers.
      const identity = [file, finding.ruleId, finding.v1.method, finding.v1.path, finding.match].join("\u0000");
      const nth = (seen.get(identity) ?? 0) + 1;
      seen.set(identity, nth);
      return {
        ruleId: finding.ruleId,
        ruleIndex: RULES.findIndex((rule) => rule.id === finding.ruleId),
        level:
          finding.ruleId === "v1-mention"
            ? "note"
            : finding.ruleId === "v1-path-on-v2-base" || finding.notes.some((note) => note.level === "error")
              ? "error"
              : "warning",
        message: {
          text: [describeFinding(finding), ...finding.notes.map((note) => `${note.level}: ${note.field ? `${note.field} ` : ""}${note.message}`)].join("\n"),
        },
        locations: [
          {
            physicalLocation: {
              artifactLocation: artifactLocation(file, cwd),
              region: { startLine: finding.line, startColumn: finding.column, endColumn: finding.column + finding.match.length },
            },
          },
        ],
        partialFingerprints: { "v2kitFinding/v1": createHash("sha256").update(`${identity}\u0000${nth}`).digest("hex") },
        properties: {
          v1: finding.v1,
          v2: finding.v2,
          confidence: finding.confidence,
          inferred: finding.inferred,
          ...(finding.responseField ? { responseField: finding.responseField } : {}),
        },
      };
    });
  });
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "v2kit migrate scan", ...(version === undefined ? {} : { version }), rules: RULES } },
        originalUriBaseIds: { "%SRCROOT%": { uri: `${pathToFileURL(cwd).href.replace(/\/?$/, "/")}` } },
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
}
