// Issue 41, a Go client that sends every request through one method, whose URL helper sends an
// absolute URL as it is (`if strings.HasPrefix(endpoint, "https://") { return endpoint }`) and
// joins anything else to the REST base. The GraphQL query passes a URL held in a struct field
// (`c.graphqlURL`, defaulted to a constant, replaced by an option) and the queue call a URL a
// method builds (`strings.TrimRight(c.queueURL, "/") + path`): both are proven absolute from every
// value the package gives them, so they do not keep --fix from moving the REST base, and the
// GraphQL URL is never changed. A field given any other value keeps the base where it is.
// Fixture: test/fixtures/scan-clients/go-graphql-field (scan-fix-clients checks its after/ with
// gofmt and go vet); the CLI runs as a child process.

import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { files, scanFix, scratchFolders } from "./scan-harness.js";

const BEFORE = fileURLToPath(new URL("../fixtures/scan-clients/go-graphql-field/before/", import.meta.url));
const tree = scratchFolders("v2kit-go-values-");

function client(edit?: (text: string) => string): string {
  const dir = tree({});
  cpSync(BEFORE, dir, { recursive: true });
  if (edit) writeFileSync(join(dir, "client.go"), edit(readFileSync(join(dir, "client.go"), "utf8")));
  return dir;
}

describe("a Go request method that also sends absolute URLs held in fields", () => {
  it("--fix moves the REST base and its calls, and leaves the GraphQL and queue URLs as they are", () => {
    const dir = client();
    const fixed = scanFix(dir);
    expect(fixed.status).toBe(0);
    expect(fixed.stderr).toContain("fixed 3 calls in 2 files; 0 calls left");
    const after = files(dir);
    expect(after.get("client.go")).toContain('DefaultRESTURL = "https://api.runpod.io/v2"');
    expect(after.get("client.go")).toContain('DefaultGraphQLURL = "https://api.runpod.io/graphql"');
    expect(after.get("client.go")).toContain('DefaultQueueURL = "https://api.runpod.ai"');
    expect(after.get("pods.go")).toContain('c.Get("/network-volumes", out)');
  });

  it.each([
    ["a relative default", (text: string) => text.replace("graphqlURL: DefaultGraphQLURL", 'graphqlURL: "/graphql"')],
    ["a default read from the environment", (text: string) => text.replace("graphqlURL: DefaultGraphQLURL", 'graphqlURL: os.Getenv("GRAPHQL_URL")')],
    [
      "a later assignment of a value v2kit does not know",
      (text: string) => text.replace("\tfor _, opt := range opts {", "\tc.graphqlURL = token\n\tfor _, opt := range opts {"),
    ],
  ])("a GraphQL field given %s keeps the base and every call as written, and says where", (_, edit) => {
    const dir = client(edit);
    const before = files(dir);
    const fixed = scanFix(dir, "--unsafe-fixes");
    expect(files(dir)).toEqual(before);
    expect(fixed.stdout + fixed.stderr).toContain("`Post` uses `DefaultRESTURL` and is called with no v1 path v2kit reads");
  });

  it("a method named like a parameter (`url string`) and another type's `Header.Get` are not uses of the client's", () => {
    // The fixture has both; the first test shows they do not block. Here the same names in a plain
    // function (not a method) do: a bare `url` may then be that function.
    const dir = client((text) =>
      text
        .replace("func (c *Client) url(endpoint string) string {", "func url(c *Client, endpoint string) string {")
        .replace("c.url(endpoint)", "url(c, endpoint)"),
    );
    const before = files(dir);
    const fixed = scanFix(dir, "--unsafe-fixes");
    expect(files(dir)).toEqual(before);
    expect(fixed.stdout + fixed.stderr).toContain("`url`, which sends requests to `DefaultRESTURL`, is used as a value at client.go:37");
  });
});
