// Given/want per class of the issue, through scanSource with a file name (which picks the
// lexer): the method read across lines, paths built by concatenation and formatting, v2 base
// URLs that make relative paths v2, and the base URLs of the directory and the tree.

import { describe, expect, it } from "vitest";
import { scanSource } from "../../migrate/index.js";

type Want = { line: number; v1: string; v2: string | null; confidence: "certain" | "inferred"; rule?: "v1-mention" };
const summary = (text: string, file: string) =>
  scanSource(text, file).map((finding) => ({
    line: finding.line,
    v1: `${finding.v1.method} ${finding.v1.path}`,
    v2: finding.v2 && `${finding.v2.method} ${finding.v2.path}`,
    confidence: finding.confidence,
    ...(finding.ruleId === "v1-mention" ? { rule: finding.ruleId } : {}),
  }));

const rows: [string, string, string, Want[]][] = [
  // 1. The method is not on the line of the path.
  [
    "curl --request on the line before --url",
    "a.sh",
    `curl --request PATCH \\\n  --url https://rest.runpod.io/v1/pods/p1 \\\n  -d '{}'`,
    [{ line: 2, v1: "PATCH /pods/p1", v2: "PATCH /v2/pods/p1", confidence: "certain" }],
  ],
  [
    "curl -X after the URL",
    "a.sh",
    `curl "https://rest.runpod.io/v1/pods/p1/start" \\\n  -X POST`,
    [{ line: 1, v1: "POST /pods/p1/start", v2: "POST /v2/pods/p1/action", confidence: "certain" }],
  ],
  [
    "curl with data and no -X is POST",
    "a.sh",
    `curl https://rest.runpod.io/v1/endpoints --json @ep.json`,
    [{ line: 1, v1: "POST /endpoints", v2: "POST /v2/serverless", confidence: "certain" }],
  ],
  [
    "PowerShell -Method on a continued line",
    "a.ps1",
    "Invoke-RestMethod -Uri 'https://rest.runpod.io/v1/pods/p1' `\n  -Method Delete",
    [{ line: 1, v1: "DELETE /pods/p1", v2: "DELETE /v2/pods/p1", confidence: "certain" }],
  ],
  [
    "Go path variable then c.Post",
    "a.go",
    `const base = "https://rest.runpod.io/v1"\nfunc f() {\n\tpath := base + "/pods/" + id + "/stop"\n\treturn c.Post(path, nil)\n}`,
    [{ line: 3, v1: "POST /pods/{id}/stop", v2: "POST /v2/pods/{id}/action", confidence: "certain" }],
  ],
  [
    "Python url variable then requests.delete",
    "a.py",
    `API = "https://rest.runpod.io/v1"\nurl = f"{API}/networkvolumes/{vid}"\nrequests.delete(url)`,
    [{ line: 2, v1: "DELETE /networkvolumes/{vid}", v2: "DELETE /v2/network-volumes/{id}", confidence: "certain" }],
  ],
  [
    "JS options object across lines",
    "a.ts",
    'const B = "https://rest.runpod.io/v1";\nawait fetch(`${B}/endpoints/${id}`, {\n  headers,\n  method: "PATCH",\n});',
    [{ line: 2, v1: "PATCH /endpoints/${id}", v2: "PATCH /v2/serverless/{id}", confidence: "certain" }],
  ],
  [
    "Go http.NewRequest with http.MethodPatch",
    "a.go",
    `req, _ := http.NewRequest(http.MethodPatch, "https://rest.runpod.io/v1/templates/"+id, body)`,
    [{ line: 1, v1: "PATCH /templates/{id}", v2: "PATCH /v2/templates/{id}", confidence: "certain" }],
  ],
  // 2. Paths built by concatenation or formatting.
  [
    "Go fmt.Sprintf with the base constant",
    "a.go",
    `const baseURL = "https://rest.runpod.io/v1"\nu := fmt.Sprintf("%s/pods/%s/stop", baseURL, id)\nc.Post(u, nil)`,
    [{ line: 2, v1: "POST /pods/{id}/stop", v2: "POST /v2/pods/{id}/action", confidence: "certain" }],
  ],
  [
    "Python % formatting",
    "a.py",
    `BASE = "https://rest.runpod.io/v1"\nrequests.get("%s/billing/%s" % (BASE, "pods"))`,
    [{ line: 2, v1: "GET /billing/pods", v2: "GET /v2/billing/pods", confidence: "certain" }],
  ],
  [
    "Python .format",
    "a.py",
    `BASE = "https://rest.runpod.io/v1"\nrequests.post("{}/pods/{}/restart".format(BASE, pod_id))`,
    [{ line: 2, v1: "POST /pods/{pod_id}/restart", v2: "POST /v2/pods/{id}/action", confidence: "certain" }],
  ],
  [
    "PowerShell -f",
    "a.ps1",
    `$Base = 'https://rest.runpod.io/v1'\nInvoke-RestMethod -Method Get -Uri ('{0}/endpoints/{1}' -f $Base, $Id)`,
    [{ line: 2, v1: "GET /endpoints/{Id}", v2: "GET /v2/serverless/{id}", confidence: "certain" }],
  ],
  [
    "JS concatenation of a constant base",
    "a.js",
    `const BASE = 'https://' + RUNPOD_HOST + '/v1';\naxios.post(BASE + '/pods/' + id + '/update', body)`,
    [{ line: 2, v1: "POST /pods/${id}/update", v2: "PATCH /v2/pods/{id}", confidence: "certain" }],
  ],
  // 3. Already v2.
  ["v2 base constant and relative paths (Python)", "a.py", `BASE_URL = "https://rest.runpod.io/v2"\nclient.get("/pods")\nclient.get("/billing/pods")`, []],
  // v2-rest.runpod.io is this API's v2 host too (public v2 clients call it): `/pods` is a v2 route
  // there, `/endpoints/{id}` a v1 path left on the v2 base (v1-path-on-v2-base: the call fails).
  [
    "api.runpod.io/v2 and v2-rest hosts",
    "a.ts",
    `const a = "https://api.runpod.io/v2";\nconst b = "https://v2-rest.runpod.io/v2/";\nhttp.get("/pods");\nhttp.patch(\`/endpoints/\${id}\`)`,
    [{ line: 4, v1: "PATCH /endpoints/${id}", v2: "PATCH /v2/serverless/{id}", confidence: "certain" }],
  ],
  ["v2 base in the expression", "a.go", `const base = "https://rest.runpod.io/v2"\nc.Get(base + "/pods")`, []],
  [
    "v2 table beside v1 table",
    "a.ts",
    `export const v1 = ["/v1/pods", "/v1/endpoints"];\nexport const v2 = ["/v2/pods", "/v2/serverless"];`,
    [
      { line: 1, v1: "GET /pods", v2: "GET /v2/pods", confidence: "inferred" },
      { line: 1, v1: "GET /endpoints", v2: "GET /v2/serverless", confidence: "inferred" },
    ],
  ],
  [
    "a string that states its method",
    "a.ts",
    `logger.info("PATCH https://rest.runpod.io/v1/endpoints/ep-1 done");`,
    [{ line: 1, v1: "PATCH /endpoints/ep-1", v2: "PATCH /v2/serverless/ep-1", confidence: "certain" }],
  ],
  // Not calls.
  ["a comment", "a.go", `// c.Get("https://rest.runpod.io/v1/pods")`, []],
  // Commands inside strings are read as shell; placeholders as docs write them are path parameters.
  [
    "bash -c and sh -c with placeholders",
    "a.sh",
    `bash -c "curl -X POST https://rest.runpod.io/v1/pods/YOUR_POD_ID/stop"\nsh -c 'curl --request DELETE https://rest.runpod.io/v1/networkvolumes/:id'`,
    [
      { line: 1, v1: "POST /pods/YOUR_POD_ID/stop", v2: "POST /v2/pods/YOUR_POD_ID/action", confidence: "certain" },
      { line: 2, v1: "DELETE /networkvolumes/:id", v2: "DELETE /v2/network-volumes/{id}", confidence: "certain" },
    ],
  ],
  [
    "a bash -c argv list in Python, an <id> placeholder",
    "a.py",
    `subprocess.run(["bash", "-c", "curl -s -X PATCH https://rest.runpod.io/v1/endpoints/<id>"])`,
    [{ line: 1, v1: "PATCH /endpoints/{id}", v2: "PATCH /v2/serverless/{id}", confidence: "certain" }],
  ],
  // Prose names routes, it calls nothing: a mention with the method it states, never a guessed GET.
  ["a Python docstring naming a URL without a method is not reported", "a.py", `"""See https://rest.runpod.io/v1/pods."""`, []],
  [
    "a Python docstring stating the method is a mention",
    "a.py",
    `BASE = "https://rest.runpod.io/v1"
def create():
    """Creates a pod (POST /v1/pods)."""
    return post(PODS)`,
    [{ line: 3, v1: "POST /pods", v2: "POST /v2/pods", confidence: "certain", rule: "v1-mention" }],
  ],
  [
    "a string argument on its own line is no docstring",
    "a.py",
    `requests.post(
    "https://rest.runpod.io/v1/pods",
    json=body,
)`,
    [{ line: 2, v1: "POST /pods", v2: "POST /v2/pods", confidence: "certain" }],
  ],
  [
    "Markdown text is a mention; a fenced block without a language is a call",
    "README.md",
    "Create one with `POST /v1/pods`; see https://rest.runpod.io/v1/endpoints.\n\n```\ncurl -X DELETE https://rest.runpod.io/v1/pods/abc\n```\n",
    [
      { line: 1, v1: "POST /pods", v2: "POST /v2/pods", confidence: "certain", rule: "v1-mention" },
      { line: 4, v1: "DELETE /pods/abc", v2: "DELETE /v2/pods/abc", confidence: "certain" },
    ],
  ],
  ["relative literal naming a file", "a.ts", `const page = "/templates/readme.html";`, []],
  ["relative literal that is no v1 route", "a.py", `path = "/pods/p-1/logs"`, []],
];

describe("scanSource per language", () => {
  it.each(rows)("%s", (_name, file, text, want) => {
    expect(summary(text, file)).toEqual(want);
  });
});

describe("base URLs around the file", () => {
  const relative = `client.post("/pods", json=body)`;
  it("a relative path with no base anywhere is reported, base inferred", () => {
    const [finding] = scanSource(relative, "a.py");
    expect(finding).toMatchObject({ confidence: "inferred", inferred: ["base"], ruleId: "v1-call-inferred", v1: { method: "POST", path: "/pods" } });
  });
  it("a v2 base in the directory makes it v2", () => {
    expect(scanSource(relative, "a.py", [{ where: "this directory", bases: { v1: false, v2: true } }])).toEqual([]);
  });
  it("a v1 base in a parent directory wins over a v2 base elsewhere in the tree", () => {
    const around = [
      { where: "the parent directory src", bases: { v1: true, v2: false } },
      { where: "the scanned tree", bases: { v1: true, v2: true } },
    ];
    const [finding] = scanSource(relative, "a.py", around);
    expect(finding?.notes[0]?.message).toContain("the parent directory src names a v1 base URL");
  });
  it("a certain finding says where the method came from", () => {
    const [finding] = scanSource(`curl -X DELETE https://rest.runpod.io/v1/pods/p1`, "x.sh");
    expect(finding).toMatchObject({ confidence: "certain", inferred: [], ruleId: "v1-call", methodSource: "curl -X DELETE" });
  });
});
