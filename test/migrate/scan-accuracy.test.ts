// migrate scan on client code no test had seen (issue: v1 is retired): a curl command inside a
// Python string states its method, a docstring's "(POST /v1/pods)" is POST, an argument list
// ["curl", "-X", "POST", url] is certain, and `<id>` placeholders are path parameters (in
// Markdown prose, inline code and shell blocks), not the end of the path.

import { describe, expect, it } from "vitest";
import { scanSource } from "../../migrate/index.js";

const brief = (text: string, file: string) =>
  scanSource(text, file).map((finding) => ({
    line: finding.line,
    v1: `${finding.v1.method} ${finding.v1.path}`,
    v2: finding.v2 ? `${finding.v2.method} ${finding.v2.path}` : null,
    confidence: finding.confidence,
  }));

describe("the method a string states", () => {
  it("curl -X DELETE inside a Python f-string run by a shell: DELETE, certain", () => {
    const py = `import subprocess\ncmd = f"curl -X DELETE https://rest.runpod.io/v1/pods/{pod_id} -H 'Authorization: Bearer {KEY}'"\nsubprocess.run(cmd, shell=True)\n`;
    expect(brief(py, "c.py")).toEqual([{ line: 2, v1: "DELETE /pods/{pod_id}", v2: "DELETE /v2/pods/{id}", confidence: "certain" }]);
  });

  it("curl with --request=PATCH after the URL, and with data but no -X (POST)", () => {
    const js =
      "const a = `curl https://rest.runpod.io/v1/endpoints/${id} --request=PATCH`;\nconst b = 'curl -d {} https://rest.runpod.io/v1/networkvolumes';\n";
    expect(brief(js, "c.js").map((finding) => finding.v1)).toEqual(["PATCH /endpoints/${id}", "POST /networkvolumes"]);
  });

  it('a docstring\'s prose "(POST /v1/pods)" is POST, not a GET call', () => {
    const py = `API = "https://rest.runpod.io/v1"\n\n\ndef create():\n    """Create a pod (POST /v1/pods) and wait."""\n`;
    expect(brief(py, "c.py")).toEqual([{ line: 5, v1: "POST /pods", v2: "POST /v2/pods", confidence: "certain" }]);
  });

  it('an argument list ["curl", "-X", "POST", url] gives its method', () => {
    const py = `subprocess.run(["curl", "-X", "POST", f"https://rest.runpod.io/v1/pods/{pid}/stop"])\n`;
    expect(brief(py, "c.py")).toEqual([{ line: 1, v1: "POST /pods/{pid}/stop", v2: "POST /v2/pods/{id}/action", confidence: "certain" }]);
  });
});

describe("angle-bracket placeholders", () => {
  it("in Markdown inline code and in a shell block: a parameter of an existing route", () => {
    const md = [
      "Delete a volume: `curl -X DELETE https://rest.runpod.io/v1/networkvolumes/<id>`",
      "",
      "```bash",
      'curl -X DELETE https://rest.runpod.io/v1/networkvolumes/<volume_id> -H "Authorization: Bearer $KEY"',
      "```",
    ].join("\n");
    expect(brief(md, "README.md")).toEqual([
      { line: 1, v1: "DELETE /networkvolumes/{id}", v2: "DELETE /v2/network-volumes/{id}", confidence: "certain" },
      { line: 4, v1: "DELETE /networkvolumes/{volume_id}", v2: "DELETE /v2/network-volumes/{id}", confidence: "certain" },
    ]);
  });

  it("in a shell script, a real redirection still ends the word", () => {
    const sh = "curl https://rest.runpod.io/v1/pods > pods.json\n";
    expect(brief(sh, "get.sh")).toEqual([{ line: 1, v1: "GET /pods", v2: "GET /v2/pods", confidence: "certain" }]);
  });
});
