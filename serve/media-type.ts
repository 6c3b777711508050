// A request body in a media type the operation does not take is refused before it is read as
// JSON: 415 Unsupported Media Type (RFC 9110, 15.5.16) with a problem body naming the type sent
// and the one the document declares, and `Accept-Patch` on a PATCH (RFC 5789, 2.2). A `fetch`
// with a string body and no headers sends `text/plain;charset=UTF-8`, which the service refuses
// the same way; answering it as JSON would let such a client pass its tests here.

import { problem } from "./http.js";
import type { Reply } from "./handlers.js";
import type { Route } from "./routes.js";

/** `application/json; charset=utf-8` → `application/json`; undefined when there is none. */
export function essence(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const type = header.split(";")[0]?.trim().toLowerCase();
  return type === "" ? undefined : type;
}

/** True when `sent` is `declared` or within a range it declares (`application/*`, `*\/*`). */
function covers(declared: string, sent: string): boolean {
  const declaredType = declared.toLowerCase();
  if (declaredType === sent || declaredType === "*/*") return true;
  return declaredType.endsWith("/*") && sent.startsWith(declaredType.slice(0, -1));
}

/**
 * The 415 answer for a non-empty body whose Content-Type the route's operation does not declare
 * (the media type the document gives its request body); undefined when the body is acceptable or
 * empty (an empty body is the engine's to judge: a required one is its 400).
 */
export function unsupportedMediaType(route: Route, header: string | undefined, body: Buffer): (Reply & { headers: Record<string, string> }) | undefined {
  const declared = route.operation.request?.contentType;
  if (declared === undefined || body.length === 0) return undefined;
  const sent = essence(header);
  if (sent !== undefined && covers(declared, sent)) return undefined;
  const detail =
    sent === undefined
      ? `the request has a body and no Content-Type: ${route.operation.id} takes ${declared} (send \`Content-Type: ${declared}\`)`
      : `${route.operation.id} takes ${declared}, not ${sent} (send \`Content-Type: ${declared}\`)`;
  return {
    status: 415,
    body: problem(415, "Unsupported Media Type", detail),
    headers: route.method === "PATCH" ? { "Accept-Patch": declared } : {},
  };
}
