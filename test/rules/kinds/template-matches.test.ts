// templateMatches (rules/kinds/template-matches.ts): the template a body names has the given
// fields, under their name or an alias (the first of them the record has), compared as JSON
// data; an unknown template is templateExists's to judge (spec: Create a serverless endpoint,
// rule 7: a template that is not a serverless template gives 422).

import type { CheckContext } from "../../../engine/types.js";
import { templateMatches } from "../../../rules/kinds/template-matches.js";
import { edgeCasesAgree, envWith, kindTable, type TableRule } from "./kind-table.js";

const context: CheckContext = {
  templates: [
    { id: "tpl-serverless", serverless: true, category: "NVIDIA" },
    { id: "tpl-pod", serverless: false, category: "NVIDIA" },
    { id: "tpl-legacy", isServerless: true },
    { id: "tpl-legacy-pod", isServerless: false },
    { id: "tpl-bare" },
    { id: "tpl-string", serverless: "true" },
    { id: "tpl-both", serverless: false, isServerless: true },
    { id: "tpl-cpu", serverless: true, category: "CPU", ports: ["8000/http"] },
  ],
};

const table: TableRule = {
  id: "template-is-serverless",
  status: 422,
  message: "must name a serverless template in `templateId`",
  params: { field: "/templateId", where: { serverless: true }, aliases: { serverless: ["isServerless"] } },
};

const named = (templateId: unknown) => ({ templateId });

kindTable(templateMatches, table, [
  { name: "a serverless template", body: named("tpl-serverless"), context, violations: [] },
  { name: "a pod template", body: named("tpl-pod"), context, violations: ["/templateId"], says: ['template "tpl-pod" has serverless = false'] },
  { name: "the alias, true", body: named("tpl-legacy"), context, violations: [] },
  {
    name: "the alias, false: named as the record names it",
    body: named("tpl-legacy-pod"),
    context,
    violations: ["/templateId"],
    says: ["has isServerless = false"],
  },
  { name: "neither name: null", body: named("tpl-bare"), context, violations: ["/templateId"], says: ['template "tpl-bare" has serverless = null'] },
  { name: 'the string "true" is not true', body: named("tpl-string"), context, violations: ["/templateId"] },
  { name: "the field's own name wins over an alias", body: named("tpl-both"), context, violations: ["/templateId"], says: ["has serverless = false"] },
  { name: "padded with spaces: trimmed", body: named(" tpl-pod "), context, violations: ["/templateId"] },
  { name: "an unknown template is templateExists's to judge", body: named("tpl-gone"), context, violations: [] },
  { name: "no template list: nothing to judge, no warning", body: named("tpl-pod"), violations: [] },
  { name: "a templateId that is not a string", body: named(7), context, violations: [] },
  {
    name: "several fields: the first mismatch in key order is named",
    params: { where: { serverless: true, category: "NVIDIA" } },
    body: named("tpl-cpu"),
    context,
    violations: ["/templateId"],
    says: ['template "tpl-cpu" has category = "CPU"'],
  },
  { name: "an array compared as data", params: { where: { ports: ["8000/http"] } }, body: named("tpl-cpu"), context, violations: [] },
  { name: "an array in another order", params: { where: { ports: ["8000/http", "22/tcp"] } }, body: named("tpl-cpu"), context, violations: ["/templateId"] },
]);

edgeCasesAgree(templateMatches, table, { name: "x", templateId: "tpl-serverless" }, envWith({}, context), 2);
