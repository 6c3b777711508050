// The root of every error v2kit throws, and the engine's own. Each error has a `name` (its class's),
// a stable `code` (what a program branches on) and a brand: the names of its classes, most derived
// first, under Symbol.for("v2kit.error"). `instanceof` reads the brand, not the prototype chain, so
// it holds across copies of v2kit: a consumer's generated output carries its own copy of this
// engine (runtime/), the CLI bundle its own copies of the modules it bundles, and the package's
// classes match what any copy throws. This file imports nothing: the engine is copied whole.

/** The brand's key: one symbol for every copy of v2kit in a process. */
const BRAND = Symbol.for("v2kit.error");

/** Whether `value` carries the brand of the error class named `errorName` (or of a class below it). */
function branded(value: unknown, errorName: string): boolean {
  if (typeof value !== "object" || value === null) return false;
  const names = (value as { [BRAND]?: unknown })[BRAND];
  return Array.isArray(names) && names.includes(errorName);
}

/** Any error of v2kit, whichever layer (and whichever copy of v2kit) threw it. */
export abstract class V2kitError extends Error {
  /**
   * The class's name in the brand and in `name`. Every class declares its own: a bundler may
   * rename a class (esbuild does when two share a name), and this name must not change.
   */
  static readonly errorName: string = "V2kitError";
  /** Stable, per condition: `"unknown-operation"`, `"too-large"` … (each class lists its own). */
  abstract readonly code: string;
  override readonly name: string;
  /** The `errorName` of this error's class and of each class above it, most derived first. */
  readonly [BRAND]: readonly string[];

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    const names: string[] = [];
    for (let type: unknown = new.target; typeof type === "function" && type !== Error; type = Object.getPrototypeOf(type)) {
      if (Object.hasOwn(type, "errorName")) names.push((type as typeof V2kitError).errorName);
    }
    this[BRAND] = names;
    // A class of v2kit names itself by errorName; a consumer's subclass without one, by its own name.
    this.name = Object.hasOwn(new.target, "errorName") ? (names[0] as string) : new.target.name;
  }

  /** `instanceof` by the brand: the package's class matches what any copy of v2kit throws. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // A class that names no errorName of its own (a consumer's subclass) is matched by its prototype.
    if (!Object.hasOwn(this, "errorName")) return Function.prototype[Symbol.hasInstance].call(this, value);
    return branded(value, this.errorName);
  }
}

export type EngineErrorCode = "unknown-operation" | "cel-budget-exceeded";

/** An error of the engine (the generated engine and the package's own): checking a body. */
export class EngineError extends V2kitError {
  static override readonly errorName: string = "EngineError";

  constructor(
    readonly code: EngineErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
