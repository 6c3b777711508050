// On-disk cache of catalog and template responses, one file per (base URL, key fingerprint, path).
// The key itself is never written: file names hash the fingerprint, and entries hold only the
// base URL, the path, the fetch time and the body. Files are 0600 in a 0700 directory, written
// to a temporary file and renamed, so a reader never sees half an entry.
// A cache directory others can write to could hold planted entries (a forged catalog): one we
// own is tightened to 0700 and its entries dropped, with a warning; one we do not own, or a
// symlink, is not used at all.

import { createHash, randomBytes } from "node:crypto";
import { chmod, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
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

const ENTRY_NAME = /-[0-9a-f]{32}\.json$/;

/**
 * Make sure `dir` is a private cache directory; false when it must not be used. Created 0700
 * when missing; tightened (entries dropped) with a warning when group or others have access.
 */
export async function secureCacheDir(dir: string, warn: (line: string) => void): Promise<boolean> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stat = await lstat(dir);
  if (!stat.isDirectory()) {
    warn(`cache directory ${dir} is not a directory (a symlink?); the cache is not used`);
    return false;
  }
  if (typeof process.getuid === "function" && stat.uid !== process.getuid()) {
    warn(`cache directory ${dir} belongs to another user; the cache is not used`);
    return false;
  }
  if ((stat.mode & 0o077) !== 0) {
    await chmod(dir, 0o700);
    const dropped = (await readdir(dir)).filter((name) => ENTRY_NAME.test(name));
    for (const name of dropped) await rm(join(dir, name), { force: true });
    const mode = (stat.mode & 0o777).toString(8);
    warn(`cache directory ${dir} was open to other users (mode ${mode}); set to 700 and its ${dropped.length} entries dropped`);
  }
  return true;
}
