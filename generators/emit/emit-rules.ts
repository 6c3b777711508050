// Emitter: output/rules.mts, the rules file compiled to TypeScript, one function per operation
// as Ajv compiles a schema (docs/engine.md): the schema check, the stages and the rules inlined
// as straight-line code, each rule's own code built by its kind's `emit` (escaping code
// builder). Findings go straight into the verdict; stages no rule reads (defaults) run only
// when `resolved` is read. The Ajv validators are attached when their per-operation module is
// loaded (validators/<operation>.mts). The engine they run on is imported (generators/emit/engine-import.ts).

import { emitWithReads, at } from "../../rules/kinds/shared.js";
import { ruleKind } from "../../rules/kinds/index.js";
import { renameHint } from "../../engine/problem.js";
import { parsePointer } from "../../engine/pointer.js";
import { defaultsPending } from "../../rules/transforms/defaults.js";
import { stageKind } from "../../rules/transforms/index.js";
import type { RulesFile, StageSpec } from "../../rules/types.js";
import { Code, code, join, literal } from "../../rules/codegen.js";
import { deferrableStages } from "./emit-rules-defer.js";
import { finiteWalk, finiteWhenValid } from "../normalize/finite-numbers.js";
import { hoistReads } from "./emit-rules-hoist.js";
import { engineModule } from "./engine-import.js";
import { type ApiModel, SCHEMAS_ID } from "../../schema-model/model.js";
import { render } from "./templates.js";
import { writeOnlyPointers } from "../../schema-model/write-only.js";
import type { ValidatorModule } from "./emit-validators.js";

export function emitRules(model: ApiModel, rules: RulesFile, modules: ValidatorModule[], skip: ReadonlySet<string>, header: string, engine?: string): string {
  const compiled = rules.rules.map((rule, i) => {
    const kind = ruleKind(rule.kind);
    return { rule, name: new Code(`R${i}`), doc: escapeDoc(`${rule.id}: ${kind.explain(rule)}`), ...emitWithReads(() => kind.emit(rule)) };
  });
  const infos = compiled.map(
    (compiledRule) => code`/** ${new Code(compiledRule.doc)} */
const ${compiledRule.name}: rt.RuleInfo = { id: ${compiledRule.rule.id}, status: ${compiledRule.rule.status}, message: ${compiledRule.rule.message}${compiledRule.rule.hint === undefined ? code`` : code`, hint: ${compiledRule.rule.hint}`} };`,
  );
  const functions: string[] = [];
  const entries: Code[] = [];
  const bindings: Code[] = [];
  const finiteNumbers = finiteWalk(model.schemas);
  model.operations.forEach((op, i) => {
    const stages = rules.stages.filter((stage) => stage.operations.includes(op.id) && !skip.has(`${stage.id}@${op.id}`));
    const applying = compiled.filter((compiledRule) => compiledRule.rule.operations.includes(op.id) && !skip.has(`${compiledRule.rule.id}@${op.id}`));
    const needs = [...new Set([...stages, ...applying.map((compiledRule) => compiledRule.rule)].flatMap((x) => x.needs ?? []))].sort();
    const waiting = deferrableStages(
      stages,
      applying.map((compiledRule) => compiledRule.reads),
    );
    const eager = stages.slice(0, stages.length - waiting);
    const later = stages.slice(stages.length - waiting);
    const entry = new Code(`E${i}`);
    const hints = rules.hints.filter((hint) => hint.operations.includes(op.id)).map(({ operations: _ops, ...hint }) => hint);
    const renames = hints.flatMap((hint) => ("property" in hint ? [hint] : []));
    // A v1 field the schema rejects (a closed object) cannot be in a body that passed it, and in
    // one that failed it, its additionalProperties failure is at the field's path and carries the
    // hint, so the warning would never be added: those checks run only when the schema was not
    // checked, or its failures were cut at MAX_LISTED (the one at the field may be among the cut).
    const closed = declaredIfClosed(model, op);
    const ruledOut = (pointer: string) => {
      const segments = parsePointer(pointer);
      return closed !== undefined && segments.length === 1 && !closed.has(segments[0] as string);
    };
    const renameCheck = (rename: (typeof renames)[number]) => {
      const segments = parsePointer(rename.property);
      const message = renameHint(rename, segments.at(-1) ?? "");
      // A top-level field (the usual v1 name): a property load first, the own-property test only when it is there.
      const present =
        segments.length === 1
          ? code`rt.isObject(input) && input[${segments[0]}] !== undefined && Object.hasOwn(input, ${segments[0]})`
          : code`${at(rename.property, code`input`)} !== undefined`;
      return code`if (${present} && !out.violations.some((v) => v.path === ${rename.property})) out.warnings.push({ rule: "hint/v1-field", path: ${rename.property}, message: ${message} });`;
    };
    const always = renames.filter((rename) => !ruledOut(rename.property)).map(renameCheck);
    const whenInvalid = renames.filter((rename) => ruledOut(rename.property)).map(renameCheck);
    const ruleCode = applying.map(
      (compiledRule) => code`// ${new Code(compiledRule.doc)}
  out.begin(${compiledRule.name});
  try {
${new Code(indent(compiledRule.code, "    "))}
  } catch (error) {
    out.failed(error);
  }`,
    );
    if (hints.length > 0)
      functions.push(
        code`/** ${new Code(escapeDoc(`${op.id}: hints for schema failures`))} */
const H${new Code(String(i))}: rt.SchemaHint[] = ${hints};`.text,
      );
    const defer = new Code(`defer${i}`);
    const hoisted = hoist(join(ruleCode, "\n  ").text, later.length > 0 ? pending(later).text : "");
    if (later.length > 0) {
      functions.push(
        code`/** ${new Code(escapeDoc(`${op.id}: ${later.map((stage) => stage.id).join(", ")}, run when \`resolved\` is first read (no rule reads what they set)`))} */
function ${defer}(subject: rt.Subject): unknown {
  ${join(
    later.map((stage) => stageStatement(stage, undefined)),
    "\n  ",
  )}
  return subject.resolved;
}`.text,
      );
    }
    functions.push(
      code`/** ${new Code(escapeDoc(`${op.id}: schema, then ${stages.length === 0 ? "no stages" : `stages ${stages.map((stage) => stage.id).join(", ")}`}, then ${applying.length} rule(s)`))} */
function check${new Code(String(i))}(input: unknown, context: rt.CheckContext, plain?: boolean${new Code(later.length > 0 ? ", owned?: boolean" : "")}): rt.CheckResult {
  const out = new rt.Report();
  const validate = ${entry}.request;
  const valid = validate === undefined ? undefined : validate(input);
  if (validate !== undefined && !valid) rt.schemaViolations(validate.errors ?? [], input, ${hints.length === 0 ? code`undefined` : code`H${new Code(String(i))}`}, out.violations);
  ${join(always, "\n  ")}
  ${
    whenInvalid.length === 0
      ? code``
      : code`if (valid === undefined || out.violations.length > rt.MAX_LISTED) {
    ${join(whenInvalid, "\n    ")}
  }`
  }
  const subject: rt.Subject = { operation: ${op.id}, input, resolved: input, context, plain: plain === true, owned: false };
  ${join(
    eager.map((stage) => stageStatement(stage, code`out.stageFailed(${stage.id}, error);`)),
    "\n  ",
  )}
  ${new Code(hoisted.declarations.join("\n  "))}
  ${new Code(hoisted.rules)}
  return out.result(subject, ${later.length > 0 ? code`${new Code(hoisted.pending)} ? ${defer} : undefined, owned === true` : code`undefined`});
}`.text,
    );
    const kind = op.kind === "graphql" ? code`kind: "graphql",\n    ` : code``;
    const writeOnly = writeOnlyPointers(model, op.request?.schema);
    const secrets = writeOnly.length > 0 ? code`writeOnly: ${writeOnly},\n    ` : code``;
    const finite = op.kind !== "graphql" && finiteWhenValid(op.request?.schema, finiteNumbers) ? code`finiteWhenValid: true,\n    ` : code``;
    entries.push(code`[${op.id}, {
    ${kind}${secrets}${finite}needs: ${needs},
    responses: new Map<string, rt.ValidateFunction>(),
    stages: ${stages.map((stage) => ({ id: stage.id }))},
    rules: [${join(
      applying.map((compiledRule) => compiledRule.name),
      ", ",
    )}],
    check: check${new Code(String(i))},
  }]`);
    bindings.push(code`const ${entry} = engine.operations.get(${op.id}) as rt.OperationEntry;`);
  });
  const hintEntries = model.operations
    .map((op) => ({ op: op.id, hints: rules.hints.filter((hint) => hint.operations.includes(op.id)).map(({ operations: _ops, ...hint }) => hint) }))
    .filter((opHints) => opHints.hints.length > 0)
    .map((opHints) => code`[${opHints.op}, ${opHints.hints}]`);
  return render("rules.ts", {
    header,
    runtime: literal(engineModule(engine, "index", 0)).text,
    usesCel: rules.rules.some((rule) => rule.kind === "expression"),
    ruleIds: ruleIdUnion(rules),
    infos: infos.map((info) => info.text),
    functions,
    entries: entries.map((entry) => entry.text),
    bindings: join(bindings).text,
    hints: join(hintEntries, ", ").text,
    modules: literal(
      modules.map((validatorModule) => [validatorModule.operation, validatorModule.stem, validatorModule.request, validatorModule.statuses.length > 0]),
    ).text,
  });
}

/**
 * The ids a verdict of this rules file can carry, as a TypeScript union of string literals: every
 * rule's and stage's id (a stage that cannot run warns under its id), sorted; `never` when none.
 */
export function ruleIdUnion(rules: RulesFile): string {
  const ids = [...new Set([...rules.rules.map((rule) => rule.id), ...rules.stages.map((stage) => stage.id)])].sort();
  return ids.length === 0 ? "never" : ids.map((id) => literal(id).text).join(" | ");
}

/** The rules and the pending test with their reads hoisted (emit-rules-hoist.ts), split apart again. */
function hoist(rules: string, pendingText: string): { rules: string; pending: string; declarations: string[] } {
  const marker = "\n/* v2kit: pending */\n";
  const { text, declarations } = hoistReads(`${rules}${marker}${pendingText}`);
  const cut = text.lastIndexOf(marker);
  return { rules: text.slice(0, cut), pending: text.slice(cut + marker.length), declarations };
}

/** The top-level properties a request schema declares, when it allows no others; else undefined. */
function declaredIfClosed(model: ApiModel, op: ApiModel["operations"][number]): Set<string> | undefined {
  let schema = op.request?.schema as Record<string, unknown> | undefined;
  const prefix = `${SCHEMAS_ID}#/$defs/`;
  for (let hops = 0; schema !== undefined && typeof schema.$ref === "string" && hops < 32; hops++) {
    const ref: string = schema.$ref;
    if (!ref.startsWith(prefix) || Object.keys(schema).some((k) => k !== "$ref" && k !== "$id" && k !== "description")) return undefined;
    schema = model.schemas[decodeURIComponent(ref.slice(prefix.length))] as Record<string, unknown> | undefined;
  }
  if (schema === undefined || schema.additionalProperties !== false || schema.type !== "object") return undefined;
  const open = [
    "allOf",
    "anyOf",
    "oneOf",
    "if",
    "then",
    "else",
    "not",
    "$ref",
    "$dynamicRef",
    "patternProperties",
    "unevaluatedProperties",
    "dependentSchemas",
  ];
  if (open.some((k) => k in (schema as object))) return undefined;
  return new Set(Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {}));
}

/**
 * Emitted: whether the deferred stages (defaults only, see emit-rules-defer.ts) could change the
 * body. When they cannot, `resolved` is a plain property: an own accessor costs V8 more to create
 * than the checks cost to make.
 */
function pending(stages: StageSpec[]): Code {
  return join(
    stages.map((stage) => code`(${defaultsPending(stage as Parameters<typeof defaultsPending>[0])})`),
    " || ",
  );
}

/**
 * A stage as a statement over `subject`: the next resolved body, or `onError` when it throws (a
 * deferred stage has none: it leaves the body as it was; defaults cannot throw on JSON data).
 */
function stageStatement(stage: StageSpec, onError: Code | undefined): Code {
  const kind = stageKind(stage.kind);
  return code`// ${new Code(escapeDoc(`${stage.id}: ${kind.explain(stage)}`))}
  try {
    subject.resolved = ${new Code(indent(kind.emit(stage), "    ").trimStart())};
  } catch${
    onError === undefined
      ? code` {
    // left as it was`
      : code` (error) {
    ${onError}`
  }
  }`;
}

function indent(block: Code, by: string): string {
  return block.text
    .split("\n")
    .map((line) => (line === "" ? line : `${by}${line}`))
    .join("\n");
}

/** Text safe inside a block comment. */
export function escapeDoc(text: string): string {
  return text.replace(/\*\//g, "*\\/").replace(/[\r\n\u2028\u2029]+/g, " ");
}
