// On-disk cache of catalog and template responses, one file per (base URL, key fingerprint, path).
// The key itself is never written: file names hash the fingerprint, and entries hold only the
// base URL, the path, the fetch time and the body. Files are 0600 in a 0700 directory, written
// to a temporary file and renamed, so a reader never sees half an entry.

import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";

export const CACHE_DIR_ENV = "V2KIT_CACHE_DIR";

/** $V2KIT_CACHE_DIR, else $XDG_CACHE_HOME/v2kit (when absolute, per the XDG spec), else ~/.cache/v2kit. */
export function defaultCacheDir(env: NodeJS.ProcessEnv): string {
  const own = env[CACHE_DIR_ENV];
  if (own !== undefined && own !== "") return own;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, "v2kit");
  return join(homedir(), ".cache", "v2kit");
}

export function cacheFile(dir: string, baseUrl: string, fingerprint: string, path: string): string {
  const hash = createHash("sha256").update(`${baseUrl}\n${fingerprint}\n${path}`, "utf8").digest("hex").slice(0, 32);
  const readable = path.replace(/^\/v2\//, "").replace(/[^A-Za-z0-9]+/g, "-");
  return join(dir, `${readable}-${hash}.json`);
}

interface Entry {
  baseUrl: string;
  path: string;
  /** Milliseconds since the epoch. */
  fetchedAt: number;
  body: unknown;
}

/** The cached body if the entry is for this URL and younger than ttlSeconds; corrupt entries count as missing. */
export async function readCache(
  file: string,
  expect: { baseUrl: string; path: string; ttlSeconds: number; now: number },
): Promise<{ body: unknown; ageSeconds: number } | undefined> {
  let entry: Partial<Entry>;
  try {
    entry = JSON.parse(await readFile(file, "utf8")) as Partial<Entry>;
  } catch {
    return undefined;
  }
  if (entry === null || typeof entry !== "object" || entry.baseUrl !== expect.baseUrl || entry.path !== expect.path) return undefined;
  if (typeof entry.fetchedAt !== "number" || !("body" in entry)) return undefined;
  const age = expect.now - entry.fetchedAt;
  if (age < 0 || age >= expect.ttlSeconds * 1000) return undefined;
  return { body: entry.body, ageSeconds: Math.floor(age / 1000) };
}

export async function writeCache(file: string, dir: string, entry: Entry): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(entry)}\n`, { mode: 0o600, flag: "wx" });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
