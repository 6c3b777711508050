// Issue 41 (found on public code: Stefan-Heimersheim/runpod_cli, SourceBox-LLC/FineFoundry): a
// base constant is kept v1 when another file of the tree uses it, since changing it would move
// that file's calls too. "Uses" was a text match, so a word inside a string or a comment of
// another file (`"--url"` in a shell snippet, "Hugging Face API token" in a UI label) kept a
// whole client v1. Names are now matched in code only (strings reduced to what they interpolate,
// comments dropped); a real use in code (an import, an f-string hole) still keeps the base.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scanFix, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-names-in-code-");

const CLIENT = `import requests

API = "https://rest.runpod.io/v1"


def volume(volume_id):
    url = f"{API}/networkvolumes/{volume_id}"
    return requests.get(url, timeout=30).json()
`;

describe("a base constant named by another file", () => {
  it.each([
    ["a string of a shell command", 'SETUP = """\ncurl --url "$API" -s\n"""\n'],
    ["a UI label", 'LABEL = "Hugging Face API token"  # API\n'],
    ["a comment", "# url and API are set in client.py\nimport client\n"],
  ])("only inside %s: not a use, so --fix moves the base with the call", (_where, other) => {
    const dir = scratch({ "client.py": CLIENT, "ui.py": `import client\n${other}` });
    const fixed = scanFix(dir);
    expect(fixed.stdout).not.toContain("not fixed");
    expect(readFileSync(join(dir, "client.py"), "utf8")).toContain('API = "https://api.runpod.io/v2"');
    expect(readFileSync(join(dir, "client.py"), "utf8")).toContain('url = f"{API}/network-volumes/{volume_id}"');
  });

  it.each([
    ["an f-string hole", 'import client\nfrom client import API\nHEALTH = f"{API}/openapi.json"\n'],
    ["a qualified name", "import client\nprint(client.API)\n"],
  ])("in code (%s): a use, so the base and the call stay v1 and the call says which file", (_where, other) => {
    const dir = scratch({ "client.py": CLIENT, "ui.py": other });
    const fixed = scanFix(dir);
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(CLIENT);
    expect(fixed.stdout).toContain("the v1 base comes from `API`, which ui.py uses too");
  });
});
