// Small value helpers: own-property access only, so `__proto__` keys in a body are plain data.

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Present: set to anything but null (null is how responses say "unset"). */
export function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** Non-empty: present, and not an empty string, array or object. */
export function isNonEmpty(value: unknown): boolean {
  if (!isPresent(value)) return false;
  if (typeof value === "string" || Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return true;
}

/** Append `items` to `target` in place, one by one: `push(...items)` overflows the stack past ~120k items. */
export function append<T>(target: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) target.push(items[i] as T);
}

/** Equality of JSON data. Loops, not every() with a closure: Ajv calls it per pair of items for uniqueItems. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (const k of keys) if (!Object.hasOwn(b, k) || !deepEqual(a[k], b[k])) return false;
    return true;
  }
  return false;
}

/** A deep copy of JSON data, built with defineProperty so `__proto__` keys stay data. */
export function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => clone(item)) as T;
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setOwn(out, key, clone(value[key]));
    return out as T;
  }
  return value;
}

export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // Plain assignment would call the `__proto__` setter; only that key needs defineProperty.
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * JSON.stringify of a string, without the call where no character needs an escape (most names
 * and ids; messages quote them on every rejected body).
 */
export function quote(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return JSON.stringify(text);
  }
  return `"${text}"`;
}

/** Render a value for a message: short and unambiguous. */
export function show(value: unknown): string {
  const text = (typeof value === "string" ? quote(value) : JSON.stringify(value)) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
