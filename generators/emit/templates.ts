// File-level layouts (handlebars, templates/*.hbs). Only code built by the escaping code builder
// (codegen.ts) or the types printer (types/print.ts) is inserted, always with triple-stash:
// templates never see spec text.

import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { packageRoot } from "../../schema-model/package-files.js";

const cache = new Map<string, Handlebars.TemplateDelegate>();

export function render(
  name: "index.ts" | "rules.ts" | "operation.ts" | "routes.ts" | "property.test.mjs" | "index.d.ts" | "rules.d.ts" | "operation.d.ts" | "routes.d.ts",
  data: Record<string, unknown>,
): string {
  let template = cache.get(name);
  if (!template) {
    const source = readFileSync(path.join(packageRoot(), "generators", "emit", "templates", `${name}.hbs`), "utf8");
    template = Handlebars.compile(source, { strict: true, noEscape: false });
    cache.set(name, template);
  }
  return template(data);
}
