// enumWhen (rules/kinds/enum-when.ts): a field, when present, is one of some values while a
// condition holds; values compare as JSON data (spec: Create rules 8 and 9, a LOAD_BALANCER
// endpoint scales on REQUEST_COUNT; Template (GraphQL): volumeInGb is 0 on a serverless template).

import { enumWhen } from "../../../rules/kinds/enum-when.js";
import { edgeCasesAgree, envWith, kindTable, type TableRule } from "./kind-table.js";

const table: TableRule = {
  id: "lb-requires-request-count",
  status: 400,
  message: "must scale a LOAD_BALANCER endpoint on REQUEST_COUNT",
  params: { field: "/scaling/type", allowed: ["REQUEST_COUNT"], when: { path: "/type", equals: "LOAD_BALANCER" } },
};

const volumeZero = { field: "/input/volumeInGb", allowed: [0], when: { path: "/input/isServerless", equals: true } };
const shapes = { field: "/value", allowed: [{ a: 1 }, [1, 2]], when: { present: "/value" } };

kindTable(enumWhen, table, [
  { name: "a LOAD_BALANCER endpoint on REQUEST_COUNT", body: { type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT" } }, violations: [] },
  {
    name: "a LOAD_BALANCER endpoint on QUEUE_DELAY",
    body: { type: "LOAD_BALANCER", scaling: { type: "QUEUE_DELAY" } },
    violations: ["/scaling/type"],
    says: ['"QUEUE_DELAY" is not one of "REQUEST_COUNT"'],
  },
  { name: "a QUEUE endpoint on QUEUE_DELAY: the condition does not hold", body: { type: "QUEUE", scaling: { type: "QUEUE_DELAY" } }, violations: [] },
  { name: "no scaling: nothing to judge", body: { type: "LOAD_BALANCER" }, violations: [] },
  { name: "a null value: nothing to judge", body: { type: "LOAD_BALANCER", scaling: { type: null } }, violations: [] },
  { name: "a serverless template with volume 0", params: volumeZero, body: { input: { isServerless: true, volumeInGb: 0 } }, violations: [] },
  {
    name: "a serverless template with a volume",
    params: volumeZero,
    body: { input: { isServerless: true, volumeInGb: 10 } },
    violations: ["/input/volumeInGb"],
    says: ["10 is not one of 0"],
  },
  { name: 'the string "0" is not 0', params: volumeZero, body: { input: { isServerless: true, volumeInGb: "0" } }, violations: ["/input/volumeInGb"] },
  { name: "a pod template with a volume", params: volumeZero, body: { input: { isServerless: false, volumeInGb: 10 } }, violations: [] },
  { name: 'isServerless "true" (a string) is not true', params: volumeZero, body: { input: { isServerless: "true", volumeInGb: 10 } }, violations: [] },
  { name: "an allowed object, equal key by key", params: shapes, body: { value: { a: 1 } }, violations: [] },
  {
    name: "an object with another key",
    params: shapes,
    body: { value: { a: 1, b: 2 } },
    violations: ["/value"],
    says: ['{"a":1,"b":2} is not one of {"a":1}, [1,2]'],
  },
  { name: "an allowed array, in order", params: shapes, body: { value: [1, 2] }, violations: [] },
  { name: "the array in another order", params: shapes, body: { value: [2, 1] }, violations: ["/value"] },
  {
    name: "a long value is shortened in the message",
    params: shapes,
    body: { value: "x".repeat(100) },
    violations: ["/value"],
    says: [`"${"x".repeat(76)}... is not one of`],
  },
]);

edgeCasesAgree(enumWhen, table, { type: "QUEUE", scaling: { type: "QUEUE_DELAY", queueDelay: 4 } }, envWith({ "/type": "LOAD_BALANCER" }, {}), 2);
