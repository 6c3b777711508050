// A Rust crate keeps its base in one module and sends paths from others in other folders
// (`src/client/config.rs`, `src/service/pods.rs`); its Makefile or .env example, at the top, names the
// base it had. `migrate scan` judges a relative path in a Rust file by the base URLs of its crate's
// Rust files before the folders above it (issue 41): after `--fix` moved the crate's base to v2, a
// scan of the tree finds no v1 call, though the Makefile still names the v1 base.

import { describe, expect, it } from "vitest";
import { jsonLines, run, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-scan-fix-rust-crate-");

const crate = (base: string) => ({
  "README.md": "# compute\n\nSet `COMPUTE_BASE_URL` to point the client elsewhere (the service's REST API is https://rest.runpod.io/v1).\n",
  Makefile: "COMPUTE_BASE_URL ?= https://rest.runpod.io/v1\n\nrun:\n\tCOMPUTE_BASE_URL=$(COMPUTE_BASE_URL) cargo run\n",
  "Cargo.toml": '[package]\nname = "compute"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n',
  "src/lib.rs": "pub mod client;\npub mod service;\n",
  "src/client/mod.rs": "pub mod config;\n\npub struct Client {\n    pub(crate) config: config::Config,\n}\n",
  "src/client/config.rs": [
    "pub struct Config {",
    "    base_url: String,",
    "}",
    "",
    "impl Config {",
    "    fn default_base_url() -> String {",
    `        "${base}".to_string()`,
    "    }",
    "",
    "    pub fn new() -> Config {",
    "        Config { base_url: Self::default_base_url() }",
    "    }",
    "",
    "    pub fn base_url(&self) -> &str {",
    "        &self.base_url",
    "    }",
    "}",
    "",
  ].join("\n"),
  "src/service/mod.rs": "pub mod pods;\n",
  "src/service/pods.rs": [
    "use crate::client::Client;",
    "",
    "impl Client {",
    "    fn get(&self, path: &str) -> String {",
    '        format!("{}{}", self.config.base_url(), path)',
    "    }",
    "",
    "    pub fn pods(&self) -> String {",
    '        self.get("/pods")',
    "    }",
    "",
    "    pub fn volumes(&self) -> String {",
    '        self.get("/networkvolumes")',
    "    }",
    "}",
    "",
  ].join("\n"),
});

interface Row {
  file: string;
  ruleId: string;
  notes: { message: string }[];
}

describe("migrate scan: a relative path in a Rust file is judged by its crate's base", () => {
  it("reads the calls as v1 while the crate's default is v1, with the crate named as where the base is", () => {
    const dir = scratch(crate("https://rest.runpod.io/v1"));
    const rows = jsonLines<Row>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout);
    expect(rows.map((row) => row.file)).toEqual(["src/service/pods.rs", "src/service/pods.rs"]);
    expect(rows[0]?.notes.map((note) => note.message)).toContainEqual(expect.stringContaining("the Rust crate"));
  });

  it("after --fix moved the default and the calls, a scan finds no v1 call, though the Makefile names the v1 base", () => {
    const dir = scratch(crate("https://rest.runpod.io/v1"));
    const fixed = run(dir, ["--fix"]);
    expect(fixed.stderr).toContain("fixed 2 calls in 2 files; 0 calls left");
    expect(jsonLines<Row>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout)).toEqual([]);
  });

  it("a v1 path left under the crate's v2 base is reported as one", () => {
    const dir = scratch(crate("https://api.runpod.io/v2"));
    const rows = jsonLines<Row>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout);
    expect(rows.map((row) => row.ruleId)).toEqual(["v1-path-on-v2-base"]);
  });
});
