// The engine a lint runs on: the bundled compiled engine (output/rules.mjs) with only the linted
// operation's validator modules loaded (cold start), or one compiled at run time for another
// OpenAPI document or rules file (generators/engine-on-the-fly.ts, heavy: loaded only then).
// Used by `v2kit lint` and the language server. What a command does with compile warnings and
// failures (print them, exit with a status, name its flags) is its own business: it passes hooks,
// asked for only when an engine is compiled.

import type { Diagnostic } from "../schema-model/model.js";
import type { Engine } from "../engine/evaluate.js";

/** Where the engine comes from: the bundled one when neither `spec` nor `rules` is given. */
export interface EngineSource {
  /** An OpenAPI document to compile the engine from instead of the bundled schema. */
  spec?: string | undefined;
  /** A rules file to compile the engine from instead of the bundled rules. */
  rules?: string | undefined;
  /** The bundled engine: the operation whose validator modules to load now (none when absent). */
  operation?: string | undefined;
  /** The bundled engine: set when response bodies are checked (their validators load too). */
  response?: string | undefined;
}

/** What a caller does with compiling's warnings and failure. */
export interface EngineHooks {
  /** What generate would warn about (rules that do not fit the document, schema notes). */
  onDiagnostics?: (diagnostics: Diagnostic[]) => void;
  /** The error to throw when the document or rules file cannot be compiled; the compiler's own when absent. */
  compileFailed?: (error: unknown) => Error | Promise<Error>;
}

/**
 * The engine for `source`. `hooks` is called only when an engine is compiled (spec or rules
 * given), so that a caller's printing and error modules stay off the bundled engine's path.
 */
export async function engineFor(source: EngineSource, hooks?: () => EngineHooks | Promise<EngineHooks>): Promise<Engine> {
  if (source.spec === undefined && source.rules === undefined) {
    const [{ engine }, { loadValidators }] = await Promise.all([import("../output/rules.mjs"), import("./lint.js")]);
    // Only the linted operation's validator module loads (cold start).
    if (source.operation !== undefined) await loadValidators(source.operation, { responses: source.response !== undefined });
    return engine;
  }
  const [{ loadEngine }, given] = await Promise.all([import("../generators/engine-on-the-fly.js"), hooks?.()]);
  try {
    return await loadEngine({
      ...(source.spec === undefined ? {} : { spec: source.spec }),
      ...(source.rules === undefined ? {} : { rules: source.rules }),
      ...(given?.onDiagnostics === undefined ? {} : { onDiagnostics: given.onDiagnostics }),
    });
  } catch (error) {
    if (given?.compileFailed === undefined) throw error;
    throw await given.compileFailed(error);
  }
}
