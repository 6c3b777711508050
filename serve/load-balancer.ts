// Load-balancing endpoints' own URLs (issue 43). The specification shapes a load balancer's
// `base` as `https://<endpoint_id>.<request host>`; on this machine `<id>.127.0.0.1` resolves
// for no client, and `<id>.localhost` resolves for curl but not for Node's fetch (dns.lookup) or
// Python (getaddrinfo). So `serve` hands out `{request_base}/lb/<endpoint_id>` (path form, same
// port), which every client reaches, and still routes a request whose Host is
// `<endpoint_id>.<anything>` (the spec's shape, for clients that resolve it or set Host).
// What answers there is a simulation: v2kit serve runs no workers, so a request under the base
// of a load-balancing endpoint that exists answers 501 with a problem body naming the endpoint
// and the path the workers would have answered; any other id answers 404.

import type { Reply } from "./handlers.js";
import { problem } from "./http.js";
import type { Store } from "./store.js";

/** The path prefix of load balancers' URLs: `/lb/<endpoint_id>/…`. */
export const LB_PREFIX = "/lb";

/** The collection whose `LOAD_BALANCER` records have their own URLs (shape.ts returns their `requestUrls`). */
const ENDPOINTS = "/v2/serverless";

/** A request for a load balancer: the endpoint id and the path under its base. */
export interface BalancerRequest {
  id: string;
  path: string;
  /** How the request named the load balancer. */
  by: "host" | "path";
}

/** The URL of a load balancer's base: `{request_base}/lb/<endpoint_id>`. */
export function balancerBase(requestBase: string, id: string): string {
  return `${requestBase.replace(/\/+$/, "")}${LB_PREFIX}/${encodeURIComponent(id)}`;
}

const isBalancer = (store: Store, id: string) => store.get(ENDPOINTS, id)?.type === "LOAD_BALANCER";

/** A Host of the spec's shape, `<endpoint_id>.<host>`, naming a stored load-balancing endpoint. */
export function byHost(store: Store, host: string | undefined, pathname: string): BalancerRequest | undefined {
  if (host === undefined) return undefined;
  const name = host.replace(/:\d+$/, "");
  const dot = name.indexOf(".");
  if (dot <= 0) return undefined;
  const id = name.slice(0, dot);
  return isBalancer(store, id) ? { id, path: pathname, by: "host" } : undefined;
}

/** A path of the form `/lb/<endpoint_id>[/…]`, whatever the id names (an unknown one is answered 404). */
export function byPath(pathname: string): BalancerRequest | undefined {
  const match = /^\/lb\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[1] as string);
  } catch {
    return undefined;
  }
  return { id, path: match[2] ?? "/", by: "path" };
}

/** The simulated answer of a load balancer: 501 naming the endpoint and the path, or 404 when there is no such load balancer. */
export function balancerReply(store: Store, target: BalancerRequest, method: string): Reply {
  if (!isBalancer(store, target.id)) {
    return {
      status: 404,
      body: problem(
        404,
        "Not Found",
        `no load-balancing endpoint ${JSON.stringify(target.id)}: ${LB_PREFIX}/<id> answers for endpoints of type LOAD_BALANCER that exist`,
      ),
    };
  }
  return {
    status: 501,
    body: problem(
      501,
      "Not Implemented",
      `load-balancing endpoint ${JSON.stringify(target.id)} reached: ${method} ${target.path} would be answered by the endpoint's workers (worker-defined paths), and v2kit serve runs no workers; this answer is simulated`,
    ),
  };
}
