// Where the API key comes from: --api-key-file FILE, else V2KIT_API_KEY. Never a command-line
// value (it would show in `ps` and shell history), and never echoed: messages name the source only.

import { createHash } from "node:crypto";
import { fileMode, InputError, readInputSync } from "../input/read-input.js";
import { LiveError } from "./errors.js";

/** A key file is one short line: anything longer is not a key file (and is not read whole). */
const MAX_KEY_FILE_BYTES = 64 * 1024;

export const API_KEY_ENV = "V2KIT_API_KEY";

/**
 * The API key. A key file others can read gets a warning through `warn` (ssh does the same for
 * private keys): chmod 600 it. A FIFO, device or directory is refused, never waited on.
 */
export function resolveApiKey(file: string | undefined, env: NodeJS.ProcessEnv, warn: (line: string) => void = () => {}): string {
  if (file !== undefined) {
    let text: string;
    try {
      text = readInputSync(file, MAX_KEY_FILE_BYTES).toString("utf8");
    } catch (error) {
      const reason = error instanceof InputError ? error.reason : "unreadable";
      throw new LiveError("key-file", `cannot read --api-key-file ${file} (${reason}); it must hold the API key on one line`);
    }
    const mode = fileMode(file);
    if (mode !== undefined && (mode & 0o077) !== 0) {
      warn(`--api-key-file ${file} can be read by others (mode ${mode.toString(8).padStart(3, "0")}): run chmod 600 ${file}`);
    }
    const key = text.trim();
    if (key === "") throw new LiveError("key-file", `--api-key-file ${file} is empty; put the API key in it`);
    return checked(key, `--api-key-file ${file}`);
  }
  const key = env[API_KEY_ENV]?.trim() ?? "";
  if (key === "") {
    throw new LiveError("no-key", `no API key: set ${API_KEY_ENV} or pass --api-key-file FILE (live context needs one)`);
  }
  return checked(key, API_KEY_ENV);
}

/** A bearer token is visible ASCII; anything else would make fetch fail with the value in its message. */
function checked(key: string, source: string): string {
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new LiveError(source === API_KEY_ENV ? "no-key" : "key-file", `the API key in ${source} must be one line of visible ASCII characters`);
  }
  return key;
}

/** A short, stable name for a key that reveals nothing about it: sha256, first 16 hex digits. */
export function keyFingerprint(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex").slice(0, 16);
}
