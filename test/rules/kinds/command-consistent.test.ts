// commandConsistent (rules/kinds/command-consistent.ts): `args` sent with `cmd` or `entrypoint`
// must describe the same command, `args` read as a shell string (CMD) or as a JSON object string
// with `entrypoint`/`cmd` arrays; judged on the request as sent (spec: Container config).

import { commandConsistent } from "../../../rules/kinds/command-consistent.js";
import { edgeCasesAgree, envWith, kindTable, type TableRule } from "./kind-table.js";

const table: TableRule = {
  id: "args-matches-cmd",
  status: 400,
  message: "must describe the same command in `args` and `cmd`/`entrypoint`",
  hint: "Send either `args` or `cmd`/`entrypoint`.",
  params: { args: "/args", cmd: "/cmd", entrypoint: "/entrypoint" },
  patch: {},
};

const json = JSON.stringify({ entrypoint: ["/bin/sh"], cmd: ["-c", "serve --port 80"] });

kindTable(commandConsistent, table, [
  { name: "args alone", body: { args: "python handler.py" }, violations: [] },
  { name: "cmd alone", body: { cmd: ["python", "handler.py"] }, violations: [] },
  { name: "a shell string and the same cmd", body: { args: "python handler.py", cmd: ["python", "handler.py"] }, violations: [] },
  {
    name: "a shell string and another cmd",
    body: { args: "python handler.py", cmd: ["python", "other.py"] },
    violations: ["/args"],
    says: ['`cmd` ["python","other.py"] differs from the CMD that `args` sets (["python","handler.py"]) | Send either'],
  },
  { name: "quotes group words", body: { args: "python \"my handler.py\" --x='a b'", cmd: ["python", "my handler.py", "--x=a b"] }, violations: [] },
  { name: "a backslash escapes a space", body: { args: "python my\\ handler.py", cmd: ["python", "my handler.py"] }, violations: [] },
  {
    name: "a JSON object string and the same entrypoint and cmd",
    body: { args: json, cmd: ["-c", "serve --port 80"], entrypoint: ["/bin/sh"] },
    violations: [],
  },
  {
    name: "a JSON object string and another entrypoint",
    body: { args: json, entrypoint: ["/bin/bash"] },
    violations: ["/args"],
    says: ['`entrypoint` ["/bin/bash"] differs from the ENTRYPOINT that `args` sets (["/bin/sh"])'],
  },
  { name: "a shell string sets no entrypoint", body: { args: "serve", entrypoint: ["/bin/sh"] }, violations: ["/args"] },
  {
    name: "an unterminated quote",
    body: { args: 'python "unterminated', cmd: ["python"] },
    violations: ["/args"],
    says: ["`args` is neither a shell string nor"],
  },
  { name: "a JSON object string with another key", body: { args: '{"cmd": ["a"], "user": "root"}', cmd: ["a"] }, violations: ["/args"] },
  { name: "an empty args and an empty cmd", body: { args: "", cmd: [] }, violations: [] },
  { name: "an empty args and a cmd", body: { args: "", cmd: ["serve"] }, violations: ["/args"] },
  { name: "args that is not a string is the schema's to judge", body: { args: ["python"], cmd: ["python", "x"] }, violations: [] },
  {
    name: "a PATCH sending cmd alone is not judged against the stored args",
    body: { cmd: ["python", "other.py"] },
    context: { current: { args: "python handler.py" } },
    violations: [],
  },
]);

edgeCasesAgree(commandConsistent, table, { name: "x", image: "a:b" }, envWith({}, {}), 7);
