// templateExists (rules/kinds/template-exists.ts): the template a body names (trimmed) is among
// the caller's and the public templates; without a template list, a warning (spec: Create a
// serverless endpoint, rule 7: an unknown template gives 404).

import type { CheckContext } from "../../../engine/types.js";
import { templateExists } from "../../../rules/kinds/template-exists.js";
import { edgeCasesAgree, envWith, kindTable, type TableRule } from "./kind-table.js";

const templates: CheckContext = {
  templates: [
    { id: "tpl-serverless", serverless: true },
    { id: "tpl-pod", serverless: false },
  ],
};

const table: TableRule = {
  id: "template-exists",
  status: 404,
  message: "must name a template you own or a public template in `templateId`",
  params: { field: "/templateId" },
};

kindTable(templateExists, table, [
  { name: "a known template", body: { templateId: "tpl-serverless" }, context: templates, violations: [] },
  { name: "padded with spaces: trimmed", body: { templateId: "  tpl-pod " }, context: templates, violations: [] },
  {
    name: "an unknown template",
    body: { templateId: "tpl-gone" },
    context: templates,
    violations: ["/templateId"],
    says: ['no template "tpl-gone" is accessible'],
  },
  { name: "ids are case-sensitive", body: { templateId: "TPL-POD" }, context: templates, violations: ["/templateId"] },
  { name: "an empty id names no template", body: { templateId: "" }, context: templates, violations: ["/templateId"] },
  { name: "an empty template list", body: { templateId: "tpl-pod" }, context: { templates: [] }, violations: ["/templateId"] },
  {
    name: "no template list: a warning, not a failure",
    body: { templateId: "tpl-gone" },
    violations: [],
    warnings: ["/templateId"],
    says: ["cannot check templateId offline: no templates were given"],
  },
  { name: "no templateId", body: { image: "a:b" }, context: templates, violations: [] },
  { name: "a templateId that is not a string is the schema's to judge", body: { templateId: 7 }, context: templates, violations: [] },
  { name: "a null templateId", body: { templateId: null }, violations: [] },
]);

edgeCasesAgree(templateExists, table, { name: "x", image: "a:b" }, envWith({}, templates), 3);
