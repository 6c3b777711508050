// A literal past the float range (1e999) parses as Infinity; lint refuses it as the service does
// (400 json/number). JSON.parse does not say so, so the text is scanned for the only literals
// that can overflow, and the parsed body is walked only when one may be there (lint/lint.ts).

/**
 * Text that may hold a number literal beyond the float range: an exponent of 3+ digits, or 309+
 * digits. The text has parsed as JSON, where an exponent always follows a digit (of the integer
 * or the fraction): starting at the digit, the scan tries far fewer places than at every `e`
 * (keys and strings are full of them), about a third less time on a typical body.
 */
const EXPONENT = /[0-9][eE]\+?0*[1-9][0-9]{2}/;
const LONG_RUN = 309;

export const mayOverflow = (text: string) => EXPONENT.test(text) || hasDigitRun(text);

const isDigit = (charCode: number) => charCode >= 48 && charCode <= 57;

/**
 * Whether the text holds LONG_RUN digits in a row. A run that long covers at least one of every
 * LONG_RUN/2-th character, so only those are looked at, and the run around a digit found there
 * is measured: a few dozen reads for a typical body, where a regex reads every character.
 */
function hasDigitRun(text: string): boolean {
  const step = Math.floor(LONG_RUN / 2);
  for (let i = step - 1; i < text.length; i += step) {
    if (!isDigit(text.charCodeAt(i))) continue;
    let start = i;
    while (start > 0 && isDigit(text.charCodeAt(start - 1))) start--;
    let end = i + 1;
    while (end < text.length && isDigit(text.charCodeAt(end))) end++;
    if (end - start >= LONG_RUN) return true;
    i = end - 1; // the next sample lies beyond this run
  }
  return false;
}
