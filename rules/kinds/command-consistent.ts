// `args` with `cmd`/`entrypoint`: allowed together only when both describe the same command
// (spec, Container config).

import { code } from "../codegen.js";
import { commandMismatch, shellWords } from "../../engine/command.js";
import { getAt, parsePointer, removeAt, setAt } from "../../engine/pointer.js";
import type { Pointer, RuleKind, RuleSpec } from "../types.js";
import { at, pointer } from "./shared.js";

type CommandConsistent = RuleSpec & { args: Pointer; cmd: Pointer; entrypoint: Pointer };

const fields = (rule: CommandConsistent, body: unknown) =>
  [rule.args, rule.cmd, rule.entrypoint].map((fieldPath) => getAt(body, parsePointer(fieldPath))) as [unknown, unknown, unknown];

export const commandConsistent: RuleKind<CommandConsistent> = {
  kind: "commandConsistent",
  params: { properties: { args: pointer, cmd: pointer, entrypoint: pointer }, required: ["args", "cmd", "entrypoint"] },
  targets: (rule) => [rule.args, rule.cmd, rule.entrypoint],
  check(rule, subject) {
    const detail = commandMismatch(...fields(rule, subject.input));
    return detail === undefined ? [] : [{ path: rule.args, detail }];
  },
  emit(rule) {
    return code`{
  const detail = rt.commandMismatch(${at(rule.args, code`subject.input`)}, ${at(rule.cmd, code`subject.input`)}, ${at(rule.entrypoint, code`subject.input`)});
  if (detail !== undefined) out.push({ path: ${rule.args}, detail });
}`;
  },
  satisfy(rule, body) {
    const [args] = fields(rule, body);
    if (commandMismatch(...fields(rule, body)) === undefined) return body;
    const words = typeof args === "string" ? shellWords(args) : undefined;
    const cleared = removeAt(removeAt(body, parsePointer(rule.entrypoint)), parsePointer(rule.cmd));
    return words === undefined ? removeAt(cleared, parsePointer(rule.args)) : cleared;
  },
  violate(rule, body) {
    return setAt(setAt(body, parsePointer(rule.args), "python handler.py"), parsePointer(rule.cmd), ["python", "other.py"]);
  },
  edgeCases(rule, body) {
    const set = (args: unknown, cmd?: unknown, entrypoint?: unknown) => {
      let out = removeAt(removeAt(setAt(body, parsePointer(rule.args), args), parsePointer(rule.cmd)), parsePointer(rule.entrypoint));
      if (cmd !== undefined) out = setAt(out, parsePointer(rule.cmd), cmd);
      if (entrypoint !== undefined) out = setAt(out, parsePointer(rule.entrypoint), entrypoint);
      return out;
    };
    const json = JSON.stringify({ entrypoint: ["/bin/sh"], cmd: ["-c", "serve --port 80"] });
    return [
      { name: "shell string and the same cmd", body: set("python handler.py", ["python", "handler.py"]), expect: "pass" },
      { name: "quoted words", body: set("python \"my handler.py\" --x='a b'", ["python", "my handler.py", "--x=a b"]), expect: "pass" },
      { name: "JSON args and the same entrypoint and cmd", body: set(json, ["-c", "serve --port 80"], ["/bin/sh"]), expect: "pass" },
      { name: "args alone", body: set("python handler.py"), expect: "pass" },
      { name: "a different cmd", body: set("python handler.py", ["python", "other.py"]), expect: "fail" },
      { name: "JSON args and a different entrypoint", body: set(json, undefined, ["/bin/bash"]), expect: "fail" },
      { name: "unparsable args with cmd", body: set('python "unterminated', ["python"]), expect: "fail" },
    ];
  },
  explain: (rule) => `\`${rule.args}\` and \`${rule.cmd}\`/\`${rule.entrypoint}\` describe the same command when both are sent`,
};
