// One GET over node:http(s), bounded in time and size. fetch is not used: on Node 20, with
// `redirect: "error"`, it ignored the abort once the headers had arrived, so a slow or endless
// body ran past --timeout-ms and filled memory. Here one deadline covers connect, headers and the
// whole body, and the body is counted as it arrives and cut at maxBytes.

import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { LiveError } from "./errors.js";

export interface RawResponse {
  status: number;
  statusText: string;
  header(name: string): string | null;
  text: string;
}

export interface RequestLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** GET `url`; rejects with LiveError "timeout", "too-large" or "network". Never follows redirects. */
export function getText(url: string, headers: Record<string, string>, limits: RequestLimits): Promise<RawResponse> {
  const what = `GET ${url}`;
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: LiveError | undefined, value?: RawResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(value as RawResponse);
    };
    const req = send(target, { method: "GET", headers }, (res: IncomingMessage) => {
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        finish(tooLarge(what, limits.maxBytes, `it declares ${declared} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) finish(tooLarge(what, limits.maxBytes, "it is longer"));
        else chunks.push(chunk);
      });
      res.on("end", () => {
        const header = (name: string) => {
          const value = res.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
        };
        finish(undefined, { status: res.statusCode ?? 0, statusText: res.statusMessage ?? "", header, text: Buffer.concat(chunks).toString("utf8") });
      });
      res.on("error", (error) => finish(networkError(what, error)));
    });
    const timer = setTimeout(
      () =>
        finish(
          new LiveError("timeout", `${what}: no response within ${limits.timeoutMs} ms (--timeout-ms, body included); raise --timeout-ms or check the network`),
        ),
      limits.timeoutMs,
    );
    req.on("error", (error) => finish(networkError(what, error)));
    req.end();
  });
}

function tooLarge(what: string, maxBytes: number, why: string): LiveError {
  return new LiveError("too-large", `${what}: the response is larger than ${maxBytes} bytes (${why}); raise --max-response-bytes if this is expected`);
}

function networkError(what: string, error: Error): LiveError {
  const reason = (error as NodeJS.ErrnoException).code ?? error.message;
  return new LiveError("network", `${what}: cannot reach the service (${reason}); check --base-url and the network`);
}
