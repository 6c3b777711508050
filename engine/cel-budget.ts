// A cost budget for CEL `expression` rules, after Kubernetes' CEL design (KEP-2876): a cost
// estimated from the expression when the rules load, refused past a limit, and a per-evaluation
// check against the actual body before the expression runs, so no body can make one rule run
// for minutes. cel-js exposes no step counter, so the cost is an upper bound computed from the
// AST: every node costs 1, and a comprehension (all, exists, exists_one, map, filter) costs its
// range's size times its step. A range's size is exact for list and map literals; for a list
// read from the data it is bounded by the largest array or object in the data (assumed at load),
// and for `split` by the longest string.

import { EngineError } from "./errors.js";

/** Largest estimated cost allowed, at load and per evaluation (Kubernetes' per-call limit is 10^6 too). */
export const CEL_COST_LIMIT = 1_000_000;

/** At load, lists and maps read from the data are assumed to hold this many items... */
export const CEL_ASSUMED_ITEMS = 100;
/** ...and strings this many characters (the range of `split`). */
export const CEL_ASSUMED_CHARS = 1_000;

const COMPREHENSIONS = new Set(["all", "exists", "exists_one", "map", "filter"]);

/** Bounds of the data an expression reads. */
export interface DataBounds {
  /** Largest array length or object key count. */
  items: number;
  /** Longest string. */
  chars: number;
}

interface Node {
  op: string;
  args: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && typeof (value as Node).op === "string";

function children(node: Node): Node[] {
  const out: Node[] = [];
  const visit = (value: unknown): void => {
    if (isNode(value)) out.push(value);
    else if (Array.isArray(value)) for (const item of value) visit(item);
  };
  visit(node.args);
  return out;
}

/** Upper bound of the number of items a comprehension over `node` iterates. */
function rangeSize(node: Node, bounds: DataBounds): number {
  const args = Array.isArray(node.args) ? (node.args as unknown[]) : [];
  if (node.op === "list" || node.op === "map") return args.length;
  if (node.op === "+" && isNode(args[0]) && isNode(args[1])) return rangeSize(args[0], bounds) + rangeSize(args[1], bounds);
  if (node.op === "rcall" && (args[0] === "map" || args[0] === "filter") && isNode(args[1])) return rangeSize(args[1], bounds);
  if (node.op === "rcall" && args[0] === "split") return bounds.chars + 1;
  return bounds.items;
}

/** The estimated cost of evaluating `ast` on data within `bounds`. */
export function celCost(ast: unknown, bounds: DataBounds): number {
  if (!isNode(ast)) return 0;
  const args = Array.isArray(ast.args) ? (ast.args as unknown[]) : [];
  const [name, receiver, macroArgs] = args;
  if (ast.op === "rcall" && typeof name === "string" && COMPREHENSIONS.has(name) && isNode(receiver) && Array.isArray(macroArgs) && macroArgs.length >= 2) {
    const step = macroArgs.slice(1).reduce((sum: number, arg) => sum + celCost(arg, bounds), 1);
    return 1 + celCost(receiver, bounds) + rangeSize(receiver, bounds) * step;
  }
  return children(ast).reduce((sum, child) => sum + celCost(child, bounds), 1);
}

const dependsCache = new WeakMap<object, boolean>();

/** True when the cost depends on the data (a comprehension whose range is read from it). */
export function celCostDependsOnData(ast: unknown): boolean {
  if (!isNode(ast)) return false;
  let depends = dependsCache.get(ast);
  if (depends === undefined) {
    depends = celCost(ast, { items: 1, chars: 1 }) !== celCost(ast, { items: 0, chars: 0 });
    dependsCache.set(ast, depends);
  }
  return depends;
}

/** The bounds of some JSON values, in one iterative walk. */
export function dataBounds(...values: unknown[]): DataBounds {
  const bounds: DataBounds = { items: 0, chars: 0 };
  const stack = [...values];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") bounds.chars = Math.max(bounds.chars, value.length);
    else if (Array.isArray(value)) {
      bounds.items = Math.max(bounds.items, value.length);
      for (const item of value) stack.push(item);
    } else if (typeof value === "object" && value !== null) {
      const items = Object.values(value);
      bounds.items = Math.max(bounds.items, items.length);
      for (const item of items) stack.push(item);
    }
  }
  return bounds;
}

/** The error of an evaluation refused by the budget; rule kinds turn it into a warning. */
export class CelBudgetError extends EngineError {
  static override readonly errorName: string = "CelBudgetError";
  declare readonly code: "cel-budget-exceeded";

  constructor(message: string) {
    super("cel-budget-exceeded", message);
  }
}

/**
 * Run a parsed CEL program on `variables` unless its estimated cost for this data passes the
 * limit; then throw CelBudgetError without evaluating.
 */
export function runCel(program: { (variables: Record<string, unknown>): unknown; ast: unknown }, variables: Record<string, unknown>): unknown {
  if (celCostDependsOnData(program.ast)) {
    const cost = celCost(program.ast, dataBounds(...Object.values(variables)));
    if (cost > CEL_COST_LIMIT) {
      throw new CelBudgetError(`exceeds the CEL cost budget for this body: estimated ${cost} steps, limit ${CEL_COST_LIMIT}; not evaluated`);
    }
  }
  return program(variables);
}
