// Saved v1 responses → v2: a bare list becomes an object keyed by resource name, a v1
// `{message}` error becomes an RFC 9457 problem. Spec "Versioning" and "Errors".

import { isObject } from "../engine/values.js";
import { migrateRoute } from "./routes.js";
import { LIST_KEYS } from "./tables/response-fields.js";
import type { Note } from "./types.js";

export interface ResponseMigration {
  ok: boolean;
  response: { status: number; body: unknown } | null;
  notes: Note[];
}

/** Titles for the problem body: the HTTP reason phrases (RFC 9110) of the statuses v2 names. */
const TITLES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function v1ErrorToProblem(status: number, message: string) {
  return { title: TITLES[status] ?? (status >= 500 ? "Server Error" : "Client Error"), status, detail: message };
}

/** `saved` is either the envelope `{method, path, status?, body}` or a bare response body. */
export function migrateResponse(status: number, saved: unknown): ResponseMigration {
  const envelope = isObject(saved) && typeof saved.path === "string" && Object.hasOwn(saved, "body") ? saved : undefined;
  const body = envelope ? envelope.body : saved;
  const notes: Note[] = [];
  if (envelope && typeof envelope.status === "number" && envelope.status !== status) {
    notes.push({ level: "warning", message: `the file says status ${envelope.status}; --response ${status} was used` });
  }
  if (status >= 400) {
    if (isObject(body) && typeof body.message === "string" && Object.keys(body).length === 1) {
      return { ok: true, response: { status, body: v1ErrorToProblem(status, body.message) }, notes };
    }
    return { ok: false, response: null, notes: [...notes, { level: "error", message: 'must be a v1 error body, {"message": "..."}' }] };
  }
  if (!Array.isArray(body)) {
    notes.push({ level: "info", message: "not a list: the body is copied unchanged; the spec does not show how v2 reshapes it" });
    return { ok: true, response: { status, body }, notes };
  }
  if (!envelope) {
    const message = 'a bare list needs its route to be wrapped: save it as {"method": "GET", "path": "/pods", "status": 200, "body": [...]}';
    return { ok: false, response: null, notes: [...notes, { level: "error", message }] };
  }
  const method = typeof envelope.method === "string" ? envelope.method : "GET";
  const route = migrateRoute(method, envelope.path as string);
  notes.push(...route.notes.filter((note) => note.level !== "info"));
  const key = route.route?.operation ? LIST_KEYS[route.route.operation] : undefined;
  if (!key) {
    const message = `${method} ${String(envelope.path)} has no v2 list wrapper the spec shows`;
    return { ok: false, response: null, notes: [...notes, { level: "error", message }] };
  }
  notes.push({
    level: "warning",
    message: `items copied unchanged under "${key}": their v2 fields differ (for example imageName → image) and are not converted`,
  });
  return { ok: !notes.some((note) => note.level === "error"), response: { status, body: { [key]: body } }, notes };
}
