// `migrate scan` reads PHP (issue 41, item 1): a PHP lexer (strings with `$var` / `{$expr}`
// interpolations read as run-time segments, heredocs and nowdocs, `//` `#` `/* */` comments,
// `<?php` tags), and a Laravel client whose base is a constructor-promoted property and whose
// calls go through `$this->http()->get(…)` is one client unit (the whole fix is
// test/fixtures/scan-clients/php-laravel, checked by scan-fix-clients.test.ts). Here: what the
// lexer reads, the bodies a fix writes or reads (the `['action' => 'stop']` it adds lints valid and
// the fixed file passes `php -l`; a literal array body with v1 keys is reported, not sent under a
// v2 URL), and the tests that fake or assert the client's full v1 URLs moved with its base.
// The CLI runs as a child process.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lexPhp } from "../../migrate/scan/lex/php.js";
import { literalText } from "../../migrate/scan/lex/tokens.js";
import { expectLintsValid, has, jsonLines, scanFix, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-php-");
const php = has("php", ["--version"]);
if (!php) console.log("scan-fix-php: php not found: fixed files are not checked with php -l here (.ci/run installs php-cli)");

/** The strings of a PHP text as the lexer reads them: literal text, holes as `<hole>`. */
const strings = (text: string) =>
  lexPhp(text)
    .filter((token) => token.kind === "str")
    .map((token) => (token.parts ?? []).map((part) => ("hole" in part ? `<${part.hole}>` : part.text)).join(""));

const CLIENT = `<?php

use Illuminate\\Support\\Facades\\Http;

class Pods
{
    public function __construct(protected string $apiKey, protected string $baseUrl = 'https://rest.runpod.io/v1') {}

    public function stop(string $id): bool
    {
        return $this->http()->post("/pods/{$id}/stop")->successful();
    }

    public function scale(string $id): ?array
    {
        return $this->http()->patch("/endpoints/{$id}", ['workersMax' => 2])->json();
    }

    public function pods(): array
    {
        return $this->http()->get('/pods')->json();
    }

    protected function http()
    {
        return Http::withToken($this->apiKey)->baseUrl($this->baseUrl);
    }
}
`;

interface JsonFinding {
  line: number;
  body?: { v1: unknown };
  notes: { message: string }[];
}

const phpLint = (file: string) => spawnSync("php", ["-l", file], { encoding: "utf8" });

describe("the PHP lexer", () => {
  it("reads single-quoted strings literally and double-quoted ones and heredocs with their interpolations", () => {
    const text = [
      "<?php",
      "$a = '/pods/$id\\'s {$x}';",
      '$b = "/pods/{$podId}/stop?x=$pod->id&y=${n}\\$z";',
      "$c = <<<EOT",
      "    /pods/{$id}",
      "    EOT;",
      "$d = <<<'EOT'",
      "/pods/{$id}",
      "EOT;",
    ].join("\n");
    expect(strings(text)).toEqual(["/pods/$id's {$x}", "/pods/<$podId>/stop?x=<$pod->id>&y=<n>$z", "/pods/<$id>", "/pods/{$id}"]);
  });

  it("skips comments and text outside the PHP tags, and reads `->` as a member and `.` as concatenation", () => {
    const text = "<h1>'/pods' outside</h1>\n<?php\n// '/a'\n# '/b'\n/* '/c' */\n#[Attr('/d')]\n$u = $this->base . '/e'; ?>\n'/f' <?php $g = '/g';";
    expect(strings(text)).toEqual(["/d", "/e", "/g"]);
    const tokens = lexPhp("<?php $this->base . '/e';").map((token) => token.text);
    expect(tokens).toEqual(["$this", ".", "base", "+", "'/e'", ";"]);
    expect(literalText(lexPhp("<?php 'x';")[0]?.parts ?? [])).toBe("x");
  });
});

describe("migrate scan --fix on a Laravel client", () => {
  it("moves the base with its calls, adds the action body as a PHP array, and reports a literal body with v1 keys", () => {
    const dir = scratch({ "src/Pods.php": CLIENT });
    const fixed = scanFix(dir, "--unsafe-fixes", "--format", "json");
    expect(fixed.stderr).toMatch(/fixed 2 calls in 1 file; 1 call left/);
    const text = readFileSync(join(dir, "src/Pods.php"), "utf8");
    expect(text).toContain("protected string $baseUrl = 'https://api.runpod.io/v2'");
    expect(text).toContain(`$this->http()->post("/pods/{$id}/action", ['action' => 'stop'])`);
    // The literal array body is read, and its v1 keys keep the call (and its URL) as written.
    expect(text).toContain(`$this->http()->patch("/endpoints/{$id}", ['workersMax' => 2])`);
    const [left] = jsonLines<JsonFinding>(fixed.stdout);
    expect(left?.body?.v1).toEqual({ workersMax: 2 });
    expect(left?.notes.some((note) => note.message.startsWith("not fixed: "))).toBe(true);
    // The body the fix wrote, as Laravel sends it (`['action' => 'stop']` is the JSON object below).
    expectLintsValid("podAction", { action: "stop" });
    if (php) {
      const lint = phpLint(join(dir, "src/Pods.php"));
      expect(lint.status, lint.stdout + lint.stderr).toBe(0);
    }
    const second = scanFix(dir, "--unsafe-fixes");
    expect(second.stderr).toMatch(/fixed 0 calls in 0 files/);
  });

  it("moves the tests that fake or assert the client's full v1 URLs with its base (scan-fix-fakes.test.ts has the rest)", () => {
    const fake = `<?php

use Illuminate\\Support\\Facades\\Http;

it('stops a pod', function () {
    Http::fake(['https://rest.runpod.io/v1/pods*' => Http::response([], 200)]);
    (new Pods('k'))->stop('p1');
    Http::assertSent(fn ($request) => $request->url() === 'https://rest.runpod.io/v1/pods/p1/stop');
});
`;
    const dir = scratch({ "src/Pods.php": CLIENT, "tests/PodsTest.php": fake });
    const fixed = scanFix(dir, "--unsafe-fixes", "--format", "json");
    expect(fixed.stderr).toMatch(/fixed 2 calls and 2 test fakes of them in 2 files; 1 call left/);
    expect(readFileSync(join(dir, "src/Pods.php"), "utf8")).toContain("'https://api.runpod.io/v2'");
    expect(readFileSync(join(dir, "tests/PodsTest.php"), "utf8")).toBe(
      fake.replace("rest.runpod.io/v1/pods*", "api.runpod.io/v2/pods*").replace("rest.runpod.io/v1/pods/p1/stop", "api.runpod.io/v2/pods/p1/action"),
    );
    if (php) {
      const lint = phpLint(join(dir, "tests/PodsTest.php"));
      expect(lint.status, lint.stdout + lint.stderr).toBe(0);
    }
  });
});
