// A minimal VS Code client for `v2kit lsp`: starts the server in the workspace folder and sends it
// the JSON files; the server itself decides which of them v2kit.config.json names.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate() {
  const [command, ...args] = vscode.workspace.getConfiguration("v2kit").get("command");
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  client = new LanguageClient(
    "v2kit",
    "v2kit",
    { command, args, transport: TransportKind.stdio, options: cwd ? { cwd } : {} },
    {
      documentSelector: [{ scheme: "file", language: "json" }],
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/v2kit.config.json") },
    },
  );
  return client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
