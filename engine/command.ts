// The container command: `args` as one raw string versus `cmd`/`entrypoint` arrays
// (spec, Container config). `args` is either a bare shell string (CMD, split into
// arguments) or a JSON-object string with `entrypoint` and/or `cmd` arrays.

export interface ParsedCommand {
  entrypoint?: string[];
  cmd?: string[];
}

/** Split a shell string into words: whitespace separates, quotes group, backslash escapes. */
export function shellWords(text: string): string[] | undefined {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quote === "'") {
      if (ch === "'") quote = null;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === "\\" && i + 1 < text.length && '"\\$`'.includes(text[i + 1] as string)) word += text[++i];
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === "\\" && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote !== null) return undefined;
  if (inWord) words.push(word);
  return words;
}

function stringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** What an `args` string sets, or undefined when it is neither accepted shape. */
export function parseArgs(args: string): ParsedCommand | undefined {
  const trimmed = args.trim();
  if (trimmed.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return undefined;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
    const record = parsed as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.some((k) => k !== "entrypoint" && k !== "cmd")) return undefined;
    const out: ParsedCommand = {};
    if (Object.hasOwn(record, "entrypoint")) {
      if (!stringArray(record["entrypoint"])) return undefined;
      out.entrypoint = record["entrypoint"];
    }
    if (Object.hasOwn(record, "cmd")) {
      if (!stringArray(record["cmd"])) return undefined;
      out.cmd = record["cmd"];
    }
    return out;
  }
  const words = shellWords(args);
  return words === undefined ? undefined : words.length === 0 ? {} : { cmd: words };
}

/**
 * Why `args` and `cmd`/`entrypoint` disagree, or undefined when they describe the same
 * command (or only one side is given).
 */
export function commandMismatch(args: unknown, cmd: unknown, entrypoint: unknown): string | undefined {
  if (typeof args !== "string" || (cmd === undefined && entrypoint === undefined)) return undefined;
  const parsed = parseArgs(args);
  if (parsed === undefined) return "`args` is neither a shell string nor a JSON object with `entrypoint`/`cmd` arrays";
  const same = (a: string[] | undefined, b: unknown) => stringArray(b) && (a ?? []).length === b.length && (a ?? []).every((word, i) => word === b[i]);
  if (cmd !== undefined && !same(parsed.cmd, cmd)) {
    return `\`cmd\` ${JSON.stringify(cmd)} differs from the CMD that \`args\` sets (${JSON.stringify(parsed.cmd ?? [])})`;
  }
  if (entrypoint !== undefined && !same(parsed.entrypoint, entrypoint)) {
    return `\`entrypoint\` ${JSON.stringify(entrypoint)} differs from the ENTRYPOINT that \`args\` sets (${JSON.stringify(parsed.entrypoint ?? [])})`;
  }
  return undefined;
}
