// The format checks that are code rather than a regular expression (date, time, date-time, uri,
// regex), for the generated validators and the in-memory engine alike (generators/emit/validators.ts).
// A format that is one regular expression (email, uuid, hostname…) is written into the validator
// module itself by Ajv's standalone builder; these are imported from here, the engine's copy in the
// output (runtime/formats.mts), so generated code loads no package for them: a production install
// (`npm ci --omit=dev`) of a project with v2kit as a devDependency runs it (issue 43). They accept
// what ajv-formats' full formats accept (test/engine/formats.test.ts checks them against it).

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** RFC 3339 full-date: `YYYY-MM-DD`, a day the calendar has (29 February in leap years only). */
export function date(text: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (parts === null) return false;
  const year = Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number));
}

/**
 * RFC 3339 full-time with its offset (`Z`, `+HH:MM`; `+HHMM` and `+HH` are accepted too). Second
 * 60 (a leap second) only where the time is 23:59 in UTC once the offset is taken off.
 */
export function time(text: string): boolean {
  const parts = /^(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(?:[zZ]|([+-])(\d{2})(?::?(\d{2}))?)$/.exec(text);
  if (parts === null) return false;
  const [hour, minute, second] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const west = parts[4] === "-" ? -1 : 1;
  const offsetHours = Number(parts[5] ?? 0);
  const offsetMinutes = Number(parts[6] ?? 0);
  if (offsetHours > 23 || offsetMinutes > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second: the UTC clock (offset taken off, a borrowed hour when the minutes go below
  // zero) must read 23:59, or one minute before midnight written as -1.
  const utcMinute = minute - west * offsetMinutes;
  const utcHour = hour - west * offsetHours - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

/** RFC 3339 date-time: a date, `T`, `t` or one whitespace character, a time. */
export function dateTime(text: string): boolean {
  const parts = text.split(/[tT\s]/);
  return parts.length === 2 && date(parts[0] as string) && time(parts[1] as string);
}

/** A regular expression JavaScript compiles (no flags), without Python's `\Z` anchor. */
export function regex(text: string): boolean {
  if (/[^\\]\\Z/.test(text)) return false;
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

// RFC 3986, case-insensitive as ajv-formats reads it.
const PCT = "%[0-9a-f]{2}";
const UNRESERVED = "a-z0-9\\-._~";
const SUB_DELIMS = "!$&'()*+,;=";
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const SCHEME = /^[a-z][a-z0-9+\-.]*:/i;
const USERINFO = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*$`, "i");
const REG_NAME = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*$`, "i");
const SEGMENTS = new RegExp(`^(?:/${PCHAR}*)*$`, "i");
const SEGMENT_NZ_THEN_SEGMENTS = new RegExp(`^${PCHAR}+(?:/${PCHAR}*)*$`, "i");
const QUERY_OR_FRAGMENT = new RegExp(`^(?:${PCHAR}|[/?])*$`, "i");
const FUTURE_IP = new RegExp(`^v[0-9a-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+$`, "i");
const DEC_OCTET = "(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)";
const IPV4 = new RegExp(`^${DEC_OCTET}(?:\\.${DEC_OCTET}){3}$`);

/** An IPv6 address as RFC 3986's IPv6address writes it: 8 groups, or fewer with one `::`, an IPv4 address as the last two. */
function ipv6(text: string): boolean {
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const groups = (half: string): string[] => (half === "" ? [] : half.split(":"));
  const head = groups(halves[0] as string);
  const tail = halves.length === 2 ? groups(halves[1] as string) : [];
  const all = [...head, ...tail];
  let count = all.length;
  const last = all[all.length - 1];
  if (last !== undefined && last.includes(".")) {
    if (!IPV4.test(last)) return false;
    count++; // an IPv4 address stands for two groups
    all.pop();
  }
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

function host(text: string): boolean {
  if (text.startsWith("[")) {
    if (!text.endsWith("]")) return false;
    const inner = text.slice(1, -1);
    return ipv6(inner) || FUTURE_IP.test(inner);
  }
  return IPV4.test(text) || REG_NAME.test(text);
}

/** `[userinfo@]host[:port]`. */
function authority(text: string): boolean {
  const at = text.lastIndexOf("@");
  if (at >= 0 && !USERINFO.test(text.slice(0, at))) return false;
  const rest = text.slice(at + 1);
  const port = /:(\d*)$/.exec(rest);
  // The host may end in a colon-free IP literal or name: the last `:digits` is the port.
  if (port !== null && host(rest.slice(0, port.index))) return true;
  return host(rest);
}

/** An authority (possibly empty) and the `/segments` after it. */
function authorityThenPath(text: string): boolean {
  const slash = text.indexOf("/");
  const end = slash < 0 ? text.length : slash;
  return authority(text.slice(0, end)) && SEGMENTS.test(text.slice(end));
}

/**
 * An absolute URI (RFC 3986 `URI`): scheme, `:`, a hierarchical part (`//authority` and a path,
 * an absolute path, or a non-empty relative one), an optional query and fragment.
 */
export function uri(text: string): boolean {
  const scheme = SCHEME.exec(text);
  if (scheme === null) return false;
  let rest = text.slice(scheme[0].length);
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    if (!QUERY_OR_FRAGMENT.test(rest.slice(hash + 1))) return false;
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf("?");
  if (question >= 0) {
    if (!QUERY_OR_FRAGMENT.test(rest.slice(question + 1))) return false;
    rest = rest.slice(0, question);
  }
  // `//authority` then a path of `/segments`; ajv-formats also reads a single slash before the
  // authority (`scheme:/host`), so `scheme://` followed by an empty authority and a path too.
  if (rest.startsWith("/") && (authorityThenPath(rest.slice(1)) || (rest.startsWith("//") && authorityThenPath(rest.slice(2))))) return true;
  if (rest.startsWith("/")) return rest === "/" || SEGMENT_NZ_THEN_SEGMENTS.test(rest.slice(1));
  return SEGMENT_NZ_THEN_SEGMENTS.test(rest);
}

/** The checks by format name, as the generated validators look them up. */
export const formats: Record<string, (text: string) => boolean> = { date, time, "date-time": dateTime, uri, regex };
