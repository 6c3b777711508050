// Text from input (body keys and values, spec text, file names, scanned source) printed to a
// terminal or a CI log. Control characters would act there: ESC and BEL drive the terminal, and
// a line feed followed by `::add-mask::` or `::warning …::` is a GitHub Actions workflow command.
// Each one is shown as a visible escape instead (`\n`, `\u001b`), so the text stays one line
// and says what it holds. Also escaped: U+2028/U+2029 (line breaks to some viewers) and the
// bidirectional overrides that can reorder what a reader sees ("Trojan Source").

const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\u001b": "\\e" };

function escapeOne(char: string): string {
  return NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * The text with every control character (tab excepted) replaced by a visible escape. With
 * keepLineBreaks, CR and LF stay for the caller to encode (GitHub annotations send them as %0D
 * and %0A, which the runner shows inside the message, never as a new command line).
 */
export function printable(text: string, keepLineBreaks = false): string {
  UNSAFE.lastIndex = 0;
  if (!UNSAFE.test(text)) return text;
  return text.replace(UNSAFE, (char) => (keepLineBreaks && (char === "\n" || char === "\r") ? char : escapeOne(char)));
}

/**
 * What JSON.stringify leaves raw and printableJson escapes: DEL, C1 controls, line separators
 * and bidi overrides. All are U+007F or above, so ASCII text never holds one and JSON's own
 * escapes never make one.
 */
const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** JSON text (JSON.stringify's output) with those characters escaped (`\u009b`): still the same JSON. */
export function printableJsonText(text: string): string {
  JSON_UNSAFE.lastIndex = 0;
  if (!JSON_UNSAFE.test(text)) return text;
  return text.replace(JSON_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * JSON.stringify escapes C0 controls but leaves DEL, C1 controls, line separators and bidi
 * overrides raw; this escapes those too (`\u009b`). Same data, printable text.
 */
export function printableJson(value: unknown, space?: number): string {
  return printableJsonText(JSON.stringify(value, null, space));
}
