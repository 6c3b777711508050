// Stage 1: read an OpenAPI document (JSON or YAML), refuse external references unless allowed,
// bundle and validate it with swagger-parser. Never touches the network.

import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import type { OpenAPI } from "openapi-types";
import { LineCounter, parseDocument } from "yaml";
import { FILE_BUDGETS, InputError, readFileWithin } from "../../input/read-input.js";
import { SpecError } from "../../schema-model/errors.js";
import { precompiledValidator, schemaError } from "./openapi-schema.js";
import { checkSchemas, dropKnownDialects } from "./schema-check.js";

/** What a stack overflow while following references means for the user. */
export const TOO_DEEP =
  "nests $refs or schemas deeper than v2kit can follow (a chain of about 200 references is the limit): flatten the chain, or split the document";

export interface LoadOptions {
  allowExternalRefs?: boolean;
}

/** Parse JSON or YAML text; errors carry line and column. */
export function parseText(text: string, file: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (/^\s*[[{]/.test(body)) {
    try {
      return JSON.parse(body);
    } catch (error) {
      const offset = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? 0);
      const before = body.slice(0, offset).split("\n");
      throw new SpecError(file, `invalid JSON: ${(error as Error).message}`, "", before.length, (before.at(-1)?.length ?? 0) + 1);
    }
  }
  const counter = new LineCounter();
  const doc = parseDocument(body, { lineCounter: counter, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const { line, col } = counter.linePos(first.pos[0]);
    throw new SpecError(file, `invalid YAML: ${first.message.split("\n")[0]}`, "", line, col);
  }
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // yaml refuses aliases that expand past the limit (a "billion laughs" document).
    if (error instanceof ReferenceError) throw new SpecError(file, `invalid YAML: ${error.message} (aliases expand past the limit of 100)`);
    throw error;
  }
}

function externalRefs(node: unknown, pointer: string, out: { ref: string; pointer: string }[]): void {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) externalRefs(item, `${pointer}/${i}`, out);
  } else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && !value.startsWith("#")) out.push({ ref: value, pointer });
      else externalRefs(value, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, out);
    }
  }
}

/**
 * The text of a document, rules or GraphQL file (a regular file within FILE_BUDGETS.document).
 * A FIFO, a device or a file over the budget is an InputError (exit 2 in every command); a file
 * that cannot be opened is the caller's own "cannot read" error.
 */
export function readDocument(file: string, cannotRead: (reason: string) => Error): string {
  try {
    return readFileWithin(file, FILE_BUDGETS.document).toString("utf8");
  } catch (error) {
    if (error instanceof InputError && error.code === "unreadable") throw cannotRead(error.reason);
    throw error;
  }
}

/** A file $ref's URL (as json-schema-ref-parser gives it) as a path. */
function refPath(url: string): string {
  if (/^file:/i.test(url)) return fileURLToPath(url);
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** The real path (symlinks resolved), or the path itself when it does not exist. */
function realOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

export async function loadDocument(file: string, options: LoadOptions = {}): Promise<Record<string, unknown>> {
  const document = await bundleDocument(file, options);
  const problem = await validationProblem(document.bundled);
  if (problem !== undefined) throw validationError(file, problem);
  return finishDocument(file, document);
}

export interface BundledDocument {
  bundled: Record<string, unknown>;
  version: string;
  /** The document as written (parsed, not bundled): what `serve` answers `GET /v2/openapi.json` with. */
  source: Record<string, unknown>;
}

/** Read, parse, refuse external references unless allowed, and bundle (not yet validated). */
export async function bundleDocument(file: string, options: LoadOptions = {}): Promise<BundledDocument> {
  const raw = parseText(
    readDocument(file, (reason) => SpecError.unreadable(file, reason)),
    file,
  );
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new SpecError(file, "must be an object (an OpenAPI document)");
  const version = (raw as { openapi?: unknown; swagger?: unknown }).openapi;
  if ((raw as { swagger?: unknown }).swagger !== undefined)
    throw new SpecError(file, "Swagger 2.0 is not supported. Use OpenAPI 3.0 or 3.1 instead.", "/swagger");
  if (typeof version !== "string" || !/^3\.[01]\./.test(version))
    throw new SpecError(file, `unsupported OpenAPI version ${JSON.stringify(version)}: use 3.0.x or 3.1.x`, "/openapi");
  const root = path.dirname(path.resolve(file));
  // Real paths: a symlink inside the folder that points outside it is outside (issue 13).
  const realRoot = realOrSelf(root);
  const outside = (target: string) => path.relative(realRoot, realOrSelf(target)).startsWith("..") || path.relative(root, target).startsWith("..");
  const refs: { ref: string; pointer: string }[] = [];
  externalRefs(raw, "", refs);
  for (const { ref, pointer } of refs) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) {
      throw new SpecError(file, `external $ref ${JSON.stringify(ref)} refused: generate never uses the network; download it and reference the file`, pointer);
    }
    const target = path.resolve(root, ref.split("#")[0] ?? "");
    if (!options.allowExternalRefs && outside(target)) {
      throw new SpecError(file, `external $ref ${JSON.stringify(ref)} points outside the document's folder: pass --allow-external-refs to follow it`, pointer);
    }
  }
  let refused: InputError | undefined;
  const parserOptions = {
    resolve: {
      http: false as const,
      file: {
        canRead: (refFile: { url: string }) => options.allowExternalRefs === true || !outside(refPath(refFile.url)),
        // The files $refs name are read as the document is: regular files within the budget.
        read: (refFile: { url: string }) => {
          try {
            return readFileWithin(refPath(refFile.url), FILE_BUDGETS.document);
          } catch (error) {
            if (error instanceof InputError) refused ??= error;
            throw error;
          }
        },
      },
    },
  };
  try {
    const bundled = (await SwaggerParser.bundle(path.resolve(file), structuredClone(raw) as unknown as OpenAPI.Document, parserOptions)) as unknown as Record<
      string,
      unknown
    >;
    return { bundled, version, source: raw as Record<string, unknown> };
  } catch (error) {
    // A FIFO or an oversized file a $ref names: the same refusal as for the document itself
    // (json-schema-ref-parser wraps what a resolver throws, so it is kept aside above).
    if (refused?.code === "unreadable") throw validationError(file, `a $ref names ${refused.message.replace(": cannot read: ", ", which cannot be read: ")}`);
    if (refused !== undefined) throw refused;
    const problem = problemOf(error);
    throw validationError(file, problem);
  }
}

/**
 * What swagger-parser finds wrong with a bundled document (TOO_DEEP for a stack overflow), if
 * anything. As swagger-parser does it: the document with circular references left in place is
 * checked against the OpenAPI schema (precompiled when current, openapi-schema.ts), then the
 * fully dereferenced one against the rules a schema cannot state.
 */
export async function validationProblem(bundled: Record<string, unknown>): Promise<string | undefined> {
  try {
    const precompiled = precompiledValidator(String(bundled.openapi));
    if (precompiled === undefined) {
      await SwaggerParser.validate(structuredClone(bundled) as unknown as OpenAPI.Document, { resolve: { external: false } });
      return undefined;
    }
    const options: SwaggerParser.Options = { resolve: { external: false }, dereference: { circular: "ignore" } };
    const api = await SwaggerParser.dereference(structuredClone(bundled) as unknown as OpenAPI.Document, options);
    if (!precompiled(api)) throw schemaError(precompiled.errors ?? []);
    await SwaggerParser.validate(structuredClone(bundled) as unknown as OpenAPI.Document, { resolve: { external: false }, validate: { schema: false } });
    return undefined;
  } catch (error) {
    return problemOf(error);
  }
}

function problemOf(error: unknown): string {
  if (error instanceof RangeError || /Maximum call stack/.test((error as Error).message)) return TOO_DEEP;
  return (error as Error).message.split("\n").slice(0, 5).join("; ");
}

export function validationError(file: string, problem: string): SpecError {
  return new SpecError(file, problem === TOO_DEEP ? TOO_DEEP : `not a valid OpenAPI document: ${problem}`);
}

/** The checks swagger-parser does not make, then the document as the pipeline reads it. */
export function finishDocument(file: string, { bundled, version }: BundledDocument): Record<string, unknown> {
  const problems = checkSchemas(bundled, version);
  const first = problems[0];
  if (first) {
    const more = problems
      .slice(1)
      .map((problem) => `\n  ${problem.pointer}: ${problem.message}`)
      .join("");
    throw new SpecError(file, `${first.message}${more}`, first.pointer);
  }
  dropKnownDialects(bundled);
  return bundled;
}
