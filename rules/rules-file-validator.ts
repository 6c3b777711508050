// Generated from rules/schema.ts by test/generate-speed/rules-validator-source.ts; do not edit.
// Regenerate: V2KIT_WRITE_RULES_VALIDATOR=1 npx vitest run test/generate-speed/rules-validator.test.ts
// rules/load.ts uses it while SCHEMA_HASH is the hash of rulesFileSchema(), else compiles the schema.
/* eslint-disable */
// @ts-nocheck
import { ucs2length as ajvUcs2length } from "./runtime/ajv-helpers.js";
export const SCHEMA_HASH = "f31b6b53b5cf6eb4eb91a94df32e12203d9ea171f8c402061a54509fd13d76dd";
("use strict");
export const validate = validate20;
export default validate20;
const schema31 = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://v2kit.local/rules.schema.json",
  title: "v2kit rules file",
  type: "object",
  required: ["version", "stages", "rules", "hints"],
  additionalProperties: false,
  properties: {
    version: { const: 1 },
    stages: {
      type: "array",
      items: {
        type: "object",
        required: ["kind"],
        properties: { kind: { enum: ["patchMerge", "templateMerge", "seedFromTemplate", "defaults"] } },
        allOf: [
          {
            if: { properties: { kind: { const: "patchMerge" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "spec"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                kind: { const: "patchMerge" },
                replaceTogether: { type: "array", items: { type: "array", minItems: 2, items: { $ref: "#/$defs/pointer" } } },
                clears: { type: "array", minItems: 1, items: { $ref: "#/$defs/pointer" } },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "templateMerge" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "spec", "from", "fields"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                kind: { const: "templateMerge" },
                from: { $ref: "#/$defs/pointer" },
                fields: { type: "array", minItems: 1, items: { type: "string" } },
                mergeByKey: { type: "array", items: { type: "string" } },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "seedFromTemplate" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "spec", "template", "from", "to", "when"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                kind: { const: "seedFromTemplate" },
                template: { $ref: "#/$defs/pointer" },
                from: { $ref: "#/$defs/pointer" },
                to: { $ref: "#/$defs/pointer" },
                when: { $ref: "#/$defs/condition" },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "defaults" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "spec", "values"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                kind: { const: "defaults" },
                values: {
                  type: "array",
                  minItems: 1,
                  items: {
                    type: "object",
                    required: ["path", "value"],
                    properties: { path: { $ref: "#/$defs/pointer" }, value: true, when: { $ref: "#/$defs/condition" } },
                    additionalProperties: false,
                  },
                },
              },
              additionalProperties: false,
            },
          },
        ],
      },
    },
    rules: {
      type: "array",
      items: {
        type: "object",
        required: ["kind"],
        properties: {
          kind: {
            enum: [
              "exactlyOne",
              "forbiddenTogether",
              "requires",
              "forbiddenWhen",
              "enumWhen",
              "subsetOfCatalog",
              "powerOfTwo",
              "inCatalogRange",
              "commandConsistent",
              "templateExists",
              "templateMatches",
              "monotonic",
              "expression",
            ],
          },
        },
        allOf: [
          {
            if: { properties: { kind: { const: "exactlyOne" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "fields"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "exactlyOne" },
                fields: { type: "array", minItems: 2, items: { $ref: "#/$defs/pointer" } },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "forbiddenTogether" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "fields"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "forbiddenTogether" },
                fields: { type: "array", minItems: 2, items: { $ref: "#/$defs/pointer" } },
                fieldsFrom: { enum: ["request", "resolved"] },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "requires" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "field", "when"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "requires" },
                field: { $ref: "#/$defs/pointer" },
                when: { $ref: "#/$defs/condition" },
                fieldsFrom: { enum: ["request", "resolved"] },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "forbiddenWhen" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "fields", "when"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "forbiddenWhen" },
                fields: { type: "array", minItems: 1, items: { $ref: "#/$defs/pointer" } },
                when: { $ref: "#/$defs/condition" },
                fieldsFrom: { enum: ["request", "resolved"] },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "enumWhen" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "field", "allowed", "when"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "enumWhen" },
                field: { $ref: "#/$defs/pointer" },
                allowed: { type: "array", minItems: 1 },
                when: { $ref: "#/$defs/condition" },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "subsetOfCatalog" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "field", "collection", "key"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "subsetOfCatalog" },
                field: { $ref: "#/$defs/pointer" },
                collection: { enum: ["gpus", "cpus"] },
                key: { type: "string" },
                within: {
                  type: "object",
                  required: ["field", "key"],
                  properties: { field: { $ref: "#/$defs/pointer" }, key: { type: "string" } },
                  additionalProperties: false,
                },
                trim: { type: "boolean" },
                keepOne: { type: "boolean" },
                suggest: { type: "object", required: ["key"], properties: { key: { type: "string" } }, additionalProperties: false },
                fieldsFrom: { enum: ["request", "resolved"] },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "powerOfTwo" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "field"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "powerOfTwo" },
                field: { $ref: "#/$defs/pointer" },
                fieldsFrom: { enum: ["request", "resolved"] },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "inCatalogRange" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "each", "recordId", "value", "collection", "key", "min", "max"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "inCatalogRange" },
                each: { $ref: "#/$defs/pointer" },
                recordId: { $ref: "#/$defs/pointer" },
                value: { $ref: "#/$defs/pointer" },
                collection: { enum: ["gpus", "cpus"] },
                key: { type: "string" },
                min: { $ref: "#/$defs/pointer" },
                max: { $ref: "#/$defs/pointer" },
                fieldsFrom: { enum: ["request", "resolved"] },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "commandConsistent" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "args", "cmd", "entrypoint"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "commandConsistent" },
                args: { $ref: "#/$defs/pointer" },
                cmd: { $ref: "#/$defs/pointer" },
                entrypoint: { $ref: "#/$defs/pointer" },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "templateExists" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "field"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "templateExists" },
                field: { $ref: "#/$defs/pointer" },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "templateMatches" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "field", "where"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "templateMatches" },
                field: { $ref: "#/$defs/pointer" },
                where: { type: "object", minProperties: 1 },
                aliases: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "monotonic" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "field"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "monotonic" },
                field: { $ref: "#/$defs/pointer" },
              },
              additionalProperties: false,
            },
          },
          {
            if: { properties: { kind: { const: "expression" } }, required: ["kind"] },
            then: {
              required: ["id", "kind", "operations", "status", "message", "spec", "expression", "examples"],
              properties: {
                id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
                status: { enum: [400, 403, 404, 409, 422] },
                message: { type: "string", pattern: "^must " },
                hint: { type: "string", minLength: 1 },
                needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
                spec: { type: "string", minLength: 1 },
                statusChosen: { type: "boolean" },
                kind: { const: "expression" },
                expression: { type: "string", minLength: 1 },
                path: { $ref: "#/$defs/pointer" },
                examples: {
                  type: "object",
                  required: ["pass", "fail"],
                  additionalProperties: false,
                  properties: { pass: { type: "array", minItems: 1 }, fail: { type: "array", minItems: 1 } },
                },
              },
              additionalProperties: false,
            },
          },
        ],
      },
    },
    hints: {
      type: "array",
      items: {
        oneOf: [
          {
            type: "object",
            required: ["operations", "property", "use"],
            properties: {
              operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
              property: { $ref: "#/$defs/pointer" },
              use: { type: "string" },
              note: { type: "string" },
            },
            additionalProperties: false,
          },
          {
            type: "object",
            required: ["operations", "path", "value", "hint"],
            properties: {
              operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
              path: { $ref: "#/$defs/pointer" },
              value: true,
              hint: { type: "string" },
            },
            additionalProperties: false,
          },
        ],
      },
    },
  },
  $defs: {
    pointer: { type: "string", pattern: "^(/([^~/]|~[01])*)*$" },
    condition: {
      oneOf: [
        { type: "object", required: ["path", "equals"], properties: { path: { $ref: "#/$defs/pointer" }, equals: true }, additionalProperties: false },
        {
          type: "object",
          required: ["path", "in"],
          properties: { path: { $ref: "#/$defs/pointer" }, in: { type: "array", minItems: 1 } },
          additionalProperties: false,
        },
        { type: "object", required: ["present"], properties: { present: { $ref: "#/$defs/pointer" } }, additionalProperties: false },
        { type: "object", required: ["absent"], properties: { absent: { $ref: "#/$defs/pointer" } }, additionalProperties: false },
        { type: "object", required: ["nonEmpty"], properties: { nonEmpty: { $ref: "#/$defs/pointer" } }, additionalProperties: false },
        {
          type: "object",
          required: ["all"],
          properties: { all: { type: "array", minItems: 1, items: { $ref: "#/$defs/condition" } } },
          additionalProperties: false,
        },
        {
          type: "object",
          required: ["any"],
          properties: { any: { type: "array", minItems: 1, items: { $ref: "#/$defs/condition" } } },
          additionalProperties: false,
        },
        { type: "object", required: ["not"], properties: { not: { $ref: "#/$defs/condition" } }, additionalProperties: false },
      ],
    },
  },
};
const schema32 = { type: "string", pattern: "^(/([^~/]|~[01])*)*$" };
const pattern4 = new RegExp("^[a-z][a-z0-9]*(-[a-z0-9]+)*$", "u");
const pattern5 = new RegExp("^(/([^~/]|~[01])*)*$", "u");
const pattern21 = new RegExp("^must ", "u");
const func1 = ajvUcs2length;
const func5 = Object.prototype.hasOwnProperty;
const schema38 = {
  oneOf: [
    { type: "object", required: ["path", "equals"], properties: { path: { $ref: "#/$defs/pointer" }, equals: true }, additionalProperties: false },
    {
      type: "object",
      required: ["path", "in"],
      properties: { path: { $ref: "#/$defs/pointer" }, in: { type: "array", minItems: 1 } },
      additionalProperties: false,
    },
    { type: "object", required: ["present"], properties: { present: { $ref: "#/$defs/pointer" } }, additionalProperties: false },
    { type: "object", required: ["absent"], properties: { absent: { $ref: "#/$defs/pointer" } }, additionalProperties: false },
    { type: "object", required: ["nonEmpty"], properties: { nonEmpty: { $ref: "#/$defs/pointer" } }, additionalProperties: false },
    {
      type: "object",
      required: ["all"],
      properties: { all: { type: "array", minItems: 1, items: { $ref: "#/$defs/condition" } } },
      additionalProperties: false,
    },
    {
      type: "object",
      required: ["any"],
      properties: { any: { type: "array", minItems: 1, items: { $ref: "#/$defs/condition" } } },
      additionalProperties: false,
    },
    { type: "object", required: ["not"], properties: { not: { $ref: "#/$defs/condition" } }, additionalProperties: false },
  ],
};
const wrapper0 = { validate: validate21 };
function validate21(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate21.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = undefined;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = undefined;
  }
  const _errs0 = errors;
  let valid0 = false;
  let passing0 = null;
  const _errs1 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.path === undefined) {
      const err0 = {
        instancePath,
        schemaPath: "#/oneOf/0/required",
        keyword: "required",
        params: { missingProperty: "path" },
        message: "must have required property '" + "path" + "'",
      };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.equals === undefined) {
      const err1 = {
        instancePath,
        schemaPath: "#/oneOf/0/required",
        keyword: "required",
        params: { missingProperty: "equals" },
        message: "must have required property '" + "equals" + "'",
      };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "path" || key0 === "equals")) {
        const err2 = {
          instancePath,
          schemaPath: "#/oneOf/0/additionalProperties",
          keyword: "additionalProperties",
          params: { additionalProperty: key0 },
          message: "must NOT have additional properties",
        };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.path !== undefined) {
      let data0 = data.path;
      if (typeof data0 === "string") {
        if (!pattern5.test(data0)) {
          const err3 = {
            instancePath: instancePath + "/path",
            schemaPath: "#/$defs/pointer/pattern",
            keyword: "pattern",
            params: { pattern: "^(/([^~/]|~[01])*)*$" },
            message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
          };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      } else {
        const err4 = {
          instancePath: instancePath + "/path",
          schemaPath: "#/$defs/pointer/type",
          keyword: "type",
          params: { type: "string" },
          message: "must be string",
        };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
  } else {
    const err5 = { instancePath, schemaPath: "#/oneOf/0/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err5];
    } else {
      vErrors.push(err5);
    }
    errors++;
  }
  var _valid0 = _errs1 === errors;
  if (_valid0) {
    valid0 = true;
    passing0 = 0;
    var props0 = true;
  }
  const _errs7 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.path === undefined) {
      const err6 = {
        instancePath,
        schemaPath: "#/oneOf/1/required",
        keyword: "required",
        params: { missingProperty: "path" },
        message: "must have required property '" + "path" + "'",
      };
      if (vErrors === null) {
        vErrors = [err6];
      } else {
        vErrors.push(err6);
      }
      errors++;
    }
    if (data.in === undefined) {
      const err7 = {
        instancePath,
        schemaPath: "#/oneOf/1/required",
        keyword: "required",
        params: { missingProperty: "in" },
        message: "must have required property '" + "in" + "'",
      };
      if (vErrors === null) {
        vErrors = [err7];
      } else {
        vErrors.push(err7);
      }
      errors++;
    }
    for (const key1 in data) {
      if (!(key1 === "path" || key1 === "in")) {
        const err8 = {
          instancePath,
          schemaPath: "#/oneOf/1/additionalProperties",
          keyword: "additionalProperties",
          params: { additionalProperty: key1 },
          message: "must NOT have additional properties",
        };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
    if (data.path !== undefined) {
      let data1 = data.path;
      if (typeof data1 === "string") {
        if (!pattern5.test(data1)) {
          const err9 = {
            instancePath: instancePath + "/path",
            schemaPath: "#/$defs/pointer/pattern",
            keyword: "pattern",
            params: { pattern: "^(/([^~/]|~[01])*)*$" },
            message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
          };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      } else {
        const err10 = {
          instancePath: instancePath + "/path",
          schemaPath: "#/$defs/pointer/type",
          keyword: "type",
          params: { type: "string" },
          message: "must be string",
        };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
    }
    if (data.in !== undefined) {
      let data2 = data.in;
      if (Array.isArray(data2)) {
        if (data2.length < 1) {
          const err11 = {
            instancePath: instancePath + "/in",
            schemaPath: "#/oneOf/1/properties/in/minItems",
            keyword: "minItems",
            params: { limit: 1 },
            message: "must NOT have fewer than 1 items",
          };
          if (vErrors === null) {
            vErrors = [err11];
          } else {
            vErrors.push(err11);
          }
          errors++;
        }
      } else {
        const err12 = {
          instancePath: instancePath + "/in",
          schemaPath: "#/oneOf/1/properties/in/type",
          keyword: "type",
          params: { type: "array" },
          message: "must be array",
        };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
    }
  } else {
    const err13 = { instancePath, schemaPath: "#/oneOf/1/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err13];
    } else {
      vErrors.push(err13);
    }
    errors++;
  }
  var _valid0 = _errs7 === errors;
  if (_valid0 && valid0) {
    valid0 = false;
    passing0 = [passing0, 1];
  } else {
    if (_valid0) {
      valid0 = true;
      passing0 = 1;
      if (props0 !== true) {
        props0 = true;
      }
    }
    const _errs15 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.present === undefined) {
        const err14 = {
          instancePath,
          schemaPath: "#/oneOf/2/required",
          keyword: "required",
          params: { missingProperty: "present" },
          message: "must have required property '" + "present" + "'",
        };
        if (vErrors === null) {
          vErrors = [err14];
        } else {
          vErrors.push(err14);
        }
        errors++;
      }
      for (const key2 in data) {
        if (!(key2 === "present")) {
          const err15 = {
            instancePath,
            schemaPath: "#/oneOf/2/additionalProperties",
            keyword: "additionalProperties",
            params: { additionalProperty: key2 },
            message: "must NOT have additional properties",
          };
          if (vErrors === null) {
            vErrors = [err15];
          } else {
            vErrors.push(err15);
          }
          errors++;
        }
      }
      if (data.present !== undefined) {
        let data3 = data.present;
        if (typeof data3 === "string") {
          if (!pattern5.test(data3)) {
            const err16 = {
              instancePath: instancePath + "/present",
              schemaPath: "#/$defs/pointer/pattern",
              keyword: "pattern",
              params: { pattern: "^(/([^~/]|~[01])*)*$" },
              message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
            };
            if (vErrors === null) {
              vErrors = [err16];
            } else {
              vErrors.push(err16);
            }
            errors++;
          }
        } else {
          const err17 = {
            instancePath: instancePath + "/present",
            schemaPath: "#/$defs/pointer/type",
            keyword: "type",
            params: { type: "string" },
            message: "must be string",
          };
          if (vErrors === null) {
            vErrors = [err17];
          } else {
            vErrors.push(err17);
          }
          errors++;
        }
      }
    } else {
      const err18 = { instancePath, schemaPath: "#/oneOf/2/type", keyword: "type", params: { type: "object" }, message: "must be object" };
      if (vErrors === null) {
        vErrors = [err18];
      } else {
        vErrors.push(err18);
      }
      errors++;
    }
    var _valid0 = _errs15 === errors;
    if (_valid0 && valid0) {
      valid0 = false;
      passing0 = [passing0, 2];
    } else {
      if (_valid0) {
        valid0 = true;
        passing0 = 2;
        if (props0 !== true) {
          props0 = true;
        }
      }
      const _errs21 = errors;
      if (data && typeof data == "object" && !Array.isArray(data)) {
        if (data.absent === undefined) {
          const err19 = {
            instancePath,
            schemaPath: "#/oneOf/3/required",
            keyword: "required",
            params: { missingProperty: "absent" },
            message: "must have required property '" + "absent" + "'",
          };
          if (vErrors === null) {
            vErrors = [err19];
          } else {
            vErrors.push(err19);
          }
          errors++;
        }
        for (const key3 in data) {
          if (!(key3 === "absent")) {
            const err20 = {
              instancePath,
              schemaPath: "#/oneOf/3/additionalProperties",
              keyword: "additionalProperties",
              params: { additionalProperty: key3 },
              message: "must NOT have additional properties",
            };
            if (vErrors === null) {
              vErrors = [err20];
            } else {
              vErrors.push(err20);
            }
            errors++;
          }
        }
        if (data.absent !== undefined) {
          let data4 = data.absent;
          if (typeof data4 === "string") {
            if (!pattern5.test(data4)) {
              const err21 = {
                instancePath: instancePath + "/absent",
                schemaPath: "#/$defs/pointer/pattern",
                keyword: "pattern",
                params: { pattern: "^(/([^~/]|~[01])*)*$" },
                message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
              };
              if (vErrors === null) {
                vErrors = [err21];
              } else {
                vErrors.push(err21);
              }
              errors++;
            }
          } else {
            const err22 = {
              instancePath: instancePath + "/absent",
              schemaPath: "#/$defs/pointer/type",
              keyword: "type",
              params: { type: "string" },
              message: "must be string",
            };
            if (vErrors === null) {
              vErrors = [err22];
            } else {
              vErrors.push(err22);
            }
            errors++;
          }
        }
      } else {
        const err23 = { instancePath, schemaPath: "#/oneOf/3/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err23];
        } else {
          vErrors.push(err23);
        }
        errors++;
      }
      var _valid0 = _errs21 === errors;
      if (_valid0 && valid0) {
        valid0 = false;
        passing0 = [passing0, 3];
      } else {
        if (_valid0) {
          valid0 = true;
          passing0 = 3;
          if (props0 !== true) {
            props0 = true;
          }
        }
        const _errs27 = errors;
        if (data && typeof data == "object" && !Array.isArray(data)) {
          if (data.nonEmpty === undefined) {
            const err24 = {
              instancePath,
              schemaPath: "#/oneOf/4/required",
              keyword: "required",
              params: { missingProperty: "nonEmpty" },
              message: "must have required property '" + "nonEmpty" + "'",
            };
            if (vErrors === null) {
              vErrors = [err24];
            } else {
              vErrors.push(err24);
            }
            errors++;
          }
          for (const key4 in data) {
            if (!(key4 === "nonEmpty")) {
              const err25 = {
                instancePath,
                schemaPath: "#/oneOf/4/additionalProperties",
                keyword: "additionalProperties",
                params: { additionalProperty: key4 },
                message: "must NOT have additional properties",
              };
              if (vErrors === null) {
                vErrors = [err25];
              } else {
                vErrors.push(err25);
              }
              errors++;
            }
          }
          if (data.nonEmpty !== undefined) {
            let data5 = data.nonEmpty;
            if (typeof data5 === "string") {
              if (!pattern5.test(data5)) {
                const err26 = {
                  instancePath: instancePath + "/nonEmpty",
                  schemaPath: "#/$defs/pointer/pattern",
                  keyword: "pattern",
                  params: { pattern: "^(/([^~/]|~[01])*)*$" },
                  message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                };
                if (vErrors === null) {
                  vErrors = [err26];
                } else {
                  vErrors.push(err26);
                }
                errors++;
              }
            } else {
              const err27 = {
                instancePath: instancePath + "/nonEmpty",
                schemaPath: "#/$defs/pointer/type",
                keyword: "type",
                params: { type: "string" },
                message: "must be string",
              };
              if (vErrors === null) {
                vErrors = [err27];
              } else {
                vErrors.push(err27);
              }
              errors++;
            }
          }
        } else {
          const err28 = { instancePath, schemaPath: "#/oneOf/4/type", keyword: "type", params: { type: "object" }, message: "must be object" };
          if (vErrors === null) {
            vErrors = [err28];
          } else {
            vErrors.push(err28);
          }
          errors++;
        }
        var _valid0 = _errs27 === errors;
        if (_valid0 && valid0) {
          valid0 = false;
          passing0 = [passing0, 4];
        } else {
          if (_valid0) {
            valid0 = true;
            passing0 = 4;
            if (props0 !== true) {
              props0 = true;
            }
          }
          const _errs33 = errors;
          if (data && typeof data == "object" && !Array.isArray(data)) {
            if (data.all === undefined) {
              const err29 = {
                instancePath,
                schemaPath: "#/oneOf/5/required",
                keyword: "required",
                params: { missingProperty: "all" },
                message: "must have required property '" + "all" + "'",
              };
              if (vErrors === null) {
                vErrors = [err29];
              } else {
                vErrors.push(err29);
              }
              errors++;
            }
            for (const key5 in data) {
              if (!(key5 === "all")) {
                const err30 = {
                  instancePath,
                  schemaPath: "#/oneOf/5/additionalProperties",
                  keyword: "additionalProperties",
                  params: { additionalProperty: key5 },
                  message: "must NOT have additional properties",
                };
                if (vErrors === null) {
                  vErrors = [err30];
                } else {
                  vErrors.push(err30);
                }
                errors++;
              }
            }
            if (data.all !== undefined) {
              let data6 = data.all;
              if (Array.isArray(data6)) {
                if (data6.length < 1) {
                  const err31 = {
                    instancePath: instancePath + "/all",
                    schemaPath: "#/oneOf/5/properties/all/minItems",
                    keyword: "minItems",
                    params: { limit: 1 },
                    message: "must NOT have fewer than 1 items",
                  };
                  if (vErrors === null) {
                    vErrors = [err31];
                  } else {
                    vErrors.push(err31);
                  }
                  errors++;
                }
                const len0 = data6.length;
                for (let i0 = 0; i0 < len0; i0++) {
                  if (
                    !wrapper0.validate(data6[i0], {
                      instancePath: instancePath + "/all/" + i0,
                      parentData: data6,
                      parentDataProperty: i0,
                      rootData,
                      dynamicAnchors,
                    })
                  ) {
                    vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
                    errors = vErrors.length;
                  }
                }
              } else {
                const err32 = {
                  instancePath: instancePath + "/all",
                  schemaPath: "#/oneOf/5/properties/all/type",
                  keyword: "type",
                  params: { type: "array" },
                  message: "must be array",
                };
                if (vErrors === null) {
                  vErrors = [err32];
                } else {
                  vErrors.push(err32);
                }
                errors++;
              }
            }
          } else {
            const err33 = { instancePath, schemaPath: "#/oneOf/5/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err33];
            } else {
              vErrors.push(err33);
            }
            errors++;
          }
          var _valid0 = _errs33 === errors;
          if (_valid0 && valid0) {
            valid0 = false;
            passing0 = [passing0, 5];
          } else {
            if (_valid0) {
              valid0 = true;
              passing0 = 5;
              if (props0 !== true) {
                props0 = true;
              }
            }
            const _errs39 = errors;
            if (data && typeof data == "object" && !Array.isArray(data)) {
              if (data.any === undefined) {
                const err34 = {
                  instancePath,
                  schemaPath: "#/oneOf/6/required",
                  keyword: "required",
                  params: { missingProperty: "any" },
                  message: "must have required property '" + "any" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err34];
                } else {
                  vErrors.push(err34);
                }
                errors++;
              }
              for (const key6 in data) {
                if (!(key6 === "any")) {
                  const err35 = {
                    instancePath,
                    schemaPath: "#/oneOf/6/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key6 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err35];
                  } else {
                    vErrors.push(err35);
                  }
                  errors++;
                }
              }
              if (data.any !== undefined) {
                let data8 = data.any;
                if (Array.isArray(data8)) {
                  if (data8.length < 1) {
                    const err36 = {
                      instancePath: instancePath + "/any",
                      schemaPath: "#/oneOf/6/properties/any/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err36];
                    } else {
                      vErrors.push(err36);
                    }
                    errors++;
                  }
                  const len1 = data8.length;
                  for (let i1 = 0; i1 < len1; i1++) {
                    if (
                      !wrapper0.validate(data8[i1], {
                        instancePath: instancePath + "/any/" + i1,
                        parentData: data8,
                        parentDataProperty: i1,
                        rootData,
                        dynamicAnchors,
                      })
                    ) {
                      vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
                      errors = vErrors.length;
                    }
                  }
                } else {
                  const err37 = {
                    instancePath: instancePath + "/any",
                    schemaPath: "#/oneOf/6/properties/any/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err37];
                  } else {
                    vErrors.push(err37);
                  }
                  errors++;
                }
              }
            } else {
              const err38 = { instancePath, schemaPath: "#/oneOf/6/type", keyword: "type", params: { type: "object" }, message: "must be object" };
              if (vErrors === null) {
                vErrors = [err38];
              } else {
                vErrors.push(err38);
              }
              errors++;
            }
            var _valid0 = _errs39 === errors;
            if (_valid0 && valid0) {
              valid0 = false;
              passing0 = [passing0, 6];
            } else {
              if (_valid0) {
                valid0 = true;
                passing0 = 6;
                if (props0 !== true) {
                  props0 = true;
                }
              }
              const _errs45 = errors;
              if (data && typeof data == "object" && !Array.isArray(data)) {
                if (data.not === undefined) {
                  const err39 = {
                    instancePath,
                    schemaPath: "#/oneOf/7/required",
                    keyword: "required",
                    params: { missingProperty: "not" },
                    message: "must have required property '" + "not" + "'",
                  };
                  if (vErrors === null) {
                    vErrors = [err39];
                  } else {
                    vErrors.push(err39);
                  }
                  errors++;
                }
                for (const key7 in data) {
                  if (!(key7 === "not")) {
                    const err40 = {
                      instancePath,
                      schemaPath: "#/oneOf/7/additionalProperties",
                      keyword: "additionalProperties",
                      params: { additionalProperty: key7 },
                      message: "must NOT have additional properties",
                    };
                    if (vErrors === null) {
                      vErrors = [err40];
                    } else {
                      vErrors.push(err40);
                    }
                    errors++;
                  }
                }
                if (data.not !== undefined) {
                  if (
                    !wrapper0.validate(data.not, { instancePath: instancePath + "/not", parentData: data, parentDataProperty: "not", rootData, dynamicAnchors })
                  ) {
                    vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
                    errors = vErrors.length;
                  }
                }
              } else {
                const err41 = { instancePath, schemaPath: "#/oneOf/7/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err41];
                } else {
                  vErrors.push(err41);
                }
                errors++;
              }
              var _valid0 = _errs45 === errors;
              if (_valid0 && valid0) {
                valid0 = false;
                passing0 = [passing0, 7];
              } else {
                if (_valid0) {
                  valid0 = true;
                  passing0 = 7;
                  if (props0 !== true) {
                    props0 = true;
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  if (!valid0) {
    const err42 = {
      instancePath,
      schemaPath: "#/oneOf",
      keyword: "oneOf",
      params: { passingSchemas: passing0 },
      message: "must match exactly one schema in oneOf",
    };
    if (vErrors === null) {
      vErrors = [err42];
    } else {
      vErrors.push(err42);
    }
    errors++;
  } else {
    errors = _errs0;
    if (vErrors !== null) {
      if (_errs0) {
        vErrors.length = _errs0;
      } else {
        vErrors = null;
      }
    }
  }
  validate21.errors = vErrors;
  evaluated0.props = props0;
  return errors === 0;
}
validate21.evaluated = { dynamicProps: true, dynamicItems: false };
function validate20(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  /*# sourceURL="https://v2kit.local/rules.schema.json" */ let vErrors = null;
  let errors = 0;
  const evaluated0 = validate20.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = undefined;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = undefined;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.version === undefined) {
      const err0 = {
        instancePath,
        schemaPath: "#/required",
        keyword: "required",
        params: { missingProperty: "version" },
        message: "must have required property '" + "version" + "'",
      };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.stages === undefined) {
      const err1 = {
        instancePath,
        schemaPath: "#/required",
        keyword: "required",
        params: { missingProperty: "stages" },
        message: "must have required property '" + "stages" + "'",
      };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.rules === undefined) {
      const err2 = {
        instancePath,
        schemaPath: "#/required",
        keyword: "required",
        params: { missingProperty: "rules" },
        message: "must have required property '" + "rules" + "'",
      };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.hints === undefined) {
      const err3 = {
        instancePath,
        schemaPath: "#/required",
        keyword: "required",
        params: { missingProperty: "hints" },
        message: "must have required property '" + "hints" + "'",
      };
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "version" || key0 === "stages" || key0 === "rules" || key0 === "hints")) {
        const err4 = {
          instancePath,
          schemaPath: "#/additionalProperties",
          keyword: "additionalProperties",
          params: { additionalProperty: key0 },
          message: "must NOT have additional properties",
        };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.version !== undefined) {
      if (1 !== data.version) {
        const err5 = {
          instancePath: instancePath + "/version",
          schemaPath: "#/properties/version/const",
          keyword: "const",
          params: { allowedValue: 1 },
          message: "must be equal to constant",
        };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
    }
    if (data.stages !== undefined) {
      let data1 = data.stages;
      if (Array.isArray(data1)) {
        const len0 = data1.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data2 = data1[i0];
          const _errs8 = errors;
          let valid4 = true;
          const _errs9 = errors;
          if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
            let missing0;
            if (data2.kind === undefined && (missing0 = "kind")) {
              const err6 = {};
              if (vErrors === null) {
                vErrors = [err6];
              } else {
                vErrors.push(err6);
              }
              errors++;
            } else {
              if (data2.kind !== undefined) {
                if ("patchMerge" !== data2.kind) {
                  const err7 = {};
                  if (vErrors === null) {
                    vErrors = [err7];
                  } else {
                    vErrors.push(err7);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid0 = _errs9 === errors;
          errors = _errs8;
          if (vErrors !== null) {
            if (_errs8) {
              vErrors.length = _errs8;
            } else {
              vErrors = null;
            }
          }
          if (_valid0) {
            const _errs11 = errors;
            if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
              if (data2.id === undefined) {
                const err8 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/0/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err8];
                } else {
                  vErrors.push(err8);
                }
                errors++;
              }
              if (data2.kind === undefined) {
                const err9 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/0/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err9];
                } else {
                  vErrors.push(err9);
                }
                errors++;
              }
              if (data2.operations === undefined) {
                const err10 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/0/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err10];
                } else {
                  vErrors.push(err10);
                }
                errors++;
              }
              if (data2.spec === undefined) {
                const err11 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/0/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err11];
                } else {
                  vErrors.push(err11);
                }
                errors++;
              }
              for (const key1 in data2) {
                if (!(
                  key1 === "id" ||
                  key1 === "operations" ||
                  key1 === "needs" ||
                  key1 === "spec" ||
                  key1 === "kind" ||
                  key1 === "replaceTogether" ||
                  key1 === "clears"
                )) {
                  const err12 = {
                    instancePath: instancePath + "/stages/" + i0,
                    schemaPath: "#/properties/stages/items/allOf/0/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key1 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err12];
                  } else {
                    vErrors.push(err12);
                  }
                  errors++;
                }
              }
              if (data2.id !== undefined) {
                let data4 = data2.id;
                if (typeof data4 === "string") {
                  if (!pattern4.test(data4)) {
                    const err13 = {
                      instancePath: instancePath + "/stages/" + i0 + "/id",
                      schemaPath: "#/properties/stages/items/allOf/0/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err13];
                    } else {
                      vErrors.push(err13);
                    }
                    errors++;
                  }
                } else {
                  const err14 = {
                    instancePath: instancePath + "/stages/" + i0 + "/id",
                    schemaPath: "#/properties/stages/items/allOf/0/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err14];
                  } else {
                    vErrors.push(err14);
                  }
                  errors++;
                }
              }
              if (data2.operations !== undefined) {
                let data5 = data2.operations;
                if (Array.isArray(data5)) {
                  if (data5.length < 1) {
                    const err15 = {
                      instancePath: instancePath + "/stages/" + i0 + "/operations",
                      schemaPath: "#/properties/stages/items/allOf/0/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err15];
                    } else {
                      vErrors.push(err15);
                    }
                    errors++;
                  }
                  const len1 = data5.length;
                  for (let i1 = 0; i1 < len1; i1++) {
                    let data6 = data5[i1];
                    if (typeof data6 === "string") {
                      if (func1(data6) < 1) {
                        const err16 = {
                          instancePath: instancePath + "/stages/" + i0 + "/operations/" + i1,
                          schemaPath: "#/properties/stages/items/allOf/0/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err16];
                        } else {
                          vErrors.push(err16);
                        }
                        errors++;
                      }
                    } else {
                      const err17 = {
                        instancePath: instancePath + "/stages/" + i0 + "/operations/" + i1,
                        schemaPath: "#/properties/stages/items/allOf/0/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err17];
                      } else {
                        vErrors.push(err17);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err18 = {
                    instancePath: instancePath + "/stages/" + i0 + "/operations",
                    schemaPath: "#/properties/stages/items/allOf/0/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err18];
                  } else {
                    vErrors.push(err18);
                  }
                  errors++;
                }
              }
              if (data2.needs !== undefined) {
                let data7 = data2.needs;
                if (Array.isArray(data7)) {
                  const len2 = data7.length;
                  for (let i2 = 0; i2 < len2; i2++) {
                    let data8 = data7[i2];
                    if (!(data8 === "catalog" || data8 === "templates" || data8 === "current")) {
                      const err19 = {
                        instancePath: instancePath + "/stages/" + i0 + "/needs/" + i2,
                        schemaPath: "#/properties/stages/items/allOf/0/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.stages.items.allOf[0].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err19];
                      } else {
                        vErrors.push(err19);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err20 = {
                    instancePath: instancePath + "/stages/" + i0 + "/needs",
                    schemaPath: "#/properties/stages/items/allOf/0/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err20];
                  } else {
                    vErrors.push(err20);
                  }
                  errors++;
                }
              }
              if (data2.spec !== undefined) {
                let data9 = data2.spec;
                if (typeof data9 === "string") {
                  if (func1(data9) < 1) {
                    const err21 = {
                      instancePath: instancePath + "/stages/" + i0 + "/spec",
                      schemaPath: "#/properties/stages/items/allOf/0/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err21];
                    } else {
                      vErrors.push(err21);
                    }
                    errors++;
                  }
                } else {
                  const err22 = {
                    instancePath: instancePath + "/stages/" + i0 + "/spec",
                    schemaPath: "#/properties/stages/items/allOf/0/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err22];
                  } else {
                    vErrors.push(err22);
                  }
                  errors++;
                }
              }
              if (data2.kind !== undefined) {
                if ("patchMerge" !== data2.kind) {
                  const err23 = {
                    instancePath: instancePath + "/stages/" + i0 + "/kind",
                    schemaPath: "#/properties/stages/items/allOf/0/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "patchMerge" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err23];
                  } else {
                    vErrors.push(err23);
                  }
                  errors++;
                }
              }
              if (data2.replaceTogether !== undefined) {
                let data11 = data2.replaceTogether;
                if (Array.isArray(data11)) {
                  const len3 = data11.length;
                  for (let i3 = 0; i3 < len3; i3++) {
                    let data12 = data11[i3];
                    if (Array.isArray(data12)) {
                      if (data12.length < 2) {
                        const err24 = {
                          instancePath: instancePath + "/stages/" + i0 + "/replaceTogether/" + i3,
                          schemaPath: "#/properties/stages/items/allOf/0/then/properties/replaceTogether/items/minItems",
                          keyword: "minItems",
                          params: { limit: 2 },
                          message: "must NOT have fewer than 2 items",
                        };
                        if (vErrors === null) {
                          vErrors = [err24];
                        } else {
                          vErrors.push(err24);
                        }
                        errors++;
                      }
                      const len4 = data12.length;
                      for (let i4 = 0; i4 < len4; i4++) {
                        let data13 = data12[i4];
                        if (typeof data13 === "string") {
                          if (!pattern5.test(data13)) {
                            const err25 = {
                              instancePath: instancePath + "/stages/" + i0 + "/replaceTogether/" + i3 + "/" + i4,
                              schemaPath: "#/$defs/pointer/pattern",
                              keyword: "pattern",
                              params: { pattern: "^(/([^~/]|~[01])*)*$" },
                              message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                            };
                            if (vErrors === null) {
                              vErrors = [err25];
                            } else {
                              vErrors.push(err25);
                            }
                            errors++;
                          }
                        } else {
                          const err26 = {
                            instancePath: instancePath + "/stages/" + i0 + "/replaceTogether/" + i3 + "/" + i4,
                            schemaPath: "#/$defs/pointer/type",
                            keyword: "type",
                            params: { type: "string" },
                            message: "must be string",
                          };
                          if (vErrors === null) {
                            vErrors = [err26];
                          } else {
                            vErrors.push(err26);
                          }
                          errors++;
                        }
                      }
                    } else {
                      const err27 = {
                        instancePath: instancePath + "/stages/" + i0 + "/replaceTogether/" + i3,
                        schemaPath: "#/properties/stages/items/allOf/0/then/properties/replaceTogether/items/type",
                        keyword: "type",
                        params: { type: "array" },
                        message: "must be array",
                      };
                      if (vErrors === null) {
                        vErrors = [err27];
                      } else {
                        vErrors.push(err27);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err28 = {
                    instancePath: instancePath + "/stages/" + i0 + "/replaceTogether",
                    schemaPath: "#/properties/stages/items/allOf/0/then/properties/replaceTogether/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err28];
                  } else {
                    vErrors.push(err28);
                  }
                  errors++;
                }
              }
              if (data2.clears !== undefined) {
                let data14 = data2.clears;
                if (Array.isArray(data14)) {
                  if (data14.length < 1) {
                    const err29 = {
                      instancePath: instancePath + "/stages/" + i0 + "/clears",
                      schemaPath: "#/properties/stages/items/allOf/0/then/properties/clears/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err29];
                    } else {
                      vErrors.push(err29);
                    }
                    errors++;
                  }
                  const len5 = data14.length;
                  for (let i5 = 0; i5 < len5; i5++) {
                    let data15 = data14[i5];
                    if (typeof data15 === "string") {
                      if (!pattern5.test(data15)) {
                        const err30 = {
                          instancePath: instancePath + "/stages/" + i0 + "/clears/" + i5,
                          schemaPath: "#/$defs/pointer/pattern",
                          keyword: "pattern",
                          params: { pattern: "^(/([^~/]|~[01])*)*$" },
                          message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                        };
                        if (vErrors === null) {
                          vErrors = [err30];
                        } else {
                          vErrors.push(err30);
                        }
                        errors++;
                      }
                    } else {
                      const err31 = {
                        instancePath: instancePath + "/stages/" + i0 + "/clears/" + i5,
                        schemaPath: "#/$defs/pointer/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err31];
                      } else {
                        vErrors.push(err31);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err32 = {
                    instancePath: instancePath + "/stages/" + i0 + "/clears",
                    schemaPath: "#/properties/stages/items/allOf/0/then/properties/clears/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err32];
                  } else {
                    vErrors.push(err32);
                  }
                  errors++;
                }
              }
            }
            var _valid0 = _errs11 === errors;
            valid4 = _valid0;
            if (valid4) {
              var props0 = true;
            }
          }
          if (!valid4) {
            const err33 = {
              instancePath: instancePath + "/stages/" + i0,
              schemaPath: "#/properties/stages/items/allOf/0/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err33];
            } else {
              vErrors.push(err33);
            }
            errors++;
          }
          const _errs38 = errors;
          let valid19 = true;
          const _errs39 = errors;
          if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
            let missing1;
            if (data2.kind === undefined && (missing1 = "kind")) {
              const err34 = {};
              if (vErrors === null) {
                vErrors = [err34];
              } else {
                vErrors.push(err34);
              }
              errors++;
            } else {
              if (data2.kind !== undefined) {
                if ("templateMerge" !== data2.kind) {
                  const err35 = {};
                  if (vErrors === null) {
                    vErrors = [err35];
                  } else {
                    vErrors.push(err35);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid1 = _errs39 === errors;
          errors = _errs38;
          if (vErrors !== null) {
            if (_errs38) {
              vErrors.length = _errs38;
            } else {
              vErrors = null;
            }
          }
          if (_valid1) {
            const _errs41 = errors;
            if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
              if (data2.id === undefined) {
                const err36 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err36];
                } else {
                  vErrors.push(err36);
                }
                errors++;
              }
              if (data2.kind === undefined) {
                const err37 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err37];
                } else {
                  vErrors.push(err37);
                }
                errors++;
              }
              if (data2.operations === undefined) {
                const err38 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err38];
                } else {
                  vErrors.push(err38);
                }
                errors++;
              }
              if (data2.spec === undefined) {
                const err39 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err39];
                } else {
                  vErrors.push(err39);
                }
                errors++;
              }
              if (data2.from === undefined) {
                const err40 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "from" },
                  message: "must have required property '" + "from" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err40];
                } else {
                  vErrors.push(err40);
                }
                errors++;
              }
              if (data2.fields === undefined) {
                const err41 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "fields" },
                  message: "must have required property '" + "fields" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err41];
                } else {
                  vErrors.push(err41);
                }
                errors++;
              }
              for (const key2 in data2) {
                if (!(
                  key2 === "id" ||
                  key2 === "operations" ||
                  key2 === "needs" ||
                  key2 === "spec" ||
                  key2 === "kind" ||
                  key2 === "from" ||
                  key2 === "fields" ||
                  key2 === "mergeByKey"
                )) {
                  const err42 = {
                    instancePath: instancePath + "/stages/" + i0,
                    schemaPath: "#/properties/stages/items/allOf/1/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key2 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err42];
                  } else {
                    vErrors.push(err42);
                  }
                  errors++;
                }
              }
              if (data2.id !== undefined) {
                let data17 = data2.id;
                if (typeof data17 === "string") {
                  if (!pattern4.test(data17)) {
                    const err43 = {
                      instancePath: instancePath + "/stages/" + i0 + "/id",
                      schemaPath: "#/properties/stages/items/allOf/1/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err43];
                    } else {
                      vErrors.push(err43);
                    }
                    errors++;
                  }
                } else {
                  const err44 = {
                    instancePath: instancePath + "/stages/" + i0 + "/id",
                    schemaPath: "#/properties/stages/items/allOf/1/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err44];
                  } else {
                    vErrors.push(err44);
                  }
                  errors++;
                }
              }
              if (data2.operations !== undefined) {
                let data18 = data2.operations;
                if (Array.isArray(data18)) {
                  if (data18.length < 1) {
                    const err45 = {
                      instancePath: instancePath + "/stages/" + i0 + "/operations",
                      schemaPath: "#/properties/stages/items/allOf/1/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err45];
                    } else {
                      vErrors.push(err45);
                    }
                    errors++;
                  }
                  const len6 = data18.length;
                  for (let i6 = 0; i6 < len6; i6++) {
                    let data19 = data18[i6];
                    if (typeof data19 === "string") {
                      if (func1(data19) < 1) {
                        const err46 = {
                          instancePath: instancePath + "/stages/" + i0 + "/operations/" + i6,
                          schemaPath: "#/properties/stages/items/allOf/1/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err46];
                        } else {
                          vErrors.push(err46);
                        }
                        errors++;
                      }
                    } else {
                      const err47 = {
                        instancePath: instancePath + "/stages/" + i0 + "/operations/" + i6,
                        schemaPath: "#/properties/stages/items/allOf/1/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err47];
                      } else {
                        vErrors.push(err47);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err48 = {
                    instancePath: instancePath + "/stages/" + i0 + "/operations",
                    schemaPath: "#/properties/stages/items/allOf/1/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err48];
                  } else {
                    vErrors.push(err48);
                  }
                  errors++;
                }
              }
              if (data2.needs !== undefined) {
                let data20 = data2.needs;
                if (Array.isArray(data20)) {
                  const len7 = data20.length;
                  for (let i7 = 0; i7 < len7; i7++) {
                    let data21 = data20[i7];
                    if (!(data21 === "catalog" || data21 === "templates" || data21 === "current")) {
                      const err49 = {
                        instancePath: instancePath + "/stages/" + i0 + "/needs/" + i7,
                        schemaPath: "#/properties/stages/items/allOf/1/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.stages.items.allOf[1].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err49];
                      } else {
                        vErrors.push(err49);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err50 = {
                    instancePath: instancePath + "/stages/" + i0 + "/needs",
                    schemaPath: "#/properties/stages/items/allOf/1/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err50];
                  } else {
                    vErrors.push(err50);
                  }
                  errors++;
                }
              }
              if (data2.spec !== undefined) {
                let data22 = data2.spec;
                if (typeof data22 === "string") {
                  if (func1(data22) < 1) {
                    const err51 = {
                      instancePath: instancePath + "/stages/" + i0 + "/spec",
                      schemaPath: "#/properties/stages/items/allOf/1/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err51];
                    } else {
                      vErrors.push(err51);
                    }
                    errors++;
                  }
                } else {
                  const err52 = {
                    instancePath: instancePath + "/stages/" + i0 + "/spec",
                    schemaPath: "#/properties/stages/items/allOf/1/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err52];
                  } else {
                    vErrors.push(err52);
                  }
                  errors++;
                }
              }
              if (data2.kind !== undefined) {
                if ("templateMerge" !== data2.kind) {
                  const err53 = {
                    instancePath: instancePath + "/stages/" + i0 + "/kind",
                    schemaPath: "#/properties/stages/items/allOf/1/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "templateMerge" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err53];
                  } else {
                    vErrors.push(err53);
                  }
                  errors++;
                }
              }
              if (data2.from !== undefined) {
                let data24 = data2.from;
                if (typeof data24 === "string") {
                  if (!pattern5.test(data24)) {
                    const err54 = {
                      instancePath: instancePath + "/stages/" + i0 + "/from",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err54];
                    } else {
                      vErrors.push(err54);
                    }
                    errors++;
                  }
                } else {
                  const err55 = {
                    instancePath: instancePath + "/stages/" + i0 + "/from",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err55];
                  } else {
                    vErrors.push(err55);
                  }
                  errors++;
                }
              }
              if (data2.fields !== undefined) {
                let data25 = data2.fields;
                if (Array.isArray(data25)) {
                  if (data25.length < 1) {
                    const err56 = {
                      instancePath: instancePath + "/stages/" + i0 + "/fields",
                      schemaPath: "#/properties/stages/items/allOf/1/then/properties/fields/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err56];
                    } else {
                      vErrors.push(err56);
                    }
                    errors++;
                  }
                  const len8 = data25.length;
                  for (let i8 = 0; i8 < len8; i8++) {
                    if (typeof data25[i8] !== "string") {
                      const err57 = {
                        instancePath: instancePath + "/stages/" + i0 + "/fields/" + i8,
                        schemaPath: "#/properties/stages/items/allOf/1/then/properties/fields/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err57];
                      } else {
                        vErrors.push(err57);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err58 = {
                    instancePath: instancePath + "/stages/" + i0 + "/fields",
                    schemaPath: "#/properties/stages/items/allOf/1/then/properties/fields/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err58];
                  } else {
                    vErrors.push(err58);
                  }
                  errors++;
                }
              }
              if (data2.mergeByKey !== undefined) {
                let data27 = data2.mergeByKey;
                if (Array.isArray(data27)) {
                  const len9 = data27.length;
                  for (let i9 = 0; i9 < len9; i9++) {
                    if (typeof data27[i9] !== "string") {
                      const err59 = {
                        instancePath: instancePath + "/stages/" + i0 + "/mergeByKey/" + i9,
                        schemaPath: "#/properties/stages/items/allOf/1/then/properties/mergeByKey/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err59];
                      } else {
                        vErrors.push(err59);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err60 = {
                    instancePath: instancePath + "/stages/" + i0 + "/mergeByKey",
                    schemaPath: "#/properties/stages/items/allOf/1/then/properties/mergeByKey/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err60];
                  } else {
                    vErrors.push(err60);
                  }
                  errors++;
                }
              }
            }
            var _valid1 = _errs41 === errors;
            valid19 = _valid1;
            if (valid19) {
              var props1 = true;
            }
          }
          if (!valid19) {
            const err61 = {
              instancePath: instancePath + "/stages/" + i0,
              schemaPath: "#/properties/stages/items/allOf/1/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err61];
            } else {
              vErrors.push(err61);
            }
            errors++;
          }
          if (props0 !== true && props1 !== undefined) {
            if (props1 === true) {
              props0 = true;
            } else {
              props0 = props0 || {};
              Object.assign(props0, props1);
            }
          }
          const _errs67 = errors;
          let valid31 = true;
          const _errs68 = errors;
          if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
            let missing2;
            if (data2.kind === undefined && (missing2 = "kind")) {
              const err62 = {};
              if (vErrors === null) {
                vErrors = [err62];
              } else {
                vErrors.push(err62);
              }
              errors++;
            } else {
              if (data2.kind !== undefined) {
                if ("seedFromTemplate" !== data2.kind) {
                  const err63 = {};
                  if (vErrors === null) {
                    vErrors = [err63];
                  } else {
                    vErrors.push(err63);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid2 = _errs68 === errors;
          errors = _errs67;
          if (vErrors !== null) {
            if (_errs67) {
              vErrors.length = _errs67;
            } else {
              vErrors = null;
            }
          }
          if (_valid2) {
            const _errs70 = errors;
            if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
              if (data2.id === undefined) {
                const err64 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err64];
                } else {
                  vErrors.push(err64);
                }
                errors++;
              }
              if (data2.kind === undefined) {
                const err65 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err65];
                } else {
                  vErrors.push(err65);
                }
                errors++;
              }
              if (data2.operations === undefined) {
                const err66 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err66];
                } else {
                  vErrors.push(err66);
                }
                errors++;
              }
              if (data2.spec === undefined) {
                const err67 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err67];
                } else {
                  vErrors.push(err67);
                }
                errors++;
              }
              if (data2.template === undefined) {
                const err68 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "template" },
                  message: "must have required property '" + "template" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err68];
                } else {
                  vErrors.push(err68);
                }
                errors++;
              }
              if (data2.from === undefined) {
                const err69 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "from" },
                  message: "must have required property '" + "from" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err69];
                } else {
                  vErrors.push(err69);
                }
                errors++;
              }
              if (data2.to === undefined) {
                const err70 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "to" },
                  message: "must have required property '" + "to" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err70];
                } else {
                  vErrors.push(err70);
                }
                errors++;
              }
              if (data2.when === undefined) {
                const err71 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "when" },
                  message: "must have required property '" + "when" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err71];
                } else {
                  vErrors.push(err71);
                }
                errors++;
              }
              for (const key3 in data2) {
                if (!func5.call(schema31.properties.stages.items.allOf[2].then.properties, key3)) {
                  const err72 = {
                    instancePath: instancePath + "/stages/" + i0,
                    schemaPath: "#/properties/stages/items/allOf/2/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key3 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err72];
                  } else {
                    vErrors.push(err72);
                  }
                  errors++;
                }
              }
              if (data2.id !== undefined) {
                let data30 = data2.id;
                if (typeof data30 === "string") {
                  if (!pattern4.test(data30)) {
                    const err73 = {
                      instancePath: instancePath + "/stages/" + i0 + "/id",
                      schemaPath: "#/properties/stages/items/allOf/2/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err73];
                    } else {
                      vErrors.push(err73);
                    }
                    errors++;
                  }
                } else {
                  const err74 = {
                    instancePath: instancePath + "/stages/" + i0 + "/id",
                    schemaPath: "#/properties/stages/items/allOf/2/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err74];
                  } else {
                    vErrors.push(err74);
                  }
                  errors++;
                }
              }
              if (data2.operations !== undefined) {
                let data31 = data2.operations;
                if (Array.isArray(data31)) {
                  if (data31.length < 1) {
                    const err75 = {
                      instancePath: instancePath + "/stages/" + i0 + "/operations",
                      schemaPath: "#/properties/stages/items/allOf/2/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err75];
                    } else {
                      vErrors.push(err75);
                    }
                    errors++;
                  }
                  const len10 = data31.length;
                  for (let i10 = 0; i10 < len10; i10++) {
                    let data32 = data31[i10];
                    if (typeof data32 === "string") {
                      if (func1(data32) < 1) {
                        const err76 = {
                          instancePath: instancePath + "/stages/" + i0 + "/operations/" + i10,
                          schemaPath: "#/properties/stages/items/allOf/2/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err76];
                        } else {
                          vErrors.push(err76);
                        }
                        errors++;
                      }
                    } else {
                      const err77 = {
                        instancePath: instancePath + "/stages/" + i0 + "/operations/" + i10,
                        schemaPath: "#/properties/stages/items/allOf/2/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err77];
                      } else {
                        vErrors.push(err77);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err78 = {
                    instancePath: instancePath + "/stages/" + i0 + "/operations",
                    schemaPath: "#/properties/stages/items/allOf/2/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err78];
                  } else {
                    vErrors.push(err78);
                  }
                  errors++;
                }
              }
              if (data2.needs !== undefined) {
                let data33 = data2.needs;
                if (Array.isArray(data33)) {
                  const len11 = data33.length;
                  for (let i11 = 0; i11 < len11; i11++) {
                    let data34 = data33[i11];
                    if (!(data34 === "catalog" || data34 === "templates" || data34 === "current")) {
                      const err79 = {
                        instancePath: instancePath + "/stages/" + i0 + "/needs/" + i11,
                        schemaPath: "#/properties/stages/items/allOf/2/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.stages.items.allOf[2].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err79];
                      } else {
                        vErrors.push(err79);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err80 = {
                    instancePath: instancePath + "/stages/" + i0 + "/needs",
                    schemaPath: "#/properties/stages/items/allOf/2/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err80];
                  } else {
                    vErrors.push(err80);
                  }
                  errors++;
                }
              }
              if (data2.spec !== undefined) {
                let data35 = data2.spec;
                if (typeof data35 === "string") {
                  if (func1(data35) < 1) {
                    const err81 = {
                      instancePath: instancePath + "/stages/" + i0 + "/spec",
                      schemaPath: "#/properties/stages/items/allOf/2/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err81];
                    } else {
                      vErrors.push(err81);
                    }
                    errors++;
                  }
                } else {
                  const err82 = {
                    instancePath: instancePath + "/stages/" + i0 + "/spec",
                    schemaPath: "#/properties/stages/items/allOf/2/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err82];
                  } else {
                    vErrors.push(err82);
                  }
                  errors++;
                }
              }
              if (data2.kind !== undefined) {
                if ("seedFromTemplate" !== data2.kind) {
                  const err83 = {
                    instancePath: instancePath + "/stages/" + i0 + "/kind",
                    schemaPath: "#/properties/stages/items/allOf/2/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "seedFromTemplate" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err83];
                  } else {
                    vErrors.push(err83);
                  }
                  errors++;
                }
              }
              if (data2.template !== undefined) {
                let data37 = data2.template;
                if (typeof data37 === "string") {
                  if (!pattern5.test(data37)) {
                    const err84 = {
                      instancePath: instancePath + "/stages/" + i0 + "/template",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err84];
                    } else {
                      vErrors.push(err84);
                    }
                    errors++;
                  }
                } else {
                  const err85 = {
                    instancePath: instancePath + "/stages/" + i0 + "/template",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err85];
                  } else {
                    vErrors.push(err85);
                  }
                  errors++;
                }
              }
              if (data2.from !== undefined) {
                let data38 = data2.from;
                if (typeof data38 === "string") {
                  if (!pattern5.test(data38)) {
                    const err86 = {
                      instancePath: instancePath + "/stages/" + i0 + "/from",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err86];
                    } else {
                      vErrors.push(err86);
                    }
                    errors++;
                  }
                } else {
                  const err87 = {
                    instancePath: instancePath + "/stages/" + i0 + "/from",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err87];
                  } else {
                    vErrors.push(err87);
                  }
                  errors++;
                }
              }
              if (data2.to !== undefined) {
                let data39 = data2.to;
                if (typeof data39 === "string") {
                  if (!pattern5.test(data39)) {
                    const err88 = {
                      instancePath: instancePath + "/stages/" + i0 + "/to",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err88];
                    } else {
                      vErrors.push(err88);
                    }
                    errors++;
                  }
                } else {
                  const err89 = {
                    instancePath: instancePath + "/stages/" + i0 + "/to",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err89];
                  } else {
                    vErrors.push(err89);
                  }
                  errors++;
                }
              }
              if (data2.when !== undefined) {
                if (
                  !validate21(data2.when, {
                    instancePath: instancePath + "/stages/" + i0 + "/when",
                    parentData: data2,
                    parentDataProperty: "when",
                    rootData,
                    dynamicAnchors,
                  })
                ) {
                  vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
                  errors = vErrors.length;
                }
              }
            }
            var _valid2 = _errs70 === errors;
            valid31 = _valid2;
            if (valid31) {
              var props3 = true;
            }
          }
          if (!valid31) {
            const err90 = {
              instancePath: instancePath + "/stages/" + i0,
              schemaPath: "#/properties/stages/items/allOf/2/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err90];
            } else {
              vErrors.push(err90);
            }
            errors++;
          }
          if (props0 !== true && props3 !== undefined) {
            if (props3 === true) {
              props0 = true;
            } else {
              props0 = props0 || {};
              Object.assign(props0, props3);
            }
          }
          const _errs95 = errors;
          let valid41 = true;
          const _errs96 = errors;
          if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
            let missing3;
            if (data2.kind === undefined && (missing3 = "kind")) {
              const err91 = {};
              if (vErrors === null) {
                vErrors = [err91];
              } else {
                vErrors.push(err91);
              }
              errors++;
            } else {
              if (data2.kind !== undefined) {
                if ("defaults" !== data2.kind) {
                  const err92 = {};
                  if (vErrors === null) {
                    vErrors = [err92];
                  } else {
                    vErrors.push(err92);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid3 = _errs96 === errors;
          errors = _errs95;
          if (vErrors !== null) {
            if (_errs95) {
              vErrors.length = _errs95;
            } else {
              vErrors = null;
            }
          }
          if (_valid3) {
            const _errs98 = errors;
            if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
              if (data2.id === undefined) {
                const err93 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err93];
                } else {
                  vErrors.push(err93);
                }
                errors++;
              }
              if (data2.kind === undefined) {
                const err94 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err94];
                } else {
                  vErrors.push(err94);
                }
                errors++;
              }
              if (data2.operations === undefined) {
                const err95 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err95];
                } else {
                  vErrors.push(err95);
                }
                errors++;
              }
              if (data2.spec === undefined) {
                const err96 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err96];
                } else {
                  vErrors.push(err96);
                }
                errors++;
              }
              if (data2.values === undefined) {
                const err97 = {
                  instancePath: instancePath + "/stages/" + i0,
                  schemaPath: "#/properties/stages/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "values" },
                  message: "must have required property '" + "values" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err97];
                } else {
                  vErrors.push(err97);
                }
                errors++;
              }
              for (const key4 in data2) {
                if (!(key4 === "id" || key4 === "operations" || key4 === "needs" || key4 === "spec" || key4 === "kind" || key4 === "values")) {
                  const err98 = {
                    instancePath: instancePath + "/stages/" + i0,
                    schemaPath: "#/properties/stages/items/allOf/3/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key4 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err98];
                  } else {
                    vErrors.push(err98);
                  }
                  errors++;
                }
              }
              if (data2.id !== undefined) {
                let data42 = data2.id;
                if (typeof data42 === "string") {
                  if (!pattern4.test(data42)) {
                    const err99 = {
                      instancePath: instancePath + "/stages/" + i0 + "/id",
                      schemaPath: "#/properties/stages/items/allOf/3/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err99];
                    } else {
                      vErrors.push(err99);
                    }
                    errors++;
                  }
                } else {
                  const err100 = {
                    instancePath: instancePath + "/stages/" + i0 + "/id",
                    schemaPath: "#/properties/stages/items/allOf/3/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err100];
                  } else {
                    vErrors.push(err100);
                  }
                  errors++;
                }
              }
              if (data2.operations !== undefined) {
                let data43 = data2.operations;
                if (Array.isArray(data43)) {
                  if (data43.length < 1) {
                    const err101 = {
                      instancePath: instancePath + "/stages/" + i0 + "/operations",
                      schemaPath: "#/properties/stages/items/allOf/3/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err101];
                    } else {
                      vErrors.push(err101);
                    }
                    errors++;
                  }
                  const len12 = data43.length;
                  for (let i12 = 0; i12 < len12; i12++) {
                    let data44 = data43[i12];
                    if (typeof data44 === "string") {
                      if (func1(data44) < 1) {
                        const err102 = {
                          instancePath: instancePath + "/stages/" + i0 + "/operations/" + i12,
                          schemaPath: "#/properties/stages/items/allOf/3/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err102];
                        } else {
                          vErrors.push(err102);
                        }
                        errors++;
                      }
                    } else {
                      const err103 = {
                        instancePath: instancePath + "/stages/" + i0 + "/operations/" + i12,
                        schemaPath: "#/properties/stages/items/allOf/3/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err103];
                      } else {
                        vErrors.push(err103);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err104 = {
                    instancePath: instancePath + "/stages/" + i0 + "/operations",
                    schemaPath: "#/properties/stages/items/allOf/3/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err104];
                  } else {
                    vErrors.push(err104);
                  }
                  errors++;
                }
              }
              if (data2.needs !== undefined) {
                let data45 = data2.needs;
                if (Array.isArray(data45)) {
                  const len13 = data45.length;
                  for (let i13 = 0; i13 < len13; i13++) {
                    let data46 = data45[i13];
                    if (!(data46 === "catalog" || data46 === "templates" || data46 === "current")) {
                      const err105 = {
                        instancePath: instancePath + "/stages/" + i0 + "/needs/" + i13,
                        schemaPath: "#/properties/stages/items/allOf/3/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.stages.items.allOf[3].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err105];
                      } else {
                        vErrors.push(err105);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err106 = {
                    instancePath: instancePath + "/stages/" + i0 + "/needs",
                    schemaPath: "#/properties/stages/items/allOf/3/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err106];
                  } else {
                    vErrors.push(err106);
                  }
                  errors++;
                }
              }
              if (data2.spec !== undefined) {
                let data47 = data2.spec;
                if (typeof data47 === "string") {
                  if (func1(data47) < 1) {
                    const err107 = {
                      instancePath: instancePath + "/stages/" + i0 + "/spec",
                      schemaPath: "#/properties/stages/items/allOf/3/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err107];
                    } else {
                      vErrors.push(err107);
                    }
                    errors++;
                  }
                } else {
                  const err108 = {
                    instancePath: instancePath + "/stages/" + i0 + "/spec",
                    schemaPath: "#/properties/stages/items/allOf/3/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err108];
                  } else {
                    vErrors.push(err108);
                  }
                  errors++;
                }
              }
              if (data2.kind !== undefined) {
                if ("defaults" !== data2.kind) {
                  const err109 = {
                    instancePath: instancePath + "/stages/" + i0 + "/kind",
                    schemaPath: "#/properties/stages/items/allOf/3/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "defaults" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err109];
                  } else {
                    vErrors.push(err109);
                  }
                  errors++;
                }
              }
              if (data2.values !== undefined) {
                let data49 = data2.values;
                if (Array.isArray(data49)) {
                  if (data49.length < 1) {
                    const err110 = {
                      instancePath: instancePath + "/stages/" + i0 + "/values",
                      schemaPath: "#/properties/stages/items/allOf/3/then/properties/values/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err110];
                    } else {
                      vErrors.push(err110);
                    }
                    errors++;
                  }
                  const len14 = data49.length;
                  for (let i14 = 0; i14 < len14; i14++) {
                    let data50 = data49[i14];
                    if (data50 && typeof data50 == "object" && !Array.isArray(data50)) {
                      if (data50.path === undefined) {
                        const err111 = {
                          instancePath: instancePath + "/stages/" + i0 + "/values/" + i14,
                          schemaPath: "#/properties/stages/items/allOf/3/then/properties/values/items/required",
                          keyword: "required",
                          params: { missingProperty: "path" },
                          message: "must have required property '" + "path" + "'",
                        };
                        if (vErrors === null) {
                          vErrors = [err111];
                        } else {
                          vErrors.push(err111);
                        }
                        errors++;
                      }
                      if (data50.value === undefined) {
                        const err112 = {
                          instancePath: instancePath + "/stages/" + i0 + "/values/" + i14,
                          schemaPath: "#/properties/stages/items/allOf/3/then/properties/values/items/required",
                          keyword: "required",
                          params: { missingProperty: "value" },
                          message: "must have required property '" + "value" + "'",
                        };
                        if (vErrors === null) {
                          vErrors = [err112];
                        } else {
                          vErrors.push(err112);
                        }
                        errors++;
                      }
                      for (const key5 in data50) {
                        if (!(key5 === "path" || key5 === "value" || key5 === "when")) {
                          const err113 = {
                            instancePath: instancePath + "/stages/" + i0 + "/values/" + i14,
                            schemaPath: "#/properties/stages/items/allOf/3/then/properties/values/items/additionalProperties",
                            keyword: "additionalProperties",
                            params: { additionalProperty: key5 },
                            message: "must NOT have additional properties",
                          };
                          if (vErrors === null) {
                            vErrors = [err113];
                          } else {
                            vErrors.push(err113);
                          }
                          errors++;
                        }
                      }
                      if (data50.path !== undefined) {
                        let data51 = data50.path;
                        if (typeof data51 === "string") {
                          if (!pattern5.test(data51)) {
                            const err114 = {
                              instancePath: instancePath + "/stages/" + i0 + "/values/" + i14 + "/path",
                              schemaPath: "#/$defs/pointer/pattern",
                              keyword: "pattern",
                              params: { pattern: "^(/([^~/]|~[01])*)*$" },
                              message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                            };
                            if (vErrors === null) {
                              vErrors = [err114];
                            } else {
                              vErrors.push(err114);
                            }
                            errors++;
                          }
                        } else {
                          const err115 = {
                            instancePath: instancePath + "/stages/" + i0 + "/values/" + i14 + "/path",
                            schemaPath: "#/$defs/pointer/type",
                            keyword: "type",
                            params: { type: "string" },
                            message: "must be string",
                          };
                          if (vErrors === null) {
                            vErrors = [err115];
                          } else {
                            vErrors.push(err115);
                          }
                          errors++;
                        }
                      }
                      if (data50.when !== undefined) {
                        if (
                          !validate21(data50.when, {
                            instancePath: instancePath + "/stages/" + i0 + "/values/" + i14 + "/when",
                            parentData: data50,
                            parentDataProperty: "when",
                            rootData,
                            dynamicAnchors,
                          })
                        ) {
                          vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
                          errors = vErrors.length;
                        }
                      }
                    } else {
                      const err116 = {
                        instancePath: instancePath + "/stages/" + i0 + "/values/" + i14,
                        schemaPath: "#/properties/stages/items/allOf/3/then/properties/values/items/type",
                        keyword: "type",
                        params: { type: "object" },
                        message: "must be object",
                      };
                      if (vErrors === null) {
                        vErrors = [err116];
                      } else {
                        vErrors.push(err116);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err117 = {
                    instancePath: instancePath + "/stages/" + i0 + "/values",
                    schemaPath: "#/properties/stages/items/allOf/3/then/properties/values/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err117];
                  } else {
                    vErrors.push(err117);
                  }
                  errors++;
                }
              }
            }
            var _valid3 = _errs98 === errors;
            valid41 = _valid3;
            if (valid41) {
              var props5 = true;
            }
          }
          if (!valid41) {
            const err118 = {
              instancePath: instancePath + "/stages/" + i0,
              schemaPath: "#/properties/stages/items/allOf/3/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err118];
            } else {
              vErrors.push(err118);
            }
            errors++;
          }
          if (props0 !== true && props5 !== undefined) {
            if (props5 === true) {
              props0 = true;
            } else {
              props0 = props0 || {};
              Object.assign(props0, props5);
            }
          }
          if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
            if (data2.kind === undefined) {
              const err119 = {
                instancePath: instancePath + "/stages/" + i0,
                schemaPath: "#/properties/stages/items/required",
                keyword: "required",
                params: { missingProperty: "kind" },
                message: "must have required property '" + "kind" + "'",
              };
              if (vErrors === null) {
                vErrors = [err119];
              } else {
                vErrors.push(err119);
              }
              errors++;
            }
            if (props0 !== true) {
              props0 = props0 || {};
              props0.kind = true;
            }
            if (data2.kind !== undefined) {
              let data53 = data2.kind;
              if (!(data53 === "patchMerge" || data53 === "templateMerge" || data53 === "seedFromTemplate" || data53 === "defaults")) {
                const err120 = {
                  instancePath: instancePath + "/stages/" + i0 + "/kind",
                  schemaPath: "#/properties/stages/items/properties/kind/enum",
                  keyword: "enum",
                  params: { allowedValues: schema31.properties.stages.items.properties.kind.enum },
                  message: "must be equal to one of the allowed values",
                };
                if (vErrors === null) {
                  vErrors = [err120];
                } else {
                  vErrors.push(err120);
                }
                errors++;
              }
            }
          } else {
            const err121 = {
              instancePath: instancePath + "/stages/" + i0,
              schemaPath: "#/properties/stages/items/type",
              keyword: "type",
              params: { type: "object" },
              message: "must be object",
            };
            if (vErrors === null) {
              vErrors = [err121];
            } else {
              vErrors.push(err121);
            }
            errors++;
          }
        }
      } else {
        const err122 = {
          instancePath: instancePath + "/stages",
          schemaPath: "#/properties/stages/type",
          keyword: "type",
          params: { type: "array" },
          message: "must be array",
        };
        if (vErrors === null) {
          vErrors = [err122];
        } else {
          vErrors.push(err122);
        }
        errors++;
      }
    }
    if (data.rules !== undefined) {
      let data54 = data.rules;
      if (Array.isArray(data54)) {
        const len15 = data54.length;
        for (let i15 = 0; i15 < len15; i15++) {
          let data55 = data54[i15];
          const _errs127 = errors;
          let valid56 = true;
          const _errs128 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing4;
            if (data55.kind === undefined && (missing4 = "kind")) {
              const err123 = {};
              if (vErrors === null) {
                vErrors = [err123];
              } else {
                vErrors.push(err123);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("exactlyOne" !== data55.kind) {
                  const err124 = {};
                  if (vErrors === null) {
                    vErrors = [err124];
                  } else {
                    vErrors.push(err124);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid4 = _errs128 === errors;
          errors = _errs127;
          if (vErrors !== null) {
            if (_errs127) {
              vErrors.length = _errs127;
            } else {
              vErrors = null;
            }
          }
          if (_valid4) {
            const _errs130 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err125 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/0/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err125];
                } else {
                  vErrors.push(err125);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err126 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/0/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err126];
                } else {
                  vErrors.push(err126);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err127 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/0/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err127];
                } else {
                  vErrors.push(err127);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err128 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/0/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err128];
                } else {
                  vErrors.push(err128);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err129 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/0/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err129];
                } else {
                  vErrors.push(err129);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err130 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/0/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err130];
                } else {
                  vErrors.push(err130);
                }
                errors++;
              }
              if (data55.fields === undefined) {
                const err131 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/0/then/required",
                  keyword: "required",
                  params: { missingProperty: "fields" },
                  message: "must have required property '" + "fields" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err131];
                } else {
                  vErrors.push(err131);
                }
                errors++;
              }
              for (const key6 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[0].then.properties, key6)) {
                  const err132 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/0/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key6 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err132];
                  } else {
                    vErrors.push(err132);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data57 = data55.id;
                if (typeof data57 === "string") {
                  if (!pattern4.test(data57)) {
                    const err133 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/0/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err133];
                    } else {
                      vErrors.push(err133);
                    }
                    errors++;
                  }
                } else {
                  const err134 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/0/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err134];
                  } else {
                    vErrors.push(err134);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data58 = data55.operations;
                if (Array.isArray(data58)) {
                  if (data58.length < 1) {
                    const err135 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/0/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err135];
                    } else {
                      vErrors.push(err135);
                    }
                    errors++;
                  }
                  const len16 = data58.length;
                  for (let i16 = 0; i16 < len16; i16++) {
                    let data59 = data58[i16];
                    if (typeof data59 === "string") {
                      if (func1(data59) < 1) {
                        const err136 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i16,
                          schemaPath: "#/properties/rules/items/allOf/0/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err136];
                        } else {
                          vErrors.push(err136);
                        }
                        errors++;
                      }
                    } else {
                      const err137 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i16,
                        schemaPath: "#/properties/rules/items/allOf/0/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err137];
                      } else {
                        vErrors.push(err137);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err138 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/0/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err138];
                  } else {
                    vErrors.push(err138);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data60 = data55.status;
                if (!(data60 === 400 || data60 === 403 || data60 === 404 || data60 === 409 || data60 === 422)) {
                  const err139 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/0/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[0].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err139];
                  } else {
                    vErrors.push(err139);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data61 = data55.message;
                if (typeof data61 === "string") {
                  if (!pattern21.test(data61)) {
                    const err140 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/0/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err140];
                    } else {
                      vErrors.push(err140);
                    }
                    errors++;
                  }
                } else {
                  const err141 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/0/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err141];
                  } else {
                    vErrors.push(err141);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data62 = data55.hint;
                if (typeof data62 === "string") {
                  if (func1(data62) < 1) {
                    const err142 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/0/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err142];
                    } else {
                      vErrors.push(err142);
                    }
                    errors++;
                  }
                } else {
                  const err143 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/0/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err143];
                  } else {
                    vErrors.push(err143);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data63 = data55.needs;
                if (Array.isArray(data63)) {
                  const len17 = data63.length;
                  for (let i17 = 0; i17 < len17; i17++) {
                    let data64 = data63[i17];
                    if (!(data64 === "catalog" || data64 === "templates" || data64 === "current")) {
                      const err144 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i17,
                        schemaPath: "#/properties/rules/items/allOf/0/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[0].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err144];
                      } else {
                        vErrors.push(err144);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err145 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/0/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err145];
                  } else {
                    vErrors.push(err145);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data65 = data55.spec;
                if (typeof data65 === "string") {
                  if (func1(data65) < 1) {
                    const err146 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/0/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err146];
                    } else {
                      vErrors.push(err146);
                    }
                    errors++;
                  }
                } else {
                  const err147 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/0/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err147];
                  } else {
                    vErrors.push(err147);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err148 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/0/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err148];
                  } else {
                    vErrors.push(err148);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("exactlyOne" !== data55.kind) {
                  const err149 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/0/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "exactlyOne" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err149];
                  } else {
                    vErrors.push(err149);
                  }
                  errors++;
                }
              }
              if (data55.fields !== undefined) {
                let data68 = data55.fields;
                if (Array.isArray(data68)) {
                  if (data68.length < 2) {
                    const err150 = {
                      instancePath: instancePath + "/rules/" + i15 + "/fields",
                      schemaPath: "#/properties/rules/items/allOf/0/then/properties/fields/minItems",
                      keyword: "minItems",
                      params: { limit: 2 },
                      message: "must NOT have fewer than 2 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err150];
                    } else {
                      vErrors.push(err150);
                    }
                    errors++;
                  }
                  const len18 = data68.length;
                  for (let i18 = 0; i18 < len18; i18++) {
                    let data69 = data68[i18];
                    if (typeof data69 === "string") {
                      if (!pattern5.test(data69)) {
                        const err151 = {
                          instancePath: instancePath + "/rules/" + i15 + "/fields/" + i18,
                          schemaPath: "#/$defs/pointer/pattern",
                          keyword: "pattern",
                          params: { pattern: "^(/([^~/]|~[01])*)*$" },
                          message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                        };
                        if (vErrors === null) {
                          vErrors = [err151];
                        } else {
                          vErrors.push(err151);
                        }
                        errors++;
                      }
                    } else {
                      const err152 = {
                        instancePath: instancePath + "/rules/" + i15 + "/fields/" + i18,
                        schemaPath: "#/$defs/pointer/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err152];
                      } else {
                        vErrors.push(err152);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err153 = {
                    instancePath: instancePath + "/rules/" + i15 + "/fields",
                    schemaPath: "#/properties/rules/items/allOf/0/then/properties/fields/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err153];
                  } else {
                    vErrors.push(err153);
                  }
                  errors++;
                }
              }
            }
            var _valid4 = _errs130 === errors;
            valid56 = _valid4;
            if (valid56) {
              var props6 = true;
            }
          }
          if (!valid56) {
            const err154 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/0/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err154];
            } else {
              vErrors.push(err154);
            }
            errors++;
          }
          const _errs157 = errors;
          let valid66 = true;
          const _errs158 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing5;
            if (data55.kind === undefined && (missing5 = "kind")) {
              const err155 = {};
              if (vErrors === null) {
                vErrors = [err155];
              } else {
                vErrors.push(err155);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("forbiddenTogether" !== data55.kind) {
                  const err156 = {};
                  if (vErrors === null) {
                    vErrors = [err156];
                  } else {
                    vErrors.push(err156);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid5 = _errs158 === errors;
          errors = _errs157;
          if (vErrors !== null) {
            if (_errs157) {
              vErrors.length = _errs157;
            } else {
              vErrors = null;
            }
          }
          if (_valid5) {
            const _errs160 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err157 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err157];
                } else {
                  vErrors.push(err157);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err158 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err158];
                } else {
                  vErrors.push(err158);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err159 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err159];
                } else {
                  vErrors.push(err159);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err160 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err160];
                } else {
                  vErrors.push(err160);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err161 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err161];
                } else {
                  vErrors.push(err161);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err162 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err162];
                } else {
                  vErrors.push(err162);
                }
                errors++;
              }
              if (data55.fields === undefined) {
                const err163 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/1/then/required",
                  keyword: "required",
                  params: { missingProperty: "fields" },
                  message: "must have required property '" + "fields" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err163];
                } else {
                  vErrors.push(err163);
                }
                errors++;
              }
              for (const key7 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[1].then.properties, key7)) {
                  const err164 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/1/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key7 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err164];
                  } else {
                    vErrors.push(err164);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data71 = data55.id;
                if (typeof data71 === "string") {
                  if (!pattern4.test(data71)) {
                    const err165 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/1/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err165];
                    } else {
                      vErrors.push(err165);
                    }
                    errors++;
                  }
                } else {
                  const err166 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/1/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err166];
                  } else {
                    vErrors.push(err166);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data72 = data55.operations;
                if (Array.isArray(data72)) {
                  if (data72.length < 1) {
                    const err167 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/1/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err167];
                    } else {
                      vErrors.push(err167);
                    }
                    errors++;
                  }
                  const len19 = data72.length;
                  for (let i19 = 0; i19 < len19; i19++) {
                    let data73 = data72[i19];
                    if (typeof data73 === "string") {
                      if (func1(data73) < 1) {
                        const err168 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i19,
                          schemaPath: "#/properties/rules/items/allOf/1/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err168];
                        } else {
                          vErrors.push(err168);
                        }
                        errors++;
                      }
                    } else {
                      const err169 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i19,
                        schemaPath: "#/properties/rules/items/allOf/1/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err169];
                      } else {
                        vErrors.push(err169);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err170 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/1/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err170];
                  } else {
                    vErrors.push(err170);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data74 = data55.status;
                if (!(data74 === 400 || data74 === 403 || data74 === 404 || data74 === 409 || data74 === 422)) {
                  const err171 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/1/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[1].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err171];
                  } else {
                    vErrors.push(err171);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data75 = data55.message;
                if (typeof data75 === "string") {
                  if (!pattern21.test(data75)) {
                    const err172 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/1/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err172];
                    } else {
                      vErrors.push(err172);
                    }
                    errors++;
                  }
                } else {
                  const err173 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/1/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err173];
                  } else {
                    vErrors.push(err173);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data76 = data55.hint;
                if (typeof data76 === "string") {
                  if (func1(data76) < 1) {
                    const err174 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/1/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err174];
                    } else {
                      vErrors.push(err174);
                    }
                    errors++;
                  }
                } else {
                  const err175 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/1/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err175];
                  } else {
                    vErrors.push(err175);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data77 = data55.needs;
                if (Array.isArray(data77)) {
                  const len20 = data77.length;
                  for (let i20 = 0; i20 < len20; i20++) {
                    let data78 = data77[i20];
                    if (!(data78 === "catalog" || data78 === "templates" || data78 === "current")) {
                      const err176 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i20,
                        schemaPath: "#/properties/rules/items/allOf/1/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[1].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err176];
                      } else {
                        vErrors.push(err176);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err177 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/1/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err177];
                  } else {
                    vErrors.push(err177);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data79 = data55.spec;
                if (typeof data79 === "string") {
                  if (func1(data79) < 1) {
                    const err178 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/1/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err178];
                    } else {
                      vErrors.push(err178);
                    }
                    errors++;
                  }
                } else {
                  const err179 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/1/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err179];
                  } else {
                    vErrors.push(err179);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err180 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/1/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err180];
                  } else {
                    vErrors.push(err180);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("forbiddenTogether" !== data55.kind) {
                  const err181 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/1/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "forbiddenTogether" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err181];
                  } else {
                    vErrors.push(err181);
                  }
                  errors++;
                }
              }
              if (data55.fields !== undefined) {
                let data82 = data55.fields;
                if (Array.isArray(data82)) {
                  if (data82.length < 2) {
                    const err182 = {
                      instancePath: instancePath + "/rules/" + i15 + "/fields",
                      schemaPath: "#/properties/rules/items/allOf/1/then/properties/fields/minItems",
                      keyword: "minItems",
                      params: { limit: 2 },
                      message: "must NOT have fewer than 2 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err182];
                    } else {
                      vErrors.push(err182);
                    }
                    errors++;
                  }
                  const len21 = data82.length;
                  for (let i21 = 0; i21 < len21; i21++) {
                    let data83 = data82[i21];
                    if (typeof data83 === "string") {
                      if (!pattern5.test(data83)) {
                        const err183 = {
                          instancePath: instancePath + "/rules/" + i15 + "/fields/" + i21,
                          schemaPath: "#/$defs/pointer/pattern",
                          keyword: "pattern",
                          params: { pattern: "^(/([^~/]|~[01])*)*$" },
                          message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                        };
                        if (vErrors === null) {
                          vErrors = [err183];
                        } else {
                          vErrors.push(err183);
                        }
                        errors++;
                      }
                    } else {
                      const err184 = {
                        instancePath: instancePath + "/rules/" + i15 + "/fields/" + i21,
                        schemaPath: "#/$defs/pointer/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err184];
                      } else {
                        vErrors.push(err184);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err185 = {
                    instancePath: instancePath + "/rules/" + i15 + "/fields",
                    schemaPath: "#/properties/rules/items/allOf/1/then/properties/fields/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err185];
                  } else {
                    vErrors.push(err185);
                  }
                  errors++;
                }
              }
              if (data55.fieldsFrom !== undefined) {
                let data84 = data55.fieldsFrom;
                if (!(data84 === "request" || data84 === "resolved")) {
                  const err186 = {
                    instancePath: instancePath + "/rules/" + i15 + "/fieldsFrom",
                    schemaPath: "#/properties/rules/items/allOf/1/then/properties/fieldsFrom/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[1].then.properties.fieldsFrom.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err186];
                  } else {
                    vErrors.push(err186);
                  }
                  errors++;
                }
              }
            }
            var _valid5 = _errs160 === errors;
            valid66 = _valid5;
            if (valid66) {
              var props7 = true;
            }
          }
          if (!valid66) {
            const err187 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/1/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err187];
            } else {
              vErrors.push(err187);
            }
            errors++;
          }
          if (props6 !== true && props7 !== undefined) {
            if (props7 === true) {
              props6 = true;
            } else {
              props6 = props6 || {};
              Object.assign(props6, props7);
            }
          }
          const _errs188 = errors;
          let valid76 = true;
          const _errs189 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing6;
            if (data55.kind === undefined && (missing6 = "kind")) {
              const err188 = {};
              if (vErrors === null) {
                vErrors = [err188];
              } else {
                vErrors.push(err188);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("requires" !== data55.kind) {
                  const err189 = {};
                  if (vErrors === null) {
                    vErrors = [err189];
                  } else {
                    vErrors.push(err189);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid6 = _errs189 === errors;
          errors = _errs188;
          if (vErrors !== null) {
            if (_errs188) {
              vErrors.length = _errs188;
            } else {
              vErrors = null;
            }
          }
          if (_valid6) {
            const _errs191 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err190 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err190];
                } else {
                  vErrors.push(err190);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err191 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err191];
                } else {
                  vErrors.push(err191);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err192 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err192];
                } else {
                  vErrors.push(err192);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err193 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err193];
                } else {
                  vErrors.push(err193);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err194 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err194];
                } else {
                  vErrors.push(err194);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err195 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err195];
                } else {
                  vErrors.push(err195);
                }
                errors++;
              }
              if (data55.field === undefined) {
                const err196 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "field" },
                  message: "must have required property '" + "field" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err196];
                } else {
                  vErrors.push(err196);
                }
                errors++;
              }
              if (data55.when === undefined) {
                const err197 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/2/then/required",
                  keyword: "required",
                  params: { missingProperty: "when" },
                  message: "must have required property '" + "when" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err197];
                } else {
                  vErrors.push(err197);
                }
                errors++;
              }
              for (const key8 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[2].then.properties, key8)) {
                  const err198 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/2/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key8 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err198];
                  } else {
                    vErrors.push(err198);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data86 = data55.id;
                if (typeof data86 === "string") {
                  if (!pattern4.test(data86)) {
                    const err199 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/2/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err199];
                    } else {
                      vErrors.push(err199);
                    }
                    errors++;
                  }
                } else {
                  const err200 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/2/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err200];
                  } else {
                    vErrors.push(err200);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data87 = data55.operations;
                if (Array.isArray(data87)) {
                  if (data87.length < 1) {
                    const err201 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/2/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err201];
                    } else {
                      vErrors.push(err201);
                    }
                    errors++;
                  }
                  const len22 = data87.length;
                  for (let i22 = 0; i22 < len22; i22++) {
                    let data88 = data87[i22];
                    if (typeof data88 === "string") {
                      if (func1(data88) < 1) {
                        const err202 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i22,
                          schemaPath: "#/properties/rules/items/allOf/2/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err202];
                        } else {
                          vErrors.push(err202);
                        }
                        errors++;
                      }
                    } else {
                      const err203 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i22,
                        schemaPath: "#/properties/rules/items/allOf/2/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err203];
                      } else {
                        vErrors.push(err203);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err204 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/2/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err204];
                  } else {
                    vErrors.push(err204);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data89 = data55.status;
                if (!(data89 === 400 || data89 === 403 || data89 === 404 || data89 === 409 || data89 === 422)) {
                  const err205 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/2/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[2].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err205];
                  } else {
                    vErrors.push(err205);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data90 = data55.message;
                if (typeof data90 === "string") {
                  if (!pattern21.test(data90)) {
                    const err206 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/2/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err206];
                    } else {
                      vErrors.push(err206);
                    }
                    errors++;
                  }
                } else {
                  const err207 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/2/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err207];
                  } else {
                    vErrors.push(err207);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data91 = data55.hint;
                if (typeof data91 === "string") {
                  if (func1(data91) < 1) {
                    const err208 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/2/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err208];
                    } else {
                      vErrors.push(err208);
                    }
                    errors++;
                  }
                } else {
                  const err209 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/2/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err209];
                  } else {
                    vErrors.push(err209);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data92 = data55.needs;
                if (Array.isArray(data92)) {
                  const len23 = data92.length;
                  for (let i23 = 0; i23 < len23; i23++) {
                    let data93 = data92[i23];
                    if (!(data93 === "catalog" || data93 === "templates" || data93 === "current")) {
                      const err210 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i23,
                        schemaPath: "#/properties/rules/items/allOf/2/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[2].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err210];
                      } else {
                        vErrors.push(err210);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err211 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/2/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err211];
                  } else {
                    vErrors.push(err211);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data94 = data55.spec;
                if (typeof data94 === "string") {
                  if (func1(data94) < 1) {
                    const err212 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/2/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err212];
                    } else {
                      vErrors.push(err212);
                    }
                    errors++;
                  }
                } else {
                  const err213 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/2/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err213];
                  } else {
                    vErrors.push(err213);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err214 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/2/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err214];
                  } else {
                    vErrors.push(err214);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("requires" !== data55.kind) {
                  const err215 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/2/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "requires" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err215];
                  } else {
                    vErrors.push(err215);
                  }
                  errors++;
                }
              }
              if (data55.field !== undefined) {
                let data97 = data55.field;
                if (typeof data97 === "string") {
                  if (!pattern5.test(data97)) {
                    const err216 = {
                      instancePath: instancePath + "/rules/" + i15 + "/field",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err216];
                    } else {
                      vErrors.push(err216);
                    }
                    errors++;
                  }
                } else {
                  const err217 = {
                    instancePath: instancePath + "/rules/" + i15 + "/field",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err217];
                  } else {
                    vErrors.push(err217);
                  }
                  errors++;
                }
              }
              if (data55.when !== undefined) {
                if (
                  !validate21(data55.when, {
                    instancePath: instancePath + "/rules/" + i15 + "/when",
                    parentData: data55,
                    parentDataProperty: "when",
                    rootData,
                    dynamicAnchors,
                  })
                ) {
                  vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
                  errors = vErrors.length;
                }
              }
              if (data55.fieldsFrom !== undefined) {
                let data99 = data55.fieldsFrom;
                if (!(data99 === "request" || data99 === "resolved")) {
                  const err218 = {
                    instancePath: instancePath + "/rules/" + i15 + "/fieldsFrom",
                    schemaPath: "#/properties/rules/items/allOf/2/then/properties/fieldsFrom/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[2].then.properties.fieldsFrom.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err218];
                  } else {
                    vErrors.push(err218);
                  }
                  errors++;
                }
              }
            }
            var _valid6 = _errs191 === errors;
            valid76 = _valid6;
            if (valid76) {
              var props9 = true;
            }
          }
          if (!valid76) {
            const err219 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/2/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err219];
            } else {
              vErrors.push(err219);
            }
            errors++;
          }
          if (props6 !== true && props9 !== undefined) {
            if (props9 === true) {
              props6 = true;
            } else {
              props6 = props6 || {};
              Object.assign(props6, props9);
            }
          }
          const _errs218 = errors;
          let valid84 = true;
          const _errs219 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing7;
            if (data55.kind === undefined && (missing7 = "kind")) {
              const err220 = {};
              if (vErrors === null) {
                vErrors = [err220];
              } else {
                vErrors.push(err220);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("forbiddenWhen" !== data55.kind) {
                  const err221 = {};
                  if (vErrors === null) {
                    vErrors = [err221];
                  } else {
                    vErrors.push(err221);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid7 = _errs219 === errors;
          errors = _errs218;
          if (vErrors !== null) {
            if (_errs218) {
              vErrors.length = _errs218;
            } else {
              vErrors = null;
            }
          }
          if (_valid7) {
            const _errs221 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err222 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err222];
                } else {
                  vErrors.push(err222);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err223 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err223];
                } else {
                  vErrors.push(err223);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err224 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err224];
                } else {
                  vErrors.push(err224);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err225 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err225];
                } else {
                  vErrors.push(err225);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err226 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err226];
                } else {
                  vErrors.push(err226);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err227 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err227];
                } else {
                  vErrors.push(err227);
                }
                errors++;
              }
              if (data55.fields === undefined) {
                const err228 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "fields" },
                  message: "must have required property '" + "fields" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err228];
                } else {
                  vErrors.push(err228);
                }
                errors++;
              }
              if (data55.when === undefined) {
                const err229 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/3/then/required",
                  keyword: "required",
                  params: { missingProperty: "when" },
                  message: "must have required property '" + "when" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err229];
                } else {
                  vErrors.push(err229);
                }
                errors++;
              }
              for (const key9 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[3].then.properties, key9)) {
                  const err230 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/3/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key9 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err230];
                  } else {
                    vErrors.push(err230);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data101 = data55.id;
                if (typeof data101 === "string") {
                  if (!pattern4.test(data101)) {
                    const err231 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/3/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err231];
                    } else {
                      vErrors.push(err231);
                    }
                    errors++;
                  }
                } else {
                  const err232 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/3/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err232];
                  } else {
                    vErrors.push(err232);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data102 = data55.operations;
                if (Array.isArray(data102)) {
                  if (data102.length < 1) {
                    const err233 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/3/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err233];
                    } else {
                      vErrors.push(err233);
                    }
                    errors++;
                  }
                  const len24 = data102.length;
                  for (let i24 = 0; i24 < len24; i24++) {
                    let data103 = data102[i24];
                    if (typeof data103 === "string") {
                      if (func1(data103) < 1) {
                        const err234 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i24,
                          schemaPath: "#/properties/rules/items/allOf/3/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err234];
                        } else {
                          vErrors.push(err234);
                        }
                        errors++;
                      }
                    } else {
                      const err235 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i24,
                        schemaPath: "#/properties/rules/items/allOf/3/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err235];
                      } else {
                        vErrors.push(err235);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err236 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/3/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err236];
                  } else {
                    vErrors.push(err236);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data104 = data55.status;
                if (!(data104 === 400 || data104 === 403 || data104 === 404 || data104 === 409 || data104 === 422)) {
                  const err237 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/3/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[3].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err237];
                  } else {
                    vErrors.push(err237);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data105 = data55.message;
                if (typeof data105 === "string") {
                  if (!pattern21.test(data105)) {
                    const err238 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/3/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err238];
                    } else {
                      vErrors.push(err238);
                    }
                    errors++;
                  }
                } else {
                  const err239 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/3/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err239];
                  } else {
                    vErrors.push(err239);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data106 = data55.hint;
                if (typeof data106 === "string") {
                  if (func1(data106) < 1) {
                    const err240 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/3/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err240];
                    } else {
                      vErrors.push(err240);
                    }
                    errors++;
                  }
                } else {
                  const err241 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/3/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err241];
                  } else {
                    vErrors.push(err241);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data107 = data55.needs;
                if (Array.isArray(data107)) {
                  const len25 = data107.length;
                  for (let i25 = 0; i25 < len25; i25++) {
                    let data108 = data107[i25];
                    if (!(data108 === "catalog" || data108 === "templates" || data108 === "current")) {
                      const err242 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i25,
                        schemaPath: "#/properties/rules/items/allOf/3/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[3].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err242];
                      } else {
                        vErrors.push(err242);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err243 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/3/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err243];
                  } else {
                    vErrors.push(err243);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data109 = data55.spec;
                if (typeof data109 === "string") {
                  if (func1(data109) < 1) {
                    const err244 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/3/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err244];
                    } else {
                      vErrors.push(err244);
                    }
                    errors++;
                  }
                } else {
                  const err245 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/3/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err245];
                  } else {
                    vErrors.push(err245);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err246 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/3/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err246];
                  } else {
                    vErrors.push(err246);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("forbiddenWhen" !== data55.kind) {
                  const err247 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/3/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "forbiddenWhen" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err247];
                  } else {
                    vErrors.push(err247);
                  }
                  errors++;
                }
              }
              if (data55.fields !== undefined) {
                let data112 = data55.fields;
                if (Array.isArray(data112)) {
                  if (data112.length < 1) {
                    const err248 = {
                      instancePath: instancePath + "/rules/" + i15 + "/fields",
                      schemaPath: "#/properties/rules/items/allOf/3/then/properties/fields/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err248];
                    } else {
                      vErrors.push(err248);
                    }
                    errors++;
                  }
                  const len26 = data112.length;
                  for (let i26 = 0; i26 < len26; i26++) {
                    let data113 = data112[i26];
                    if (typeof data113 === "string") {
                      if (!pattern5.test(data113)) {
                        const err249 = {
                          instancePath: instancePath + "/rules/" + i15 + "/fields/" + i26,
                          schemaPath: "#/$defs/pointer/pattern",
                          keyword: "pattern",
                          params: { pattern: "^(/([^~/]|~[01])*)*$" },
                          message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                        };
                        if (vErrors === null) {
                          vErrors = [err249];
                        } else {
                          vErrors.push(err249);
                        }
                        errors++;
                      }
                    } else {
                      const err250 = {
                        instancePath: instancePath + "/rules/" + i15 + "/fields/" + i26,
                        schemaPath: "#/$defs/pointer/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err250];
                      } else {
                        vErrors.push(err250);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err251 = {
                    instancePath: instancePath + "/rules/" + i15 + "/fields",
                    schemaPath: "#/properties/rules/items/allOf/3/then/properties/fields/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err251];
                  } else {
                    vErrors.push(err251);
                  }
                  errors++;
                }
              }
              if (data55.when !== undefined) {
                if (
                  !validate21(data55.when, {
                    instancePath: instancePath + "/rules/" + i15 + "/when",
                    parentData: data55,
                    parentDataProperty: "when",
                    rootData,
                    dynamicAnchors,
                  })
                ) {
                  vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
                  errors = vErrors.length;
                }
              }
              if (data55.fieldsFrom !== undefined) {
                let data115 = data55.fieldsFrom;
                if (!(data115 === "request" || data115 === "resolved")) {
                  const err252 = {
                    instancePath: instancePath + "/rules/" + i15 + "/fieldsFrom",
                    schemaPath: "#/properties/rules/items/allOf/3/then/properties/fieldsFrom/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[3].then.properties.fieldsFrom.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err252];
                  } else {
                    vErrors.push(err252);
                  }
                  errors++;
                }
              }
            }
            var _valid7 = _errs221 === errors;
            valid84 = _valid7;
            if (valid84) {
              var props11 = true;
            }
          }
          if (!valid84) {
            const err253 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/3/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err253];
            } else {
              vErrors.push(err253);
            }
            errors++;
          }
          if (props6 !== true && props11 !== undefined) {
            if (props11 === true) {
              props6 = true;
            } else {
              props6 = props6 || {};
              Object.assign(props6, props11);
            }
          }
          const _errs250 = errors;
          let valid94 = true;
          const _errs251 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing8;
            if (data55.kind === undefined && (missing8 = "kind")) {
              const err254 = {};
              if (vErrors === null) {
                vErrors = [err254];
              } else {
                vErrors.push(err254);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("enumWhen" !== data55.kind) {
                  const err255 = {};
                  if (vErrors === null) {
                    vErrors = [err255];
                  } else {
                    vErrors.push(err255);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid8 = _errs251 === errors;
          errors = _errs250;
          if (vErrors !== null) {
            if (_errs250) {
              vErrors.length = _errs250;
            } else {
              vErrors = null;
            }
          }
          if (_valid8) {
            const _errs253 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err256 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/4/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err256];
                } else {
                  vErrors.push(err256);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err257 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/4/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err257];
                } else {
                  vErrors.push(err257);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err258 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/4/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err258];
                } else {
                  vErrors.push(err258);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err259 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/4/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err259];
                } else {
                  vErrors.push(err259);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err260 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/4/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err260];
                } else {
                  vErrors.push(err260);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err261 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/4/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err261];
                } else {
                  vErrors.push(err261);
                }
                errors++;
              }
              if (data55.field === undefined) {
                const err262 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/4/then/required",
                  keyword: "required",
                  params: { missingProperty: "field" },
                  message: "must have required property '" + "field" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err262];
                } else {
                  vErrors.push(err262);
                }
                errors++;
              }
              if (data55.allowed === undefined) {
                const err263 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/4/then/required",
                  keyword: "required",
                  params: { missingProperty: "allowed" },
                  message: "must have required property '" + "allowed" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err263];
                } else {
                  vErrors.push(err263);
                }
                errors++;
              }
              if (data55.when === undefined) {
                const err264 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/4/then/required",
                  keyword: "required",
                  params: { missingProperty: "when" },
                  message: "must have required property '" + "when" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err264];
                } else {
                  vErrors.push(err264);
                }
                errors++;
              }
              for (const key10 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[4].then.properties, key10)) {
                  const err265 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/4/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key10 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err265];
                  } else {
                    vErrors.push(err265);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data117 = data55.id;
                if (typeof data117 === "string") {
                  if (!pattern4.test(data117)) {
                    const err266 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/4/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err266];
                    } else {
                      vErrors.push(err266);
                    }
                    errors++;
                  }
                } else {
                  const err267 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/4/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err267];
                  } else {
                    vErrors.push(err267);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data118 = data55.operations;
                if (Array.isArray(data118)) {
                  if (data118.length < 1) {
                    const err268 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/4/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err268];
                    } else {
                      vErrors.push(err268);
                    }
                    errors++;
                  }
                  const len27 = data118.length;
                  for (let i27 = 0; i27 < len27; i27++) {
                    let data119 = data118[i27];
                    if (typeof data119 === "string") {
                      if (func1(data119) < 1) {
                        const err269 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i27,
                          schemaPath: "#/properties/rules/items/allOf/4/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err269];
                        } else {
                          vErrors.push(err269);
                        }
                        errors++;
                      }
                    } else {
                      const err270 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i27,
                        schemaPath: "#/properties/rules/items/allOf/4/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err270];
                      } else {
                        vErrors.push(err270);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err271 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/4/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err271];
                  } else {
                    vErrors.push(err271);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data120 = data55.status;
                if (!(data120 === 400 || data120 === 403 || data120 === 404 || data120 === 409 || data120 === 422)) {
                  const err272 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/4/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[4].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err272];
                  } else {
                    vErrors.push(err272);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data121 = data55.message;
                if (typeof data121 === "string") {
                  if (!pattern21.test(data121)) {
                    const err273 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/4/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err273];
                    } else {
                      vErrors.push(err273);
                    }
                    errors++;
                  }
                } else {
                  const err274 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/4/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err274];
                  } else {
                    vErrors.push(err274);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data122 = data55.hint;
                if (typeof data122 === "string") {
                  if (func1(data122) < 1) {
                    const err275 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/4/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err275];
                    } else {
                      vErrors.push(err275);
                    }
                    errors++;
                  }
                } else {
                  const err276 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/4/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err276];
                  } else {
                    vErrors.push(err276);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data123 = data55.needs;
                if (Array.isArray(data123)) {
                  const len28 = data123.length;
                  for (let i28 = 0; i28 < len28; i28++) {
                    let data124 = data123[i28];
                    if (!(data124 === "catalog" || data124 === "templates" || data124 === "current")) {
                      const err277 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i28,
                        schemaPath: "#/properties/rules/items/allOf/4/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[4].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err277];
                      } else {
                        vErrors.push(err277);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err278 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/4/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err278];
                  } else {
                    vErrors.push(err278);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data125 = data55.spec;
                if (typeof data125 === "string") {
                  if (func1(data125) < 1) {
                    const err279 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/4/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err279];
                    } else {
                      vErrors.push(err279);
                    }
                    errors++;
                  }
                } else {
                  const err280 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/4/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err280];
                  } else {
                    vErrors.push(err280);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err281 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/4/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err281];
                  } else {
                    vErrors.push(err281);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("enumWhen" !== data55.kind) {
                  const err282 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/4/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "enumWhen" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err282];
                  } else {
                    vErrors.push(err282);
                  }
                  errors++;
                }
              }
              if (data55.field !== undefined) {
                let data128 = data55.field;
                if (typeof data128 === "string") {
                  if (!pattern5.test(data128)) {
                    const err283 = {
                      instancePath: instancePath + "/rules/" + i15 + "/field",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err283];
                    } else {
                      vErrors.push(err283);
                    }
                    errors++;
                  }
                } else {
                  const err284 = {
                    instancePath: instancePath + "/rules/" + i15 + "/field",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err284];
                  } else {
                    vErrors.push(err284);
                  }
                  errors++;
                }
              }
              if (data55.allowed !== undefined) {
                let data129 = data55.allowed;
                if (Array.isArray(data129)) {
                  if (data129.length < 1) {
                    const err285 = {
                      instancePath: instancePath + "/rules/" + i15 + "/allowed",
                      schemaPath: "#/properties/rules/items/allOf/4/then/properties/allowed/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err285];
                    } else {
                      vErrors.push(err285);
                    }
                    errors++;
                  }
                } else {
                  const err286 = {
                    instancePath: instancePath + "/rules/" + i15 + "/allowed",
                    schemaPath: "#/properties/rules/items/allOf/4/then/properties/allowed/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err286];
                  } else {
                    vErrors.push(err286);
                  }
                  errors++;
                }
              }
              if (data55.when !== undefined) {
                if (
                  !validate21(data55.when, {
                    instancePath: instancePath + "/rules/" + i15 + "/when",
                    parentData: data55,
                    parentDataProperty: "when",
                    rootData,
                    dynamicAnchors,
                  })
                ) {
                  vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
                  errors = vErrors.length;
                }
              }
            }
            var _valid8 = _errs253 === errors;
            valid94 = _valid8;
            if (valid94) {
              var props13 = true;
            }
          }
          if (!valid94) {
            const err287 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/4/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err287];
            } else {
              vErrors.push(err287);
            }
            errors++;
          }
          if (props6 !== true && props13 !== undefined) {
            if (props13 === true) {
              props6 = true;
            } else {
              props6 = props6 || {};
              Object.assign(props6, props13);
            }
          }
          const _errs281 = errors;
          let valid102 = true;
          const _errs282 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing9;
            if (data55.kind === undefined && (missing9 = "kind")) {
              const err288 = {};
              if (vErrors === null) {
                vErrors = [err288];
              } else {
                vErrors.push(err288);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("subsetOfCatalog" !== data55.kind) {
                  const err289 = {};
                  if (vErrors === null) {
                    vErrors = [err289];
                  } else {
                    vErrors.push(err289);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid9 = _errs282 === errors;
          errors = _errs281;
          if (vErrors !== null) {
            if (_errs281) {
              vErrors.length = _errs281;
            } else {
              vErrors = null;
            }
          }
          if (_valid9) {
            const _errs284 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err290 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/5/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err290];
                } else {
                  vErrors.push(err290);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err291 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/5/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err291];
                } else {
                  vErrors.push(err291);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err292 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/5/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err292];
                } else {
                  vErrors.push(err292);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err293 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/5/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err293];
                } else {
                  vErrors.push(err293);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err294 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/5/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err294];
                } else {
                  vErrors.push(err294);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err295 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/5/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err295];
                } else {
                  vErrors.push(err295);
                }
                errors++;
              }
              if (data55.field === undefined) {
                const err296 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/5/then/required",
                  keyword: "required",
                  params: { missingProperty: "field" },
                  message: "must have required property '" + "field" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err296];
                } else {
                  vErrors.push(err296);
                }
                errors++;
              }
              if (data55.collection === undefined) {
                const err297 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/5/then/required",
                  keyword: "required",
                  params: { missingProperty: "collection" },
                  message: "must have required property '" + "collection" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err297];
                } else {
                  vErrors.push(err297);
                }
                errors++;
              }
              if (data55.key === undefined) {
                const err298 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/5/then/required",
                  keyword: "required",
                  params: { missingProperty: "key" },
                  message: "must have required property '" + "key" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err298];
                } else {
                  vErrors.push(err298);
                }
                errors++;
              }
              for (const key11 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[5].then.properties, key11)) {
                  const err299 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/5/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key11 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err299];
                  } else {
                    vErrors.push(err299);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data132 = data55.id;
                if (typeof data132 === "string") {
                  if (!pattern4.test(data132)) {
                    const err300 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/5/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err300];
                    } else {
                      vErrors.push(err300);
                    }
                    errors++;
                  }
                } else {
                  const err301 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err301];
                  } else {
                    vErrors.push(err301);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data133 = data55.operations;
                if (Array.isArray(data133)) {
                  if (data133.length < 1) {
                    const err302 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/5/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err302];
                    } else {
                      vErrors.push(err302);
                    }
                    errors++;
                  }
                  const len29 = data133.length;
                  for (let i29 = 0; i29 < len29; i29++) {
                    let data134 = data133[i29];
                    if (typeof data134 === "string") {
                      if (func1(data134) < 1) {
                        const err303 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i29,
                          schemaPath: "#/properties/rules/items/allOf/5/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err303];
                        } else {
                          vErrors.push(err303);
                        }
                        errors++;
                      }
                    } else {
                      const err304 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i29,
                        schemaPath: "#/properties/rules/items/allOf/5/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err304];
                      } else {
                        vErrors.push(err304);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err305 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err305];
                  } else {
                    vErrors.push(err305);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data135 = data55.status;
                if (!(data135 === 400 || data135 === 403 || data135 === 404 || data135 === 409 || data135 === 422)) {
                  const err306 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[5].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err306];
                  } else {
                    vErrors.push(err306);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data136 = data55.message;
                if (typeof data136 === "string") {
                  if (!pattern21.test(data136)) {
                    const err307 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/5/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err307];
                    } else {
                      vErrors.push(err307);
                    }
                    errors++;
                  }
                } else {
                  const err308 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err308];
                  } else {
                    vErrors.push(err308);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data137 = data55.hint;
                if (typeof data137 === "string") {
                  if (func1(data137) < 1) {
                    const err309 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/5/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err309];
                    } else {
                      vErrors.push(err309);
                    }
                    errors++;
                  }
                } else {
                  const err310 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err310];
                  } else {
                    vErrors.push(err310);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data138 = data55.needs;
                if (Array.isArray(data138)) {
                  const len30 = data138.length;
                  for (let i30 = 0; i30 < len30; i30++) {
                    let data139 = data138[i30];
                    if (!(data139 === "catalog" || data139 === "templates" || data139 === "current")) {
                      const err311 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i30,
                        schemaPath: "#/properties/rules/items/allOf/5/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[5].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err311];
                      } else {
                        vErrors.push(err311);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err312 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err312];
                  } else {
                    vErrors.push(err312);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data140 = data55.spec;
                if (typeof data140 === "string") {
                  if (func1(data140) < 1) {
                    const err313 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/5/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err313];
                    } else {
                      vErrors.push(err313);
                    }
                    errors++;
                  }
                } else {
                  const err314 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err314];
                  } else {
                    vErrors.push(err314);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err315 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err315];
                  } else {
                    vErrors.push(err315);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("subsetOfCatalog" !== data55.kind) {
                  const err316 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "subsetOfCatalog" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err316];
                  } else {
                    vErrors.push(err316);
                  }
                  errors++;
                }
              }
              if (data55.field !== undefined) {
                let data143 = data55.field;
                if (typeof data143 === "string") {
                  if (!pattern5.test(data143)) {
                    const err317 = {
                      instancePath: instancePath + "/rules/" + i15 + "/field",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err317];
                    } else {
                      vErrors.push(err317);
                    }
                    errors++;
                  }
                } else {
                  const err318 = {
                    instancePath: instancePath + "/rules/" + i15 + "/field",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err318];
                  } else {
                    vErrors.push(err318);
                  }
                  errors++;
                }
              }
              if (data55.collection !== undefined) {
                let data144 = data55.collection;
                if (!(data144 === "gpus" || data144 === "cpus")) {
                  const err319 = {
                    instancePath: instancePath + "/rules/" + i15 + "/collection",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/collection/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[5].then.properties.collection.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err319];
                  } else {
                    vErrors.push(err319);
                  }
                  errors++;
                }
              }
              if (data55.key !== undefined) {
                if (typeof data55.key !== "string") {
                  const err320 = {
                    instancePath: instancePath + "/rules/" + i15 + "/key",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/key/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err320];
                  } else {
                    vErrors.push(err320);
                  }
                  errors++;
                }
              }
              if (data55.within !== undefined) {
                let data146 = data55.within;
                if (data146 && typeof data146 == "object" && !Array.isArray(data146)) {
                  if (data146.field === undefined) {
                    const err321 = {
                      instancePath: instancePath + "/rules/" + i15 + "/within",
                      schemaPath: "#/properties/rules/items/allOf/5/then/properties/within/required",
                      keyword: "required",
                      params: { missingProperty: "field" },
                      message: "must have required property '" + "field" + "'",
                    };
                    if (vErrors === null) {
                      vErrors = [err321];
                    } else {
                      vErrors.push(err321);
                    }
                    errors++;
                  }
                  if (data146.key === undefined) {
                    const err322 = {
                      instancePath: instancePath + "/rules/" + i15 + "/within",
                      schemaPath: "#/properties/rules/items/allOf/5/then/properties/within/required",
                      keyword: "required",
                      params: { missingProperty: "key" },
                      message: "must have required property '" + "key" + "'",
                    };
                    if (vErrors === null) {
                      vErrors = [err322];
                    } else {
                      vErrors.push(err322);
                    }
                    errors++;
                  }
                  for (const key12 in data146) {
                    if (!(key12 === "field" || key12 === "key")) {
                      const err323 = {
                        instancePath: instancePath + "/rules/" + i15 + "/within",
                        schemaPath: "#/properties/rules/items/allOf/5/then/properties/within/additionalProperties",
                        keyword: "additionalProperties",
                        params: { additionalProperty: key12 },
                        message: "must NOT have additional properties",
                      };
                      if (vErrors === null) {
                        vErrors = [err323];
                      } else {
                        vErrors.push(err323);
                      }
                      errors++;
                    }
                  }
                  if (data146.field !== undefined) {
                    let data147 = data146.field;
                    if (typeof data147 === "string") {
                      if (!pattern5.test(data147)) {
                        const err324 = {
                          instancePath: instancePath + "/rules/" + i15 + "/within/field",
                          schemaPath: "#/$defs/pointer/pattern",
                          keyword: "pattern",
                          params: { pattern: "^(/([^~/]|~[01])*)*$" },
                          message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                        };
                        if (vErrors === null) {
                          vErrors = [err324];
                        } else {
                          vErrors.push(err324);
                        }
                        errors++;
                      }
                    } else {
                      const err325 = {
                        instancePath: instancePath + "/rules/" + i15 + "/within/field",
                        schemaPath: "#/$defs/pointer/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err325];
                      } else {
                        vErrors.push(err325);
                      }
                      errors++;
                    }
                  }
                  if (data146.key !== undefined) {
                    if (typeof data146.key !== "string") {
                      const err326 = {
                        instancePath: instancePath + "/rules/" + i15 + "/within/key",
                        schemaPath: "#/properties/rules/items/allOf/5/then/properties/within/properties/key/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err326];
                      } else {
                        vErrors.push(err326);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err327 = {
                    instancePath: instancePath + "/rules/" + i15 + "/within",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/within/type",
                    keyword: "type",
                    params: { type: "object" },
                    message: "must be object",
                  };
                  if (vErrors === null) {
                    vErrors = [err327];
                  } else {
                    vErrors.push(err327);
                  }
                  errors++;
                }
              }
              if (data55.trim !== undefined) {
                if (typeof data55.trim !== "boolean") {
                  const err328 = {
                    instancePath: instancePath + "/rules/" + i15 + "/trim",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/trim/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err328];
                  } else {
                    vErrors.push(err328);
                  }
                  errors++;
                }
              }
              if (data55.keepOne !== undefined) {
                if (typeof data55.keepOne !== "boolean") {
                  const err329 = {
                    instancePath: instancePath + "/rules/" + i15 + "/keepOne",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/keepOne/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err329];
                  } else {
                    vErrors.push(err329);
                  }
                  errors++;
                }
              }
              if (data55.suggest !== undefined) {
                let data151 = data55.suggest;
                if (data151 && typeof data151 == "object" && !Array.isArray(data151)) {
                  if (data151.key === undefined) {
                    const err330 = {
                      instancePath: instancePath + "/rules/" + i15 + "/suggest",
                      schemaPath: "#/properties/rules/items/allOf/5/then/properties/suggest/required",
                      keyword: "required",
                      params: { missingProperty: "key" },
                      message: "must have required property '" + "key" + "'",
                    };
                    if (vErrors === null) {
                      vErrors = [err330];
                    } else {
                      vErrors.push(err330);
                    }
                    errors++;
                  }
                  for (const key13 in data151) {
                    if (!(key13 === "key")) {
                      const err331 = {
                        instancePath: instancePath + "/rules/" + i15 + "/suggest",
                        schemaPath: "#/properties/rules/items/allOf/5/then/properties/suggest/additionalProperties",
                        keyword: "additionalProperties",
                        params: { additionalProperty: key13 },
                        message: "must NOT have additional properties",
                      };
                      if (vErrors === null) {
                        vErrors = [err331];
                      } else {
                        vErrors.push(err331);
                      }
                      errors++;
                    }
                  }
                  if (data151.key !== undefined) {
                    if (typeof data151.key !== "string") {
                      const err332 = {
                        instancePath: instancePath + "/rules/" + i15 + "/suggest/key",
                        schemaPath: "#/properties/rules/items/allOf/5/then/properties/suggest/properties/key/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err332];
                      } else {
                        vErrors.push(err332);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err333 = {
                    instancePath: instancePath + "/rules/" + i15 + "/suggest",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/suggest/type",
                    keyword: "type",
                    params: { type: "object" },
                    message: "must be object",
                  };
                  if (vErrors === null) {
                    vErrors = [err333];
                  } else {
                    vErrors.push(err333);
                  }
                  errors++;
                }
              }
              if (data55.fieldsFrom !== undefined) {
                let data153 = data55.fieldsFrom;
                if (!(data153 === "request" || data153 === "resolved")) {
                  const err334 = {
                    instancePath: instancePath + "/rules/" + i15 + "/fieldsFrom",
                    schemaPath: "#/properties/rules/items/allOf/5/then/properties/fieldsFrom/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[5].then.properties.fieldsFrom.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err334];
                  } else {
                    vErrors.push(err334);
                  }
                  errors++;
                }
              }
            }
            var _valid9 = _errs284 === errors;
            valid102 = _valid9;
            if (valid102) {
              var props14 = true;
            }
          }
          if (!valid102) {
            const err335 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/5/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err335];
            } else {
              vErrors.push(err335);
            }
            errors++;
          }
          if (props6 !== true && props14 !== undefined) {
            if (props14 === true) {
              props6 = true;
            } else {
              props6 = props6 || {};
              Object.assign(props6, props14);
            }
          }
          const _errs330 = errors;
          let valid113 = true;
          const _errs331 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing10;
            if (data55.kind === undefined && (missing10 = "kind")) {
              const err336 = {};
              if (vErrors === null) {
                vErrors = [err336];
              } else {
                vErrors.push(err336);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("powerOfTwo" !== data55.kind) {
                  const err337 = {};
                  if (vErrors === null) {
                    vErrors = [err337];
                  } else {
                    vErrors.push(err337);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid10 = _errs331 === errors;
          errors = _errs330;
          if (vErrors !== null) {
            if (_errs330) {
              vErrors.length = _errs330;
            } else {
              vErrors = null;
            }
          }
          if (_valid10) {
            const _errs333 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err338 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/6/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err338];
                } else {
                  vErrors.push(err338);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err339 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/6/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err339];
                } else {
                  vErrors.push(err339);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err340 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/6/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err340];
                } else {
                  vErrors.push(err340);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err341 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/6/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err341];
                } else {
                  vErrors.push(err341);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err342 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/6/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err342];
                } else {
                  vErrors.push(err342);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err343 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/6/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err343];
                } else {
                  vErrors.push(err343);
                }
                errors++;
              }
              if (data55.field === undefined) {
                const err344 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/6/then/required",
                  keyword: "required",
                  params: { missingProperty: "field" },
                  message: "must have required property '" + "field" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err344];
                } else {
                  vErrors.push(err344);
                }
                errors++;
              }
              for (const key14 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[6].then.properties, key14)) {
                  const err345 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/6/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key14 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err345];
                  } else {
                    vErrors.push(err345);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data155 = data55.id;
                if (typeof data155 === "string") {
                  if (!pattern4.test(data155)) {
                    const err346 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/6/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err346];
                    } else {
                      vErrors.push(err346);
                    }
                    errors++;
                  }
                } else {
                  const err347 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/6/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err347];
                  } else {
                    vErrors.push(err347);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data156 = data55.operations;
                if (Array.isArray(data156)) {
                  if (data156.length < 1) {
                    const err348 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/6/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err348];
                    } else {
                      vErrors.push(err348);
                    }
                    errors++;
                  }
                  const len31 = data156.length;
                  for (let i31 = 0; i31 < len31; i31++) {
                    let data157 = data156[i31];
                    if (typeof data157 === "string") {
                      if (func1(data157) < 1) {
                        const err349 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i31,
                          schemaPath: "#/properties/rules/items/allOf/6/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err349];
                        } else {
                          vErrors.push(err349);
                        }
                        errors++;
                      }
                    } else {
                      const err350 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i31,
                        schemaPath: "#/properties/rules/items/allOf/6/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err350];
                      } else {
                        vErrors.push(err350);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err351 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/6/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err351];
                  } else {
                    vErrors.push(err351);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data158 = data55.status;
                if (!(data158 === 400 || data158 === 403 || data158 === 404 || data158 === 409 || data158 === 422)) {
                  const err352 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/6/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[6].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err352];
                  } else {
                    vErrors.push(err352);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data159 = data55.message;
                if (typeof data159 === "string") {
                  if (!pattern21.test(data159)) {
                    const err353 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/6/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err353];
                    } else {
                      vErrors.push(err353);
                    }
                    errors++;
                  }
                } else {
                  const err354 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/6/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err354];
                  } else {
                    vErrors.push(err354);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data160 = data55.hint;
                if (typeof data160 === "string") {
                  if (func1(data160) < 1) {
                    const err355 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/6/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err355];
                    } else {
                      vErrors.push(err355);
                    }
                    errors++;
                  }
                } else {
                  const err356 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/6/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err356];
                  } else {
                    vErrors.push(err356);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data161 = data55.needs;
                if (Array.isArray(data161)) {
                  const len32 = data161.length;
                  for (let i32 = 0; i32 < len32; i32++) {
                    let data162 = data161[i32];
                    if (!(data162 === "catalog" || data162 === "templates" || data162 === "current")) {
                      const err357 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i32,
                        schemaPath: "#/properties/rules/items/allOf/6/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[6].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err357];
                      } else {
                        vErrors.push(err357);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err358 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/6/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err358];
                  } else {
                    vErrors.push(err358);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data163 = data55.spec;
                if (typeof data163 === "string") {
                  if (func1(data163) < 1) {
                    const err359 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/6/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err359];
                    } else {
                      vErrors.push(err359);
                    }
                    errors++;
                  }
                } else {
                  const err360 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/6/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err360];
                  } else {
                    vErrors.push(err360);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err361 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/6/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err361];
                  } else {
                    vErrors.push(err361);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("powerOfTwo" !== data55.kind) {
                  const err362 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/6/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "powerOfTwo" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err362];
                  } else {
                    vErrors.push(err362);
                  }
                  errors++;
                }
              }
              if (data55.field !== undefined) {
                let data166 = data55.field;
                if (typeof data166 === "string") {
                  if (!pattern5.test(data166)) {
                    const err363 = {
                      instancePath: instancePath + "/rules/" + i15 + "/field",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err363];
                    } else {
                      vErrors.push(err363);
                    }
                    errors++;
                  }
                } else {
                  const err364 = {
                    instancePath: instancePath + "/rules/" + i15 + "/field",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err364];
                  } else {
                    vErrors.push(err364);
                  }
                  errors++;
                }
              }
              if (data55.fieldsFrom !== undefined) {
                let data167 = data55.fieldsFrom;
                if (!(data167 === "request" || data167 === "resolved")) {
                  const err365 = {
                    instancePath: instancePath + "/rules/" + i15 + "/fieldsFrom",
                    schemaPath: "#/properties/rules/items/allOf/6/then/properties/fieldsFrom/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[6].then.properties.fieldsFrom.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err365];
                  } else {
                    vErrors.push(err365);
                  }
                  errors++;
                }
              }
            }
            var _valid10 = _errs333 === errors;
            valid113 = _valid10;
            if (valid113) {
              var props15 = true;
            }
          }
          if (!valid113) {
            const err366 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/6/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err366];
            } else {
              vErrors.push(err366);
            }
            errors++;
          }
          if (props6 !== true && props15 !== undefined) {
            if (props15 === true) {
              props6 = true;
            } else {
              props6 = props6 || {};
              Object.assign(props6, props15);
            }
          }
          const _errs359 = errors;
          let valid121 = true;
          const _errs360 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing11;
            if (data55.kind === undefined && (missing11 = "kind")) {
              const err367 = {};
              if (vErrors === null) {
                vErrors = [err367];
              } else {
                vErrors.push(err367);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("inCatalogRange" !== data55.kind) {
                  const err368 = {};
                  if (vErrors === null) {
                    vErrors = [err368];
                  } else {
                    vErrors.push(err368);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid11 = _errs360 === errors;
          errors = _errs359;
          if (vErrors !== null) {
            if (_errs359) {
              vErrors.length = _errs359;
            } else {
              vErrors = null;
            }
          }
          if (_valid11) {
            const _errs362 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err369 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err369];
                } else {
                  vErrors.push(err369);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err370 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err370];
                } else {
                  vErrors.push(err370);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err371 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err371];
                } else {
                  vErrors.push(err371);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err372 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err372];
                } else {
                  vErrors.push(err372);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err373 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err373];
                } else {
                  vErrors.push(err373);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err374 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err374];
                } else {
                  vErrors.push(err374);
                }
                errors++;
              }
              if (data55.each === undefined) {
                const err375 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "each" },
                  message: "must have required property '" + "each" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err375];
                } else {
                  vErrors.push(err375);
                }
                errors++;
              }
              if (data55.recordId === undefined) {
                const err376 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "recordId" },
                  message: "must have required property '" + "recordId" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err376];
                } else {
                  vErrors.push(err376);
                }
                errors++;
              }
              if (data55.value === undefined) {
                const err377 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "value" },
                  message: "must have required property '" + "value" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err377];
                } else {
                  vErrors.push(err377);
                }
                errors++;
              }
              if (data55.collection === undefined) {
                const err378 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "collection" },
                  message: "must have required property '" + "collection" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err378];
                } else {
                  vErrors.push(err378);
                }
                errors++;
              }
              if (data55.key === undefined) {
                const err379 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "key" },
                  message: "must have required property '" + "key" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err379];
                } else {
                  vErrors.push(err379);
                }
                errors++;
              }
              if (data55.min === undefined) {
                const err380 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "min" },
                  message: "must have required property '" + "min" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err380];
                } else {
                  vErrors.push(err380);
                }
                errors++;
              }
              if (data55.max === undefined) {
                const err381 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/7/then/required",
                  keyword: "required",
                  params: { missingProperty: "max" },
                  message: "must have required property '" + "max" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err381];
                } else {
                  vErrors.push(err381);
                }
                errors++;
              }
              for (const key15 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[7].then.properties, key15)) {
                  const err382 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/7/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key15 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err382];
                  } else {
                    vErrors.push(err382);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data169 = data55.id;
                if (typeof data169 === "string") {
                  if (!pattern4.test(data169)) {
                    const err383 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/7/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err383];
                    } else {
                      vErrors.push(err383);
                    }
                    errors++;
                  }
                } else {
                  const err384 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/7/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err384];
                  } else {
                    vErrors.push(err384);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data170 = data55.operations;
                if (Array.isArray(data170)) {
                  if (data170.length < 1) {
                    const err385 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/7/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err385];
                    } else {
                      vErrors.push(err385);
                    }
                    errors++;
                  }
                  const len33 = data170.length;
                  for (let i33 = 0; i33 < len33; i33++) {
                    let data171 = data170[i33];
                    if (typeof data171 === "string") {
                      if (func1(data171) < 1) {
                        const err386 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i33,
                          schemaPath: "#/properties/rules/items/allOf/7/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err386];
                        } else {
                          vErrors.push(err386);
                        }
                        errors++;
                      }
                    } else {
                      const err387 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i33,
                        schemaPath: "#/properties/rules/items/allOf/7/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err387];
                      } else {
                        vErrors.push(err387);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err388 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/7/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err388];
                  } else {
                    vErrors.push(err388);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data172 = data55.status;
                if (!(data172 === 400 || data172 === 403 || data172 === 404 || data172 === 409 || data172 === 422)) {
                  const err389 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/7/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[7].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err389];
                  } else {
                    vErrors.push(err389);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data173 = data55.message;
                if (typeof data173 === "string") {
                  if (!pattern21.test(data173)) {
                    const err390 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/7/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err390];
                    } else {
                      vErrors.push(err390);
                    }
                    errors++;
                  }
                } else {
                  const err391 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/7/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err391];
                  } else {
                    vErrors.push(err391);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data174 = data55.hint;
                if (typeof data174 === "string") {
                  if (func1(data174) < 1) {
                    const err392 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/7/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err392];
                    } else {
                      vErrors.push(err392);
                    }
                    errors++;
                  }
                } else {
                  const err393 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/7/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err393];
                  } else {
                    vErrors.push(err393);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data175 = data55.needs;
                if (Array.isArray(data175)) {
                  const len34 = data175.length;
                  for (let i34 = 0; i34 < len34; i34++) {
                    let data176 = data175[i34];
                    if (!(data176 === "catalog" || data176 === "templates" || data176 === "current")) {
                      const err394 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i34,
                        schemaPath: "#/properties/rules/items/allOf/7/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[7].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err394];
                      } else {
                        vErrors.push(err394);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err395 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/7/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err395];
                  } else {
                    vErrors.push(err395);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data177 = data55.spec;
                if (typeof data177 === "string") {
                  if (func1(data177) < 1) {
                    const err396 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/7/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err396];
                    } else {
                      vErrors.push(err396);
                    }
                    errors++;
                  }
                } else {
                  const err397 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/7/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err397];
                  } else {
                    vErrors.push(err397);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err398 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/7/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err398];
                  } else {
                    vErrors.push(err398);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("inCatalogRange" !== data55.kind) {
                  const err399 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/7/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "inCatalogRange" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err399];
                  } else {
                    vErrors.push(err399);
                  }
                  errors++;
                }
              }
              if (data55.each !== undefined) {
                let data180 = data55.each;
                if (typeof data180 === "string") {
                  if (!pattern5.test(data180)) {
                    const err400 = {
                      instancePath: instancePath + "/rules/" + i15 + "/each",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err400];
                    } else {
                      vErrors.push(err400);
                    }
                    errors++;
                  }
                } else {
                  const err401 = {
                    instancePath: instancePath + "/rules/" + i15 + "/each",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err401];
                  } else {
                    vErrors.push(err401);
                  }
                  errors++;
                }
              }
              if (data55.recordId !== undefined) {
                let data181 = data55.recordId;
                if (typeof data181 === "string") {
                  if (!pattern5.test(data181)) {
                    const err402 = {
                      instancePath: instancePath + "/rules/" + i15 + "/recordId",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err402];
                    } else {
                      vErrors.push(err402);
                    }
                    errors++;
                  }
                } else {
                  const err403 = {
                    instancePath: instancePath + "/rules/" + i15 + "/recordId",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err403];
                  } else {
                    vErrors.push(err403);
                  }
                  errors++;
                }
              }
              if (data55.value !== undefined) {
                let data182 = data55.value;
                if (typeof data182 === "string") {
                  if (!pattern5.test(data182)) {
                    const err404 = {
                      instancePath: instancePath + "/rules/" + i15 + "/value",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err404];
                    } else {
                      vErrors.push(err404);
                    }
                    errors++;
                  }
                } else {
                  const err405 = {
                    instancePath: instancePath + "/rules/" + i15 + "/value",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err405];
                  } else {
                    vErrors.push(err405);
                  }
                  errors++;
                }
              }
              if (data55.collection !== undefined) {
                let data183 = data55.collection;
                if (!(data183 === "gpus" || data183 === "cpus")) {
                  const err406 = {
                    instancePath: instancePath + "/rules/" + i15 + "/collection",
                    schemaPath: "#/properties/rules/items/allOf/7/then/properties/collection/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[7].then.properties.collection.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err406];
                  } else {
                    vErrors.push(err406);
                  }
                  errors++;
                }
              }
              if (data55.key !== undefined) {
                if (typeof data55.key !== "string") {
                  const err407 = {
                    instancePath: instancePath + "/rules/" + i15 + "/key",
                    schemaPath: "#/properties/rules/items/allOf/7/then/properties/key/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err407];
                  } else {
                    vErrors.push(err407);
                  }
                  errors++;
                }
              }
              if (data55.min !== undefined) {
                let data185 = data55.min;
                if (typeof data185 === "string") {
                  if (!pattern5.test(data185)) {
                    const err408 = {
                      instancePath: instancePath + "/rules/" + i15 + "/min",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err408];
                    } else {
                      vErrors.push(err408);
                    }
                    errors++;
                  }
                } else {
                  const err409 = {
                    instancePath: instancePath + "/rules/" + i15 + "/min",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err409];
                  } else {
                    vErrors.push(err409);
                  }
                  errors++;
                }
              }
              if (data55.max !== undefined) {
                let data186 = data55.max;
                if (typeof data186 === "string") {
                  if (!pattern5.test(data186)) {
                    const err410 = {
                      instancePath: instancePath + "/rules/" + i15 + "/max",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err410];
                    } else {
                      vErrors.push(err410);
                    }
                    errors++;
                  }
                } else {
                  const err411 = {
                    instancePath: instancePath + "/rules/" + i15 + "/max",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err411];
                  } else {
                    vErrors.push(err411);
                  }
                  errors++;
                }
              }
              if (data55.fieldsFrom !== undefined) {
                let data187 = data55.fieldsFrom;
                if (!(data187 === "request" || data187 === "resolved")) {
                  const err412 = {
                    instancePath: instancePath + "/rules/" + i15 + "/fieldsFrom",
                    schemaPath: "#/properties/rules/items/allOf/7/then/properties/fieldsFrom/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[7].then.properties.fieldsFrom.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err412];
                  } else {
                    vErrors.push(err412);
                  }
                  errors++;
                }
              }
            }
            var _valid11 = _errs362 === errors;
            valid121 = _valid11;
            if (valid121) {
              var props16 = true;
            }
          }
          if (!valid121) {
            const err413 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/7/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err413];
            } else {
              vErrors.push(err413);
            }
            errors++;
          }
          if (props6 !== true && props16 !== undefined) {
            if (props16 === true) {
              props6 = true;
            } else {
              props6 = props6 || {};
              Object.assign(props6, props16);
            }
          }
          const _errs403 = errors;
          let valid133 = true;
          const _errs404 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing12;
            if (data55.kind === undefined && (missing12 = "kind")) {
              const err414 = {};
              if (vErrors === null) {
                vErrors = [err414];
              } else {
                vErrors.push(err414);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("commandConsistent" !== data55.kind) {
                  const err415 = {};
                  if (vErrors === null) {
                    vErrors = [err415];
                  } else {
                    vErrors.push(err415);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid12 = _errs404 === errors;
          errors = _errs403;
          if (vErrors !== null) {
            if (_errs403) {
              vErrors.length = _errs403;
            } else {
              vErrors = null;
            }
          }
          if (_valid12) {
            const _errs406 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err416 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/8/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err416];
                } else {
                  vErrors.push(err416);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err417 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/8/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err417];
                } else {
                  vErrors.push(err417);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err418 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/8/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err418];
                } else {
                  vErrors.push(err418);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err419 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/8/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err419];
                } else {
                  vErrors.push(err419);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err420 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/8/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err420];
                } else {
                  vErrors.push(err420);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err421 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/8/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err421];
                } else {
                  vErrors.push(err421);
                }
                errors++;
              }
              if (data55.args === undefined) {
                const err422 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/8/then/required",
                  keyword: "required",
                  params: { missingProperty: "args" },
                  message: "must have required property '" + "args" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err422];
                } else {
                  vErrors.push(err422);
                }
                errors++;
              }
              if (data55.cmd === undefined) {
                const err423 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/8/then/required",
                  keyword: "required",
                  params: { missingProperty: "cmd" },
                  message: "must have required property '" + "cmd" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err423];
                } else {
                  vErrors.push(err423);
                }
                errors++;
              }
              if (data55.entrypoint === undefined) {
                const err424 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/8/then/required",
                  keyword: "required",
                  params: { missingProperty: "entrypoint" },
                  message: "must have required property '" + "entrypoint" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err424];
                } else {
                  vErrors.push(err424);
                }
                errors++;
              }
              for (const key16 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[8].then.properties, key16)) {
                  const err425 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/8/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key16 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err425];
                  } else {
                    vErrors.push(err425);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data189 = data55.id;
                if (typeof data189 === "string") {
                  if (!pattern4.test(data189)) {
                    const err426 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/8/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err426];
                    } else {
                      vErrors.push(err426);
                    }
                    errors++;
                  }
                } else {
                  const err427 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/8/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err427];
                  } else {
                    vErrors.push(err427);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data190 = data55.operations;
                if (Array.isArray(data190)) {
                  if (data190.length < 1) {
                    const err428 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/8/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err428];
                    } else {
                      vErrors.push(err428);
                    }
                    errors++;
                  }
                  const len35 = data190.length;
                  for (let i35 = 0; i35 < len35; i35++) {
                    let data191 = data190[i35];
                    if (typeof data191 === "string") {
                      if (func1(data191) < 1) {
                        const err429 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i35,
                          schemaPath: "#/properties/rules/items/allOf/8/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err429];
                        } else {
                          vErrors.push(err429);
                        }
                        errors++;
                      }
                    } else {
                      const err430 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i35,
                        schemaPath: "#/properties/rules/items/allOf/8/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err430];
                      } else {
                        vErrors.push(err430);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err431 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/8/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err431];
                  } else {
                    vErrors.push(err431);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data192 = data55.status;
                if (!(data192 === 400 || data192 === 403 || data192 === 404 || data192 === 409 || data192 === 422)) {
                  const err432 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/8/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[8].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err432];
                  } else {
                    vErrors.push(err432);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data193 = data55.message;
                if (typeof data193 === "string") {
                  if (!pattern21.test(data193)) {
                    const err433 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/8/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err433];
                    } else {
                      vErrors.push(err433);
                    }
                    errors++;
                  }
                } else {
                  const err434 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/8/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err434];
                  } else {
                    vErrors.push(err434);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data194 = data55.hint;
                if (typeof data194 === "string") {
                  if (func1(data194) < 1) {
                    const err435 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/8/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err435];
                    } else {
                      vErrors.push(err435);
                    }
                    errors++;
                  }
                } else {
                  const err436 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/8/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err436];
                  } else {
                    vErrors.push(err436);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data195 = data55.needs;
                if (Array.isArray(data195)) {
                  const len36 = data195.length;
                  for (let i36 = 0; i36 < len36; i36++) {
                    let data196 = data195[i36];
                    if (!(data196 === "catalog" || data196 === "templates" || data196 === "current")) {
                      const err437 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i36,
                        schemaPath: "#/properties/rules/items/allOf/8/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[8].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err437];
                      } else {
                        vErrors.push(err437);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err438 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/8/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err438];
                  } else {
                    vErrors.push(err438);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data197 = data55.spec;
                if (typeof data197 === "string") {
                  if (func1(data197) < 1) {
                    const err439 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/8/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err439];
                    } else {
                      vErrors.push(err439);
                    }
                    errors++;
                  }
                } else {
                  const err440 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/8/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err440];
                  } else {
                    vErrors.push(err440);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err441 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/8/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err441];
                  } else {
                    vErrors.push(err441);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("commandConsistent" !== data55.kind) {
                  const err442 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/8/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "commandConsistent" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err442];
                  } else {
                    vErrors.push(err442);
                  }
                  errors++;
                }
              }
              if (data55.args !== undefined) {
                let data200 = data55.args;
                if (typeof data200 === "string") {
                  if (!pattern5.test(data200)) {
                    const err443 = {
                      instancePath: instancePath + "/rules/" + i15 + "/args",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err443];
                    } else {
                      vErrors.push(err443);
                    }
                    errors++;
                  }
                } else {
                  const err444 = {
                    instancePath: instancePath + "/rules/" + i15 + "/args",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err444];
                  } else {
                    vErrors.push(err444);
                  }
                  errors++;
                }
              }
              if (data55.cmd !== undefined) {
                let data201 = data55.cmd;
                if (typeof data201 === "string") {
                  if (!pattern5.test(data201)) {
                    const err445 = {
                      instancePath: instancePath + "/rules/" + i15 + "/cmd",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err445];
                    } else {
                      vErrors.push(err445);
                    }
                    errors++;
                  }
                } else {
                  const err446 = {
                    instancePath: instancePath + "/rules/" + i15 + "/cmd",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err446];
                  } else {
                    vErrors.push(err446);
                  }
                  errors++;
                }
              }
              if (data55.entrypoint !== undefined) {
                let data202 = data55.entrypoint;
                if (typeof data202 === "string") {
                  if (!pattern5.test(data202)) {
                    const err447 = {
                      instancePath: instancePath + "/rules/" + i15 + "/entrypoint",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err447];
                    } else {
                      vErrors.push(err447);
                    }
                    errors++;
                  }
                } else {
                  const err448 = {
                    instancePath: instancePath + "/rules/" + i15 + "/entrypoint",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err448];
                  } else {
                    vErrors.push(err448);
                  }
                  errors++;
                }
              }
            }
            var _valid12 = _errs406 === errors;
            valid133 = _valid12;
            if (valid133) {
              var props17 = true;
            }
          }
          if (!valid133) {
            const err449 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/8/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err449];
            } else {
              vErrors.push(err449);
            }
            errors++;
          }
          if (props6 !== true && props17 !== undefined) {
            if (props17 === true) {
              props6 = true;
            } else {
              props6 = props6 || {};
              Object.assign(props6, props17);
            }
          }
          const _errs437 = errors;
          let valid143 = true;
          const _errs438 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing13;
            if (data55.kind === undefined && (missing13 = "kind")) {
              const err450 = {};
              if (vErrors === null) {
                vErrors = [err450];
              } else {
                vErrors.push(err450);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("templateExists" !== data55.kind) {
                  const err451 = {};
                  if (vErrors === null) {
                    vErrors = [err451];
                  } else {
                    vErrors.push(err451);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid13 = _errs438 === errors;
          errors = _errs437;
          if (vErrors !== null) {
            if (_errs437) {
              vErrors.length = _errs437;
            } else {
              vErrors = null;
            }
          }
          if (_valid13) {
            const _errs440 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err452 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/9/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err452];
                } else {
                  vErrors.push(err452);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err453 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/9/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err453];
                } else {
                  vErrors.push(err453);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err454 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/9/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err454];
                } else {
                  vErrors.push(err454);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err455 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/9/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err455];
                } else {
                  vErrors.push(err455);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err456 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/9/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err456];
                } else {
                  vErrors.push(err456);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err457 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/9/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err457];
                } else {
                  vErrors.push(err457);
                }
                errors++;
              }
              if (data55.field === undefined) {
                const err458 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/9/then/required",
                  keyword: "required",
                  params: { missingProperty: "field" },
                  message: "must have required property '" + "field" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err458];
                } else {
                  vErrors.push(err458);
                }
                errors++;
              }
              for (const key17 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[9].then.properties, key17)) {
                  const err459 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/9/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key17 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err459];
                  } else {
                    vErrors.push(err459);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data204 = data55.id;
                if (typeof data204 === "string") {
                  if (!pattern4.test(data204)) {
                    const err460 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/9/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err460];
                    } else {
                      vErrors.push(err460);
                    }
                    errors++;
                  }
                } else {
                  const err461 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/9/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err461];
                  } else {
                    vErrors.push(err461);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data205 = data55.operations;
                if (Array.isArray(data205)) {
                  if (data205.length < 1) {
                    const err462 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/9/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err462];
                    } else {
                      vErrors.push(err462);
                    }
                    errors++;
                  }
                  const len37 = data205.length;
                  for (let i37 = 0; i37 < len37; i37++) {
                    let data206 = data205[i37];
                    if (typeof data206 === "string") {
                      if (func1(data206) < 1) {
                        const err463 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i37,
                          schemaPath: "#/properties/rules/items/allOf/9/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err463];
                        } else {
                          vErrors.push(err463);
                        }
                        errors++;
                      }
                    } else {
                      const err464 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i37,
                        schemaPath: "#/properties/rules/items/allOf/9/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err464];
                      } else {
                        vErrors.push(err464);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err465 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/9/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err465];
                  } else {
                    vErrors.push(err465);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data207 = data55.status;
                if (!(data207 === 400 || data207 === 403 || data207 === 404 || data207 === 409 || data207 === 422)) {
                  const err466 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/9/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[9].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err466];
                  } else {
                    vErrors.push(err466);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data208 = data55.message;
                if (typeof data208 === "string") {
                  if (!pattern21.test(data208)) {
                    const err467 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/9/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err467];
                    } else {
                      vErrors.push(err467);
                    }
                    errors++;
                  }
                } else {
                  const err468 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/9/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err468];
                  } else {
                    vErrors.push(err468);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data209 = data55.hint;
                if (typeof data209 === "string") {
                  if (func1(data209) < 1) {
                    const err469 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/9/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err469];
                    } else {
                      vErrors.push(err469);
                    }
                    errors++;
                  }
                } else {
                  const err470 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/9/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err470];
                  } else {
                    vErrors.push(err470);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data210 = data55.needs;
                if (Array.isArray(data210)) {
                  const len38 = data210.length;
                  for (let i38 = 0; i38 < len38; i38++) {
                    let data211 = data210[i38];
                    if (!(data211 === "catalog" || data211 === "templates" || data211 === "current")) {
                      const err471 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i38,
                        schemaPath: "#/properties/rules/items/allOf/9/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[9].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err471];
                      } else {
                        vErrors.push(err471);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err472 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/9/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err472];
                  } else {
                    vErrors.push(err472);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data212 = data55.spec;
                if (typeof data212 === "string") {
                  if (func1(data212) < 1) {
                    const err473 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/9/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err473];
                    } else {
                      vErrors.push(err473);
                    }
                    errors++;
                  }
                } else {
                  const err474 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/9/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err474];
                  } else {
                    vErrors.push(err474);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err475 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/9/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err475];
                  } else {
                    vErrors.push(err475);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("templateExists" !== data55.kind) {
                  const err476 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/9/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "templateExists" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err476];
                  } else {
                    vErrors.push(err476);
                  }
                  errors++;
                }
              }
              if (data55.field !== undefined) {
                let data215 = data55.field;
                if (typeof data215 === "string") {
                  if (!pattern5.test(data215)) {
                    const err477 = {
                      instancePath: instancePath + "/rules/" + i15 + "/field",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err477];
                    } else {
                      vErrors.push(err477);
                    }
                    errors++;
                  }
                } else {
                  const err478 = {
                    instancePath: instancePath + "/rules/" + i15 + "/field",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err478];
                  } else {
                    vErrors.push(err478);
                  }
                  errors++;
                }
              }
            }
            var _valid13 = _errs440 === errors;
            valid143 = _valid13;
            if (valid143) {
              var props18 = true;
            }
          }
          if (!valid143) {
            const err479 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/9/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err479];
            } else {
              vErrors.push(err479);
            }
            errors++;
          }
          if (props6 !== true && props18 !== undefined) {
            if (props18 === true) {
              props6 = true;
            } else {
              props6 = props6 || {};
              Object.assign(props6, props18);
            }
          }
          const _errs465 = errors;
          let valid151 = true;
          const _errs466 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing14;
            if (data55.kind === undefined && (missing14 = "kind")) {
              const err480 = {};
              if (vErrors === null) {
                vErrors = [err480];
              } else {
                vErrors.push(err480);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("templateMatches" !== data55.kind) {
                  const err481 = {};
                  if (vErrors === null) {
                    vErrors = [err481];
                  } else {
                    vErrors.push(err481);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid14 = _errs466 === errors;
          errors = _errs465;
          if (vErrors !== null) {
            if (_errs465) {
              vErrors.length = _errs465;
            } else {
              vErrors = null;
            }
          }
          if (_valid14) {
            const _errs468 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err482 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/10/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err482];
                } else {
                  vErrors.push(err482);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err483 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/10/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err483];
                } else {
                  vErrors.push(err483);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err484 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/10/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err484];
                } else {
                  vErrors.push(err484);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err485 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/10/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err485];
                } else {
                  vErrors.push(err485);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err486 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/10/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err486];
                } else {
                  vErrors.push(err486);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err487 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/10/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err487];
                } else {
                  vErrors.push(err487);
                }
                errors++;
              }
              if (data55.field === undefined) {
                const err488 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/10/then/required",
                  keyword: "required",
                  params: { missingProperty: "field" },
                  message: "must have required property '" + "field" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err488];
                } else {
                  vErrors.push(err488);
                }
                errors++;
              }
              if (data55.where === undefined) {
                const err489 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/10/then/required",
                  keyword: "required",
                  params: { missingProperty: "where" },
                  message: "must have required property '" + "where" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err489];
                } else {
                  vErrors.push(err489);
                }
                errors++;
              }
              for (const key18 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[10].then.properties, key18)) {
                  const err490 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/10/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key18 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err490];
                  } else {
                    vErrors.push(err490);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data217 = data55.id;
                if (typeof data217 === "string") {
                  if (!pattern4.test(data217)) {
                    const err491 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/10/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err491];
                    } else {
                      vErrors.push(err491);
                    }
                    errors++;
                  }
                } else {
                  const err492 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/10/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err492];
                  } else {
                    vErrors.push(err492);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data218 = data55.operations;
                if (Array.isArray(data218)) {
                  if (data218.length < 1) {
                    const err493 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/10/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err493];
                    } else {
                      vErrors.push(err493);
                    }
                    errors++;
                  }
                  const len39 = data218.length;
                  for (let i39 = 0; i39 < len39; i39++) {
                    let data219 = data218[i39];
                    if (typeof data219 === "string") {
                      if (func1(data219) < 1) {
                        const err494 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i39,
                          schemaPath: "#/properties/rules/items/allOf/10/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err494];
                        } else {
                          vErrors.push(err494);
                        }
                        errors++;
                      }
                    } else {
                      const err495 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i39,
                        schemaPath: "#/properties/rules/items/allOf/10/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err495];
                      } else {
                        vErrors.push(err495);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err496 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/10/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err496];
                  } else {
                    vErrors.push(err496);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data220 = data55.status;
                if (!(data220 === 400 || data220 === 403 || data220 === 404 || data220 === 409 || data220 === 422)) {
                  const err497 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/10/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[10].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err497];
                  } else {
                    vErrors.push(err497);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data221 = data55.message;
                if (typeof data221 === "string") {
                  if (!pattern21.test(data221)) {
                    const err498 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/10/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err498];
                    } else {
                      vErrors.push(err498);
                    }
                    errors++;
                  }
                } else {
                  const err499 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/10/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err499];
                  } else {
                    vErrors.push(err499);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data222 = data55.hint;
                if (typeof data222 === "string") {
                  if (func1(data222) < 1) {
                    const err500 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/10/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err500];
                    } else {
                      vErrors.push(err500);
                    }
                    errors++;
                  }
                } else {
                  const err501 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/10/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err501];
                  } else {
                    vErrors.push(err501);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data223 = data55.needs;
                if (Array.isArray(data223)) {
                  const len40 = data223.length;
                  for (let i40 = 0; i40 < len40; i40++) {
                    let data224 = data223[i40];
                    if (!(data224 === "catalog" || data224 === "templates" || data224 === "current")) {
                      const err502 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i40,
                        schemaPath: "#/properties/rules/items/allOf/10/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[10].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err502];
                      } else {
                        vErrors.push(err502);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err503 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/10/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err503];
                  } else {
                    vErrors.push(err503);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data225 = data55.spec;
                if (typeof data225 === "string") {
                  if (func1(data225) < 1) {
                    const err504 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/10/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err504];
                    } else {
                      vErrors.push(err504);
                    }
                    errors++;
                  }
                } else {
                  const err505 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/10/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err505];
                  } else {
                    vErrors.push(err505);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err506 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/10/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err506];
                  } else {
                    vErrors.push(err506);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("templateMatches" !== data55.kind) {
                  const err507 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/10/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "templateMatches" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err507];
                  } else {
                    vErrors.push(err507);
                  }
                  errors++;
                }
              }
              if (data55.field !== undefined) {
                let data228 = data55.field;
                if (typeof data228 === "string") {
                  if (!pattern5.test(data228)) {
                    const err508 = {
                      instancePath: instancePath + "/rules/" + i15 + "/field",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err508];
                    } else {
                      vErrors.push(err508);
                    }
                    errors++;
                  }
                } else {
                  const err509 = {
                    instancePath: instancePath + "/rules/" + i15 + "/field",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err509];
                  } else {
                    vErrors.push(err509);
                  }
                  errors++;
                }
              }
              if (data55.where !== undefined) {
                let data229 = data55.where;
                if (data229 && typeof data229 == "object" && !Array.isArray(data229)) {
                  if (Object.keys(data229).length < 1) {
                    const err510 = {
                      instancePath: instancePath + "/rules/" + i15 + "/where",
                      schemaPath: "#/properties/rules/items/allOf/10/then/properties/where/minProperties",
                      keyword: "minProperties",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 properties",
                    };
                    if (vErrors === null) {
                      vErrors = [err510];
                    } else {
                      vErrors.push(err510);
                    }
                    errors++;
                  }
                } else {
                  const err511 = {
                    instancePath: instancePath + "/rules/" + i15 + "/where",
                    schemaPath: "#/properties/rules/items/allOf/10/then/properties/where/type",
                    keyword: "type",
                    params: { type: "object" },
                    message: "must be object",
                  };
                  if (vErrors === null) {
                    vErrors = [err511];
                  } else {
                    vErrors.push(err511);
                  }
                  errors++;
                }
              }
              if (data55.aliases !== undefined) {
                let data230 = data55.aliases;
                if (data230 && typeof data230 == "object" && !Array.isArray(data230)) {
                  for (const key19 in data230) {
                    let data231 = data230[key19];
                    if (Array.isArray(data231)) {
                      const len41 = data231.length;
                      for (let i41 = 0; i41 < len41; i41++) {
                        if (typeof data231[i41] !== "string") {
                          const err512 = {
                            instancePath: instancePath + "/rules/" + i15 + "/aliases/" + key19.replace(/~/g, "~0").replace(/\//g, "~1") + "/" + i41,
                            schemaPath: "#/properties/rules/items/allOf/10/then/properties/aliases/additionalProperties/items/type",
                            keyword: "type",
                            params: { type: "string" },
                            message: "must be string",
                          };
                          if (vErrors === null) {
                            vErrors = [err512];
                          } else {
                            vErrors.push(err512);
                          }
                          errors++;
                        }
                      }
                    } else {
                      const err513 = {
                        instancePath: instancePath + "/rules/" + i15 + "/aliases/" + key19.replace(/~/g, "~0").replace(/\//g, "~1"),
                        schemaPath: "#/properties/rules/items/allOf/10/then/properties/aliases/additionalProperties/type",
                        keyword: "type",
                        params: { type: "array" },
                        message: "must be array",
                      };
                      if (vErrors === null) {
                        vErrors = [err513];
                      } else {
                        vErrors.push(err513);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err514 = {
                    instancePath: instancePath + "/rules/" + i15 + "/aliases",
                    schemaPath: "#/properties/rules/items/allOf/10/then/properties/aliases/type",
                    keyword: "type",
                    params: { type: "object" },
                    message: "must be object",
                  };
                  if (vErrors === null) {
                    vErrors = [err514];
                  } else {
                    vErrors.push(err514);
                  }
                  errors++;
                }
              }
            }
            var _valid14 = _errs468 === errors;
            valid151 = _valid14;
            if (valid151) {
              var props19 = true;
            }
          }
          if (!valid151) {
            const err515 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/10/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err515];
            } else {
              vErrors.push(err515);
            }
            errors++;
          }
          if (props6 !== true && props19 !== undefined) {
            if (props19 === true) {
              props6 = true;
            } else {
              props6 = props6 || {};
              Object.assign(props6, props19);
            }
          }
          const _errs502 = errors;
          let valid162 = true;
          const _errs503 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing15;
            if (data55.kind === undefined && (missing15 = "kind")) {
              const err516 = {};
              if (vErrors === null) {
                vErrors = [err516];
              } else {
                vErrors.push(err516);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("monotonic" !== data55.kind) {
                  const err517 = {};
                  if (vErrors === null) {
                    vErrors = [err517];
                  } else {
                    vErrors.push(err517);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid15 = _errs503 === errors;
          errors = _errs502;
          if (vErrors !== null) {
            if (_errs502) {
              vErrors.length = _errs502;
            } else {
              vErrors = null;
            }
          }
          if (_valid15) {
            const _errs505 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err518 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/11/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err518];
                } else {
                  vErrors.push(err518);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err519 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/11/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err519];
                } else {
                  vErrors.push(err519);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err520 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/11/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err520];
                } else {
                  vErrors.push(err520);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err521 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/11/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err521];
                } else {
                  vErrors.push(err521);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err522 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/11/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err522];
                } else {
                  vErrors.push(err522);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err523 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/11/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err523];
                } else {
                  vErrors.push(err523);
                }
                errors++;
              }
              if (data55.field === undefined) {
                const err524 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/11/then/required",
                  keyword: "required",
                  params: { missingProperty: "field" },
                  message: "must have required property '" + "field" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err524];
                } else {
                  vErrors.push(err524);
                }
                errors++;
              }
              for (const key20 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[11].then.properties, key20)) {
                  const err525 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/11/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key20 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err525];
                  } else {
                    vErrors.push(err525);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data234 = data55.id;
                if (typeof data234 === "string") {
                  if (!pattern4.test(data234)) {
                    const err526 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/11/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err526];
                    } else {
                      vErrors.push(err526);
                    }
                    errors++;
                  }
                } else {
                  const err527 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/11/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err527];
                  } else {
                    vErrors.push(err527);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data235 = data55.operations;
                if (Array.isArray(data235)) {
                  if (data235.length < 1) {
                    const err528 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/11/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err528];
                    } else {
                      vErrors.push(err528);
                    }
                    errors++;
                  }
                  const len42 = data235.length;
                  for (let i42 = 0; i42 < len42; i42++) {
                    let data236 = data235[i42];
                    if (typeof data236 === "string") {
                      if (func1(data236) < 1) {
                        const err529 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i42,
                          schemaPath: "#/properties/rules/items/allOf/11/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err529];
                        } else {
                          vErrors.push(err529);
                        }
                        errors++;
                      }
                    } else {
                      const err530 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i42,
                        schemaPath: "#/properties/rules/items/allOf/11/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err530];
                      } else {
                        vErrors.push(err530);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err531 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/11/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err531];
                  } else {
                    vErrors.push(err531);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data237 = data55.status;
                if (!(data237 === 400 || data237 === 403 || data237 === 404 || data237 === 409 || data237 === 422)) {
                  const err532 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/11/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[11].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err532];
                  } else {
                    vErrors.push(err532);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data238 = data55.message;
                if (typeof data238 === "string") {
                  if (!pattern21.test(data238)) {
                    const err533 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/11/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err533];
                    } else {
                      vErrors.push(err533);
                    }
                    errors++;
                  }
                } else {
                  const err534 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/11/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err534];
                  } else {
                    vErrors.push(err534);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data239 = data55.hint;
                if (typeof data239 === "string") {
                  if (func1(data239) < 1) {
                    const err535 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/11/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err535];
                    } else {
                      vErrors.push(err535);
                    }
                    errors++;
                  }
                } else {
                  const err536 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/11/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err536];
                  } else {
                    vErrors.push(err536);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data240 = data55.needs;
                if (Array.isArray(data240)) {
                  const len43 = data240.length;
                  for (let i43 = 0; i43 < len43; i43++) {
                    let data241 = data240[i43];
                    if (!(data241 === "catalog" || data241 === "templates" || data241 === "current")) {
                      const err537 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i43,
                        schemaPath: "#/properties/rules/items/allOf/11/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[11].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err537];
                      } else {
                        vErrors.push(err537);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err538 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/11/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err538];
                  } else {
                    vErrors.push(err538);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data242 = data55.spec;
                if (typeof data242 === "string") {
                  if (func1(data242) < 1) {
                    const err539 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/11/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err539];
                    } else {
                      vErrors.push(err539);
                    }
                    errors++;
                  }
                } else {
                  const err540 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/11/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err540];
                  } else {
                    vErrors.push(err540);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err541 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/11/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err541];
                  } else {
                    vErrors.push(err541);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("monotonic" !== data55.kind) {
                  const err542 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/11/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "monotonic" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err542];
                  } else {
                    vErrors.push(err542);
                  }
                  errors++;
                }
              }
              if (data55.field !== undefined) {
                let data245 = data55.field;
                if (typeof data245 === "string") {
                  if (!pattern5.test(data245)) {
                    const err543 = {
                      instancePath: instancePath + "/rules/" + i15 + "/field",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err543];
                    } else {
                      vErrors.push(err543);
                    }
                    errors++;
                  }
                } else {
                  const err544 = {
                    instancePath: instancePath + "/rules/" + i15 + "/field",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err544];
                  } else {
                    vErrors.push(err544);
                  }
                  errors++;
                }
              }
            }
            var _valid15 = _errs505 === errors;
            valid162 = _valid15;
            if (valid162) {
              var props20 = true;
            }
          }
          if (!valid162) {
            const err545 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/11/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err545];
            } else {
              vErrors.push(err545);
            }
            errors++;
          }
          if (props6 !== true && props20 !== undefined) {
            if (props20 === true) {
              props6 = true;
            } else {
              props6 = props6 || {};
              Object.assign(props6, props20);
            }
          }
          const _errs530 = errors;
          let valid170 = true;
          const _errs531 = errors;
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            let missing16;
            if (data55.kind === undefined && (missing16 = "kind")) {
              const err546 = {};
              if (vErrors === null) {
                vErrors = [err546];
              } else {
                vErrors.push(err546);
              }
              errors++;
            } else {
              if (data55.kind !== undefined) {
                if ("expression" !== data55.kind) {
                  const err547 = {};
                  if (vErrors === null) {
                    vErrors = [err547];
                  } else {
                    vErrors.push(err547);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid16 = _errs531 === errors;
          errors = _errs530;
          if (vErrors !== null) {
            if (_errs530) {
              vErrors.length = _errs530;
            } else {
              vErrors = null;
            }
          }
          if (_valid16) {
            const _errs533 = errors;
            if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
              if (data55.id === undefined) {
                const err548 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/12/then/required",
                  keyword: "required",
                  params: { missingProperty: "id" },
                  message: "must have required property '" + "id" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err548];
                } else {
                  vErrors.push(err548);
                }
                errors++;
              }
              if (data55.kind === undefined) {
                const err549 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/12/then/required",
                  keyword: "required",
                  params: { missingProperty: "kind" },
                  message: "must have required property '" + "kind" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err549];
                } else {
                  vErrors.push(err549);
                }
                errors++;
              }
              if (data55.operations === undefined) {
                const err550 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/12/then/required",
                  keyword: "required",
                  params: { missingProperty: "operations" },
                  message: "must have required property '" + "operations" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err550];
                } else {
                  vErrors.push(err550);
                }
                errors++;
              }
              if (data55.status === undefined) {
                const err551 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/12/then/required",
                  keyword: "required",
                  params: { missingProperty: "status" },
                  message: "must have required property '" + "status" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err551];
                } else {
                  vErrors.push(err551);
                }
                errors++;
              }
              if (data55.message === undefined) {
                const err552 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/12/then/required",
                  keyword: "required",
                  params: { missingProperty: "message" },
                  message: "must have required property '" + "message" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err552];
                } else {
                  vErrors.push(err552);
                }
                errors++;
              }
              if (data55.spec === undefined) {
                const err553 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/12/then/required",
                  keyword: "required",
                  params: { missingProperty: "spec" },
                  message: "must have required property '" + "spec" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err553];
                } else {
                  vErrors.push(err553);
                }
                errors++;
              }
              if (data55.expression === undefined) {
                const err554 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/12/then/required",
                  keyword: "required",
                  params: { missingProperty: "expression" },
                  message: "must have required property '" + "expression" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err554];
                } else {
                  vErrors.push(err554);
                }
                errors++;
              }
              if (data55.examples === undefined) {
                const err555 = {
                  instancePath: instancePath + "/rules/" + i15,
                  schemaPath: "#/properties/rules/items/allOf/12/then/required",
                  keyword: "required",
                  params: { missingProperty: "examples" },
                  message: "must have required property '" + "examples" + "'",
                };
                if (vErrors === null) {
                  vErrors = [err555];
                } else {
                  vErrors.push(err555);
                }
                errors++;
              }
              for (const key21 in data55) {
                if (!func5.call(schema31.properties.rules.items.allOf[12].then.properties, key21)) {
                  const err556 = {
                    instancePath: instancePath + "/rules/" + i15,
                    schemaPath: "#/properties/rules/items/allOf/12/then/additionalProperties",
                    keyword: "additionalProperties",
                    params: { additionalProperty: key21 },
                    message: "must NOT have additional properties",
                  };
                  if (vErrors === null) {
                    vErrors = [err556];
                  } else {
                    vErrors.push(err556);
                  }
                  errors++;
                }
              }
              if (data55.id !== undefined) {
                let data247 = data55.id;
                if (typeof data247 === "string") {
                  if (!pattern4.test(data247)) {
                    const err557 = {
                      instancePath: instancePath + "/rules/" + i15 + "/id",
                      schemaPath: "#/properties/rules/items/allOf/12/then/properties/id/pattern",
                      keyword: "pattern",
                      params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
                      message: 'must match pattern "' + "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err557];
                    } else {
                      vErrors.push(err557);
                    }
                    errors++;
                  }
                } else {
                  const err558 = {
                    instancePath: instancePath + "/rules/" + i15 + "/id",
                    schemaPath: "#/properties/rules/items/allOf/12/then/properties/id/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err558];
                  } else {
                    vErrors.push(err558);
                  }
                  errors++;
                }
              }
              if (data55.operations !== undefined) {
                let data248 = data55.operations;
                if (Array.isArray(data248)) {
                  if (data248.length < 1) {
                    const err559 = {
                      instancePath: instancePath + "/rules/" + i15 + "/operations",
                      schemaPath: "#/properties/rules/items/allOf/12/then/properties/operations/minItems",
                      keyword: "minItems",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 items",
                    };
                    if (vErrors === null) {
                      vErrors = [err559];
                    } else {
                      vErrors.push(err559);
                    }
                    errors++;
                  }
                  const len44 = data248.length;
                  for (let i44 = 0; i44 < len44; i44++) {
                    let data249 = data248[i44];
                    if (typeof data249 === "string") {
                      if (func1(data249) < 1) {
                        const err560 = {
                          instancePath: instancePath + "/rules/" + i15 + "/operations/" + i44,
                          schemaPath: "#/properties/rules/items/allOf/12/then/properties/operations/items/minLength",
                          keyword: "minLength",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 characters",
                        };
                        if (vErrors === null) {
                          vErrors = [err560];
                        } else {
                          vErrors.push(err560);
                        }
                        errors++;
                      }
                    } else {
                      const err561 = {
                        instancePath: instancePath + "/rules/" + i15 + "/operations/" + i44,
                        schemaPath: "#/properties/rules/items/allOf/12/then/properties/operations/items/type",
                        keyword: "type",
                        params: { type: "string" },
                        message: "must be string",
                      };
                      if (vErrors === null) {
                        vErrors = [err561];
                      } else {
                        vErrors.push(err561);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err562 = {
                    instancePath: instancePath + "/rules/" + i15 + "/operations",
                    schemaPath: "#/properties/rules/items/allOf/12/then/properties/operations/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err562];
                  } else {
                    vErrors.push(err562);
                  }
                  errors++;
                }
              }
              if (data55.status !== undefined) {
                let data250 = data55.status;
                if (!(data250 === 400 || data250 === 403 || data250 === 404 || data250 === 409 || data250 === 422)) {
                  const err563 = {
                    instancePath: instancePath + "/rules/" + i15 + "/status",
                    schemaPath: "#/properties/rules/items/allOf/12/then/properties/status/enum",
                    keyword: "enum",
                    params: { allowedValues: schema31.properties.rules.items.allOf[12].then.properties.status.enum },
                    message: "must be equal to one of the allowed values",
                  };
                  if (vErrors === null) {
                    vErrors = [err563];
                  } else {
                    vErrors.push(err563);
                  }
                  errors++;
                }
              }
              if (data55.message !== undefined) {
                let data251 = data55.message;
                if (typeof data251 === "string") {
                  if (!pattern21.test(data251)) {
                    const err564 = {
                      instancePath: instancePath + "/rules/" + i15 + "/message",
                      schemaPath: "#/properties/rules/items/allOf/12/then/properties/message/pattern",
                      keyword: "pattern",
                      params: { pattern: "^must " },
                      message: 'must match pattern "' + "^must " + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err564];
                    } else {
                      vErrors.push(err564);
                    }
                    errors++;
                  }
                } else {
                  const err565 = {
                    instancePath: instancePath + "/rules/" + i15 + "/message",
                    schemaPath: "#/properties/rules/items/allOf/12/then/properties/message/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err565];
                  } else {
                    vErrors.push(err565);
                  }
                  errors++;
                }
              }
              if (data55.hint !== undefined) {
                let data252 = data55.hint;
                if (typeof data252 === "string") {
                  if (func1(data252) < 1) {
                    const err566 = {
                      instancePath: instancePath + "/rules/" + i15 + "/hint",
                      schemaPath: "#/properties/rules/items/allOf/12/then/properties/hint/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err566];
                    } else {
                      vErrors.push(err566);
                    }
                    errors++;
                  }
                } else {
                  const err567 = {
                    instancePath: instancePath + "/rules/" + i15 + "/hint",
                    schemaPath: "#/properties/rules/items/allOf/12/then/properties/hint/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err567];
                  } else {
                    vErrors.push(err567);
                  }
                  errors++;
                }
              }
              if (data55.needs !== undefined) {
                let data253 = data55.needs;
                if (Array.isArray(data253)) {
                  const len45 = data253.length;
                  for (let i45 = 0; i45 < len45; i45++) {
                    let data254 = data253[i45];
                    if (!(data254 === "catalog" || data254 === "templates" || data254 === "current")) {
                      const err568 = {
                        instancePath: instancePath + "/rules/" + i15 + "/needs/" + i45,
                        schemaPath: "#/properties/rules/items/allOf/12/then/properties/needs/items/enum",
                        keyword: "enum",
                        params: { allowedValues: schema31.properties.rules.items.allOf[12].then.properties.needs.items.enum },
                        message: "must be equal to one of the allowed values",
                      };
                      if (vErrors === null) {
                        vErrors = [err568];
                      } else {
                        vErrors.push(err568);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err569 = {
                    instancePath: instancePath + "/rules/" + i15 + "/needs",
                    schemaPath: "#/properties/rules/items/allOf/12/then/properties/needs/type",
                    keyword: "type",
                    params: { type: "array" },
                    message: "must be array",
                  };
                  if (vErrors === null) {
                    vErrors = [err569];
                  } else {
                    vErrors.push(err569);
                  }
                  errors++;
                }
              }
              if (data55.spec !== undefined) {
                let data255 = data55.spec;
                if (typeof data255 === "string") {
                  if (func1(data255) < 1) {
                    const err570 = {
                      instancePath: instancePath + "/rules/" + i15 + "/spec",
                      schemaPath: "#/properties/rules/items/allOf/12/then/properties/spec/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err570];
                    } else {
                      vErrors.push(err570);
                    }
                    errors++;
                  }
                } else {
                  const err571 = {
                    instancePath: instancePath + "/rules/" + i15 + "/spec",
                    schemaPath: "#/properties/rules/items/allOf/12/then/properties/spec/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err571];
                  } else {
                    vErrors.push(err571);
                  }
                  errors++;
                }
              }
              if (data55.statusChosen !== undefined) {
                if (typeof data55.statusChosen !== "boolean") {
                  const err572 = {
                    instancePath: instancePath + "/rules/" + i15 + "/statusChosen",
                    schemaPath: "#/properties/rules/items/allOf/12/then/properties/statusChosen/type",
                    keyword: "type",
                    params: { type: "boolean" },
                    message: "must be boolean",
                  };
                  if (vErrors === null) {
                    vErrors = [err572];
                  } else {
                    vErrors.push(err572);
                  }
                  errors++;
                }
              }
              if (data55.kind !== undefined) {
                if ("expression" !== data55.kind) {
                  const err573 = {
                    instancePath: instancePath + "/rules/" + i15 + "/kind",
                    schemaPath: "#/properties/rules/items/allOf/12/then/properties/kind/const",
                    keyword: "const",
                    params: { allowedValue: "expression" },
                    message: "must be equal to constant",
                  };
                  if (vErrors === null) {
                    vErrors = [err573];
                  } else {
                    vErrors.push(err573);
                  }
                  errors++;
                }
              }
              if (data55.expression !== undefined) {
                let data258 = data55.expression;
                if (typeof data258 === "string") {
                  if (func1(data258) < 1) {
                    const err574 = {
                      instancePath: instancePath + "/rules/" + i15 + "/expression",
                      schemaPath: "#/properties/rules/items/allOf/12/then/properties/expression/minLength",
                      keyword: "minLength",
                      params: { limit: 1 },
                      message: "must NOT have fewer than 1 characters",
                    };
                    if (vErrors === null) {
                      vErrors = [err574];
                    } else {
                      vErrors.push(err574);
                    }
                    errors++;
                  }
                } else {
                  const err575 = {
                    instancePath: instancePath + "/rules/" + i15 + "/expression",
                    schemaPath: "#/properties/rules/items/allOf/12/then/properties/expression/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err575];
                  } else {
                    vErrors.push(err575);
                  }
                  errors++;
                }
              }
              if (data55.path !== undefined) {
                let data259 = data55.path;
                if (typeof data259 === "string") {
                  if (!pattern5.test(data259)) {
                    const err576 = {
                      instancePath: instancePath + "/rules/" + i15 + "/path",
                      schemaPath: "#/$defs/pointer/pattern",
                      keyword: "pattern",
                      params: { pattern: "^(/([^~/]|~[01])*)*$" },
                      message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                    };
                    if (vErrors === null) {
                      vErrors = [err576];
                    } else {
                      vErrors.push(err576);
                    }
                    errors++;
                  }
                } else {
                  const err577 = {
                    instancePath: instancePath + "/rules/" + i15 + "/path",
                    schemaPath: "#/$defs/pointer/type",
                    keyword: "type",
                    params: { type: "string" },
                    message: "must be string",
                  };
                  if (vErrors === null) {
                    vErrors = [err577];
                  } else {
                    vErrors.push(err577);
                  }
                  errors++;
                }
              }
              if (data55.examples !== undefined) {
                let data260 = data55.examples;
                if (data260 && typeof data260 == "object" && !Array.isArray(data260)) {
                  if (data260.pass === undefined) {
                    const err578 = {
                      instancePath: instancePath + "/rules/" + i15 + "/examples",
                      schemaPath: "#/properties/rules/items/allOf/12/then/properties/examples/required",
                      keyword: "required",
                      params: { missingProperty: "pass" },
                      message: "must have required property '" + "pass" + "'",
                    };
                    if (vErrors === null) {
                      vErrors = [err578];
                    } else {
                      vErrors.push(err578);
                    }
                    errors++;
                  }
                  if (data260.fail === undefined) {
                    const err579 = {
                      instancePath: instancePath + "/rules/" + i15 + "/examples",
                      schemaPath: "#/properties/rules/items/allOf/12/then/properties/examples/required",
                      keyword: "required",
                      params: { missingProperty: "fail" },
                      message: "must have required property '" + "fail" + "'",
                    };
                    if (vErrors === null) {
                      vErrors = [err579];
                    } else {
                      vErrors.push(err579);
                    }
                    errors++;
                  }
                  for (const key22 in data260) {
                    if (!(key22 === "pass" || key22 === "fail")) {
                      const err580 = {
                        instancePath: instancePath + "/rules/" + i15 + "/examples",
                        schemaPath: "#/properties/rules/items/allOf/12/then/properties/examples/additionalProperties",
                        keyword: "additionalProperties",
                        params: { additionalProperty: key22 },
                        message: "must NOT have additional properties",
                      };
                      if (vErrors === null) {
                        vErrors = [err580];
                      } else {
                        vErrors.push(err580);
                      }
                      errors++;
                    }
                  }
                  if (data260.pass !== undefined) {
                    let data261 = data260.pass;
                    if (Array.isArray(data261)) {
                      if (data261.length < 1) {
                        const err581 = {
                          instancePath: instancePath + "/rules/" + i15 + "/examples/pass",
                          schemaPath: "#/properties/rules/items/allOf/12/then/properties/examples/properties/pass/minItems",
                          keyword: "minItems",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 items",
                        };
                        if (vErrors === null) {
                          vErrors = [err581];
                        } else {
                          vErrors.push(err581);
                        }
                        errors++;
                      }
                    } else {
                      const err582 = {
                        instancePath: instancePath + "/rules/" + i15 + "/examples/pass",
                        schemaPath: "#/properties/rules/items/allOf/12/then/properties/examples/properties/pass/type",
                        keyword: "type",
                        params: { type: "array" },
                        message: "must be array",
                      };
                      if (vErrors === null) {
                        vErrors = [err582];
                      } else {
                        vErrors.push(err582);
                      }
                      errors++;
                    }
                  }
                  if (data260.fail !== undefined) {
                    let data262 = data260.fail;
                    if (Array.isArray(data262)) {
                      if (data262.length < 1) {
                        const err583 = {
                          instancePath: instancePath + "/rules/" + i15 + "/examples/fail",
                          schemaPath: "#/properties/rules/items/allOf/12/then/properties/examples/properties/fail/minItems",
                          keyword: "minItems",
                          params: { limit: 1 },
                          message: "must NOT have fewer than 1 items",
                        };
                        if (vErrors === null) {
                          vErrors = [err583];
                        } else {
                          vErrors.push(err583);
                        }
                        errors++;
                      }
                    } else {
                      const err584 = {
                        instancePath: instancePath + "/rules/" + i15 + "/examples/fail",
                        schemaPath: "#/properties/rules/items/allOf/12/then/properties/examples/properties/fail/type",
                        keyword: "type",
                        params: { type: "array" },
                        message: "must be array",
                      };
                      if (vErrors === null) {
                        vErrors = [err584];
                      } else {
                        vErrors.push(err584);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err585 = {
                    instancePath: instancePath + "/rules/" + i15 + "/examples",
                    schemaPath: "#/properties/rules/items/allOf/12/then/properties/examples/type",
                    keyword: "type",
                    params: { type: "object" },
                    message: "must be object",
                  };
                  if (vErrors === null) {
                    vErrors = [err585];
                  } else {
                    vErrors.push(err585);
                  }
                  errors++;
                }
              }
            }
            var _valid16 = _errs533 === errors;
            valid170 = _valid16;
            if (valid170) {
              var props21 = true;
            }
          }
          if (!valid170) {
            const err586 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/allOf/12/if",
              keyword: "if",
              params: { failingKeyword: "then" },
              message: 'must match "then" schema',
            };
            if (vErrors === null) {
              vErrors = [err586];
            } else {
              vErrors.push(err586);
            }
            errors++;
          }
          if (props6 !== true && props21 !== undefined) {
            if (props21 === true) {
              props6 = true;
            } else {
              props6 = props6 || {};
              Object.assign(props6, props21);
            }
          }
          if (data55 && typeof data55 == "object" && !Array.isArray(data55)) {
            if (data55.kind === undefined) {
              const err587 = {
                instancePath: instancePath + "/rules/" + i15,
                schemaPath: "#/properties/rules/items/required",
                keyword: "required",
                params: { missingProperty: "kind" },
                message: "must have required property '" + "kind" + "'",
              };
              if (vErrors === null) {
                vErrors = [err587];
              } else {
                vErrors.push(err587);
              }
              errors++;
            }
            if (props6 !== true) {
              props6 = props6 || {};
              props6.kind = true;
            }
            if (data55.kind !== undefined) {
              let data263 = data55.kind;
              if (!(
                data263 === "exactlyOne" ||
                data263 === "forbiddenTogether" ||
                data263 === "requires" ||
                data263 === "forbiddenWhen" ||
                data263 === "enumWhen" ||
                data263 === "subsetOfCatalog" ||
                data263 === "powerOfTwo" ||
                data263 === "inCatalogRange" ||
                data263 === "commandConsistent" ||
                data263 === "templateExists" ||
                data263 === "templateMatches" ||
                data263 === "monotonic" ||
                data263 === "expression"
              )) {
                const err588 = {
                  instancePath: instancePath + "/rules/" + i15 + "/kind",
                  schemaPath: "#/properties/rules/items/properties/kind/enum",
                  keyword: "enum",
                  params: { allowedValues: schema31.properties.rules.items.properties.kind.enum },
                  message: "must be equal to one of the allowed values",
                };
                if (vErrors === null) {
                  vErrors = [err588];
                } else {
                  vErrors.push(err588);
                }
                errors++;
              }
            }
          } else {
            const err589 = {
              instancePath: instancePath + "/rules/" + i15,
              schemaPath: "#/properties/rules/items/type",
              keyword: "type",
              params: { type: "object" },
              message: "must be object",
            };
            if (vErrors === null) {
              vErrors = [err589];
            } else {
              vErrors.push(err589);
            }
            errors++;
          }
        }
      } else {
        const err590 = {
          instancePath: instancePath + "/rules",
          schemaPath: "#/properties/rules/type",
          keyword: "type",
          params: { type: "array" },
          message: "must be array",
        };
        if (vErrors === null) {
          vErrors = [err590];
        } else {
          vErrors.push(err590);
        }
        errors++;
      }
    }
    if (data.hints !== undefined) {
      let data264 = data.hints;
      if (Array.isArray(data264)) {
        const len46 = data264.length;
        for (let i46 = 0; i46 < len46; i46++) {
          let data265 = data264[i46];
          const _errs570 = errors;
          let valid182 = false;
          let passing0 = null;
          const _errs571 = errors;
          if (data265 && typeof data265 == "object" && !Array.isArray(data265)) {
            if (data265.operations === undefined) {
              const err591 = {
                instancePath: instancePath + "/hints/" + i46,
                schemaPath: "#/properties/hints/items/oneOf/0/required",
                keyword: "required",
                params: { missingProperty: "operations" },
                message: "must have required property '" + "operations" + "'",
              };
              if (vErrors === null) {
                vErrors = [err591];
              } else {
                vErrors.push(err591);
              }
              errors++;
            }
            if (data265.property === undefined) {
              const err592 = {
                instancePath: instancePath + "/hints/" + i46,
                schemaPath: "#/properties/hints/items/oneOf/0/required",
                keyword: "required",
                params: { missingProperty: "property" },
                message: "must have required property '" + "property" + "'",
              };
              if (vErrors === null) {
                vErrors = [err592];
              } else {
                vErrors.push(err592);
              }
              errors++;
            }
            if (data265.use === undefined) {
              const err593 = {
                instancePath: instancePath + "/hints/" + i46,
                schemaPath: "#/properties/hints/items/oneOf/0/required",
                keyword: "required",
                params: { missingProperty: "use" },
                message: "must have required property '" + "use" + "'",
              };
              if (vErrors === null) {
                vErrors = [err593];
              } else {
                vErrors.push(err593);
              }
              errors++;
            }
            for (const key23 in data265) {
              if (!(key23 === "operations" || key23 === "property" || key23 === "use" || key23 === "note")) {
                const err594 = {
                  instancePath: instancePath + "/hints/" + i46,
                  schemaPath: "#/properties/hints/items/oneOf/0/additionalProperties",
                  keyword: "additionalProperties",
                  params: { additionalProperty: key23 },
                  message: "must NOT have additional properties",
                };
                if (vErrors === null) {
                  vErrors = [err594];
                } else {
                  vErrors.push(err594);
                }
                errors++;
              }
            }
            if (data265.operations !== undefined) {
              let data266 = data265.operations;
              if (Array.isArray(data266)) {
                if (data266.length < 1) {
                  const err595 = {
                    instancePath: instancePath + "/hints/" + i46 + "/operations",
                    schemaPath: "#/properties/hints/items/oneOf/0/properties/operations/minItems",
                    keyword: "minItems",
                    params: { limit: 1 },
                    message: "must NOT have fewer than 1 items",
                  };
                  if (vErrors === null) {
                    vErrors = [err595];
                  } else {
                    vErrors.push(err595);
                  }
                  errors++;
                }
                const len47 = data266.length;
                for (let i47 = 0; i47 < len47; i47++) {
                  let data267 = data266[i47];
                  if (typeof data267 === "string") {
                    if (func1(data267) < 1) {
                      const err596 = {
                        instancePath: instancePath + "/hints/" + i46 + "/operations/" + i47,
                        schemaPath: "#/properties/hints/items/oneOf/0/properties/operations/items/minLength",
                        keyword: "minLength",
                        params: { limit: 1 },
                        message: "must NOT have fewer than 1 characters",
                      };
                      if (vErrors === null) {
                        vErrors = [err596];
                      } else {
                        vErrors.push(err596);
                      }
                      errors++;
                    }
                  } else {
                    const err597 = {
                      instancePath: instancePath + "/hints/" + i46 + "/operations/" + i47,
                      schemaPath: "#/properties/hints/items/oneOf/0/properties/operations/items/type",
                      keyword: "type",
                      params: { type: "string" },
                      message: "must be string",
                    };
                    if (vErrors === null) {
                      vErrors = [err597];
                    } else {
                      vErrors.push(err597);
                    }
                    errors++;
                  }
                }
              } else {
                const err598 = {
                  instancePath: instancePath + "/hints/" + i46 + "/operations",
                  schemaPath: "#/properties/hints/items/oneOf/0/properties/operations/type",
                  keyword: "type",
                  params: { type: "array" },
                  message: "must be array",
                };
                if (vErrors === null) {
                  vErrors = [err598];
                } else {
                  vErrors.push(err598);
                }
                errors++;
              }
            }
            if (data265.property !== undefined) {
              let data268 = data265.property;
              if (typeof data268 === "string") {
                if (!pattern5.test(data268)) {
                  const err599 = {
                    instancePath: instancePath + "/hints/" + i46 + "/property",
                    schemaPath: "#/$defs/pointer/pattern",
                    keyword: "pattern",
                    params: { pattern: "^(/([^~/]|~[01])*)*$" },
                    message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                  };
                  if (vErrors === null) {
                    vErrors = [err599];
                  } else {
                    vErrors.push(err599);
                  }
                  errors++;
                }
              } else {
                const err600 = {
                  instancePath: instancePath + "/hints/" + i46 + "/property",
                  schemaPath: "#/$defs/pointer/type",
                  keyword: "type",
                  params: { type: "string" },
                  message: "must be string",
                };
                if (vErrors === null) {
                  vErrors = [err600];
                } else {
                  vErrors.push(err600);
                }
                errors++;
              }
            }
            if (data265.use !== undefined) {
              if (typeof data265.use !== "string") {
                const err601 = {
                  instancePath: instancePath + "/hints/" + i46 + "/use",
                  schemaPath: "#/properties/hints/items/oneOf/0/properties/use/type",
                  keyword: "type",
                  params: { type: "string" },
                  message: "must be string",
                };
                if (vErrors === null) {
                  vErrors = [err601];
                } else {
                  vErrors.push(err601);
                }
                errors++;
              }
            }
            if (data265.note !== undefined) {
              if (typeof data265.note !== "string") {
                const err602 = {
                  instancePath: instancePath + "/hints/" + i46 + "/note",
                  schemaPath: "#/properties/hints/items/oneOf/0/properties/note/type",
                  keyword: "type",
                  params: { type: "string" },
                  message: "must be string",
                };
                if (vErrors === null) {
                  vErrors = [err602];
                } else {
                  vErrors.push(err602);
                }
                errors++;
              }
            }
          } else {
            const err603 = {
              instancePath: instancePath + "/hints/" + i46,
              schemaPath: "#/properties/hints/items/oneOf/0/type",
              keyword: "type",
              params: { type: "object" },
              message: "must be object",
            };
            if (vErrors === null) {
              vErrors = [err603];
            } else {
              vErrors.push(err603);
            }
            errors++;
          }
          var _valid17 = _errs571 === errors;
          if (_valid17) {
            valid182 = true;
            passing0 = 0;
            var props22 = true;
          }
          const _errs585 = errors;
          if (data265 && typeof data265 == "object" && !Array.isArray(data265)) {
            if (data265.operations === undefined) {
              const err604 = {
                instancePath: instancePath + "/hints/" + i46,
                schemaPath: "#/properties/hints/items/oneOf/1/required",
                keyword: "required",
                params: { missingProperty: "operations" },
                message: "must have required property '" + "operations" + "'",
              };
              if (vErrors === null) {
                vErrors = [err604];
              } else {
                vErrors.push(err604);
              }
              errors++;
            }
            if (data265.path === undefined) {
              const err605 = {
                instancePath: instancePath + "/hints/" + i46,
                schemaPath: "#/properties/hints/items/oneOf/1/required",
                keyword: "required",
                params: { missingProperty: "path" },
                message: "must have required property '" + "path" + "'",
              };
              if (vErrors === null) {
                vErrors = [err605];
              } else {
                vErrors.push(err605);
              }
              errors++;
            }
            if (data265.value === undefined) {
              const err606 = {
                instancePath: instancePath + "/hints/" + i46,
                schemaPath: "#/properties/hints/items/oneOf/1/required",
                keyword: "required",
                params: { missingProperty: "value" },
                message: "must have required property '" + "value" + "'",
              };
              if (vErrors === null) {
                vErrors = [err606];
              } else {
                vErrors.push(err606);
              }
              errors++;
            }
            if (data265.hint === undefined) {
              const err607 = {
                instancePath: instancePath + "/hints/" + i46,
                schemaPath: "#/properties/hints/items/oneOf/1/required",
                keyword: "required",
                params: { missingProperty: "hint" },
                message: "must have required property '" + "hint" + "'",
              };
              if (vErrors === null) {
                vErrors = [err607];
              } else {
                vErrors.push(err607);
              }
              errors++;
            }
            for (const key24 in data265) {
              if (!(key24 === "operations" || key24 === "path" || key24 === "value" || key24 === "hint")) {
                const err608 = {
                  instancePath: instancePath + "/hints/" + i46,
                  schemaPath: "#/properties/hints/items/oneOf/1/additionalProperties",
                  keyword: "additionalProperties",
                  params: { additionalProperty: key24 },
                  message: "must NOT have additional properties",
                };
                if (vErrors === null) {
                  vErrors = [err608];
                } else {
                  vErrors.push(err608);
                }
                errors++;
              }
            }
            if (data265.operations !== undefined) {
              let data271 = data265.operations;
              if (Array.isArray(data271)) {
                if (data271.length < 1) {
                  const err609 = {
                    instancePath: instancePath + "/hints/" + i46 + "/operations",
                    schemaPath: "#/properties/hints/items/oneOf/1/properties/operations/minItems",
                    keyword: "minItems",
                    params: { limit: 1 },
                    message: "must NOT have fewer than 1 items",
                  };
                  if (vErrors === null) {
                    vErrors = [err609];
                  } else {
                    vErrors.push(err609);
                  }
                  errors++;
                }
                const len48 = data271.length;
                for (let i48 = 0; i48 < len48; i48++) {
                  let data272 = data271[i48];
                  if (typeof data272 === "string") {
                    if (func1(data272) < 1) {
                      const err610 = {
                        instancePath: instancePath + "/hints/" + i46 + "/operations/" + i48,
                        schemaPath: "#/properties/hints/items/oneOf/1/properties/operations/items/minLength",
                        keyword: "minLength",
                        params: { limit: 1 },
                        message: "must NOT have fewer than 1 characters",
                      };
                      if (vErrors === null) {
                        vErrors = [err610];
                      } else {
                        vErrors.push(err610);
                      }
                      errors++;
                    }
                  } else {
                    const err611 = {
                      instancePath: instancePath + "/hints/" + i46 + "/operations/" + i48,
                      schemaPath: "#/properties/hints/items/oneOf/1/properties/operations/items/type",
                      keyword: "type",
                      params: { type: "string" },
                      message: "must be string",
                    };
                    if (vErrors === null) {
                      vErrors = [err611];
                    } else {
                      vErrors.push(err611);
                    }
                    errors++;
                  }
                }
              } else {
                const err612 = {
                  instancePath: instancePath + "/hints/" + i46 + "/operations",
                  schemaPath: "#/properties/hints/items/oneOf/1/properties/operations/type",
                  keyword: "type",
                  params: { type: "array" },
                  message: "must be array",
                };
                if (vErrors === null) {
                  vErrors = [err612];
                } else {
                  vErrors.push(err612);
                }
                errors++;
              }
            }
            if (data265.path !== undefined) {
              let data273 = data265.path;
              if (typeof data273 === "string") {
                if (!pattern5.test(data273)) {
                  const err613 = {
                    instancePath: instancePath + "/hints/" + i46 + "/path",
                    schemaPath: "#/$defs/pointer/pattern",
                    keyword: "pattern",
                    params: { pattern: "^(/([^~/]|~[01])*)*$" },
                    message: 'must match pattern "' + "^(/([^~/]|~[01])*)*$" + '"',
                  };
                  if (vErrors === null) {
                    vErrors = [err613];
                  } else {
                    vErrors.push(err613);
                  }
                  errors++;
                }
              } else {
                const err614 = {
                  instancePath: instancePath + "/hints/" + i46 + "/path",
                  schemaPath: "#/$defs/pointer/type",
                  keyword: "type",
                  params: { type: "string" },
                  message: "must be string",
                };
                if (vErrors === null) {
                  vErrors = [err614];
                } else {
                  vErrors.push(err614);
                }
                errors++;
              }
            }
            if (data265.hint !== undefined) {
              if (typeof data265.hint !== "string") {
                const err615 = {
                  instancePath: instancePath + "/hints/" + i46 + "/hint",
                  schemaPath: "#/properties/hints/items/oneOf/1/properties/hint/type",
                  keyword: "type",
                  params: { type: "string" },
                  message: "must be string",
                };
                if (vErrors === null) {
                  vErrors = [err615];
                } else {
                  vErrors.push(err615);
                }
                errors++;
              }
            }
          } else {
            const err616 = {
              instancePath: instancePath + "/hints/" + i46,
              schemaPath: "#/properties/hints/items/oneOf/1/type",
              keyword: "type",
              params: { type: "object" },
              message: "must be object",
            };
            if (vErrors === null) {
              vErrors = [err616];
            } else {
              vErrors.push(err616);
            }
            errors++;
          }
          var _valid17 = _errs585 === errors;
          if (_valid17 && valid182) {
            valid182 = false;
            passing0 = [passing0, 1];
          } else {
            if (_valid17) {
              valid182 = true;
              passing0 = 1;
              if (props22 !== true) {
                props22 = true;
              }
            }
          }
          if (!valid182) {
            const err617 = {
              instancePath: instancePath + "/hints/" + i46,
              schemaPath: "#/properties/hints/items/oneOf",
              keyword: "oneOf",
              params: { passingSchemas: passing0 },
              message: "must match exactly one schema in oneOf",
            };
            if (vErrors === null) {
              vErrors = [err617];
            } else {
              vErrors.push(err617);
            }
            errors++;
          } else {
            errors = _errs570;
            if (vErrors !== null) {
              if (_errs570) {
                vErrors.length = _errs570;
              } else {
                vErrors = null;
              }
            }
          }
        }
      } else {
        const err618 = {
          instancePath: instancePath + "/hints",
          schemaPath: "#/properties/hints/type",
          keyword: "type",
          params: { type: "array" },
          message: "must be array",
        };
        if (vErrors === null) {
          vErrors = [err618];
        } else {
          vErrors.push(err618);
        }
        errors++;
      }
    }
  } else {
    const err619 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err619];
    } else {
      vErrors.push(err619);
    }
    errors++;
  }
  validate20.errors = vErrors;
  return errors === 0;
}
validate20.evaluated = { props: true, dynamicProps: false, dynamicItems: false };
