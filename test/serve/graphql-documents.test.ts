// v2kit serve: whole GraphQL documents as clients write them: several aliased mutations applied in
// order (or none), fragments and __typename answered, and the graphql package's own validation
// (fragment cycles, unknown fields) refusing what a GraphQL server refuses.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { V2kitServer } from "../../serve/index.js";
import { start, stop } from "./helpers.js";

let server: V2kitServer;
beforeAll(async () => {
  server = await start();
});
afterAll(() => stop(server));
beforeEach(() => server.reset());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Answer = Record<string, any>;

async function gql(query: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${server.url()}/graphql?api_key=k`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(variables === undefined ? { query } : { query, variables }),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

const secrets = () => (server.state().collections["graphql:secrets"] ?? []) as { id: string; name: string }[];

describe("every top-level mutation is applied, in order, under its alias", () => {
  it("three aliased secretCreates store three secrets and answer three aliases", async () => {
    const answer = await gql(`mutation {
      a: secretCreate(input: {name: "one", value: "1"}) { id name }
      b: secretCreate(input: {name: "two", value: "2"}) { name }
      c: secretCreate(input: {name: "three", value: "3"}) { name description }
    }`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data)).toEqual(["a", "b", "c"]);
    expect(answer.body.data.b).toEqual({ name: "two" });
    expect(answer.body.data.c).toEqual({ name: "three", description: null });
    expect(secrets().map((secret) => secret.name)).toEqual(["one", "two", "three"]);
  });

  it("secretCreate then secretDelete of another secret: both happen", async () => {
    const made = await gql(`mutation { secretCreate(input: {name: "old", value: "x"}) { id } }`);
    const id = made.body.data.secretCreate.id as string;
    const answer = await gql(`mutation { fresh: secretCreate(input: {name: "new", value: "y"}) { id } gone: secretDelete(id: "${id}") }`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.gone).toBeNull();
    expect(secrets().map((secret) => secret.name)).toEqual(["new"]);
  });

  it("a mutation v2kit does not simulate refuses the whole document: nothing is applied", async () => {
    const answer = await gql(`mutation { secretCreate(input: {name: "kept-out", value: "x"}) { id } podRentInterruptable(input: {}) { id } }`);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain("podRentInterruptable");
    expect(secrets()).toEqual([]);
  });

  it("a mutation that fails when applied undoes the ones before it", async () => {
    const answer = await gql(`mutation { secretCreate(input: {name: "first", value: "x"}) { id } secretDelete(id: "no-such-secret") }`);
    expect(answer.status).toBe(404);
    expect(secrets()).toEqual([]);
  });

  it("an invalid call anywhere in the document is the verdict, before anything is applied", async () => {
    const answer = await gql(`mutation { secretCreate(input: {name: "ok", value: "x"}) { id } other: secretCreate(input: {name: "bad"}) { id } }`);
    expect(answer.status).toBe(422);
    expect(secrets()).toEqual([]);
  });
});

describe("selections", () => {
  it("fields selected through named and inline fragments are answered, and __typename is the type's name", async () => {
    const answer = await gql(`
      mutation Save { saveTemplate(input: {name: "frag", imageName: "example/w:1", containerDiskInGb: 5, volumeInGb: 0, isServerless: true, env: [{key: "A", value: "1"}]}) {
        __typename
        ...Basics
        ... on GraphQLTemplate { env { key value __typename } }
      } }
      fragment Basics on GraphQLTemplate { id name imageName }`);
    expect(answer.status).toBe(200);
    const t = answer.body.data.saveTemplate;
    expect(t.__typename).toBe("GraphQLTemplate");
    expect(t).toMatchObject({ name: "frag", imageName: "example/w:1" });
    expect(t.id).toMatch(/^[a-z0-9]{14}$/);
    expect(t.env).toEqual([{ key: "A", value: "1", __typename: "GraphQLEnvironmentVariable" }]);
  });

  it("a fragment cycle is refused (400), as the graphql package's validation says", async () => {
    const answer = await gql(`mutation { secretCreate(input: {name: "c", value: "x"}) { ...A } }
      fragment A on GraphQLSecret { id ...B }
      fragment B on GraphQLSecret { name ...A }`);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/Cannot spread fragment "A" within itself/);
    expect(secrets()).toEqual([]);
  });

  it("an unknown field is refused (400) with its position", async () => {
    const answer = await gql(`mutation { secretCreate(input: {name: "c", value: "x"}) { id password } }`);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/Cannot query field "password" on type "GraphQLSecret".*line 1/);
  });
});
