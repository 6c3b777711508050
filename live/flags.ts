// The live flags as parseArgs specs and help text: imported by lint and migrate on every run, so
// this module imports nothing (the client, cache and key modules load only with --live).

/**
 * The bundled document's first server (`servers[0]`, its `base_url` default: the host the
 * published v2 document names). Written here, not imported, to keep this module free of imports;
 * test/live/live.test.ts holds it equal to `baseUrl` in output/routes.mts, which generate derives
 * from the document.
 */
export const DEFAULT_BASE_URL = "https://api.runpod.io";

/** node:util parseArgs specs of the live flags. */
export const liveParseOptions = {
  live: { type: "boolean" },
  "current-id": { type: "string" },
  "base-url": { type: "string" },
  "api-key-file": { type: "string" },
  "no-cache": { type: "boolean" },
  "cache-ttl": { type: "string" },
  "timeout-ms": { type: "string" },
  "max-response-bytes": { type: "string" },
  "allow-insecure-http": { type: "boolean" },
  verbose: { type: "boolean" },
} as const;

/** The help lines of the live flags, for the Options section of lint and migrate. */
export function liveHelp(command: string, example: string, patchExample: string | null = example): string {
  // --current-id only where the command takes it (null: migrate), with a PATCH operation's example.
  const currentId =
    patchExample === null
      ? ""
      : `  --current-id ID       fetch the resource a PATCH operation changes (updateEndpoint,
                        updateNetworkVolume, updatePod) as the current state
                          v2kit ${command} --current-id ep-123 ${patchExample}
`;
  return `  --live                fetch the catalog and templates the operation needs from the service
                          v2kit ${command} --live ${example}
${currentId}  --base-url URL        service root (default $V2KIT_BASE_URL, else ${DEFAULT_BASE_URL})
                          v2kit ${command} --live --base-url http://127.0.0.1:8787 ${example}
  --api-key-file FILE   read the API key from FILE instead of $V2KIT_API_KEY (never a flag value)
                          v2kit ${command} --live --api-key-file ~/.config/v2kit/key ${example}
  --no-cache            ask the service even when a cached response is fresh
                          v2kit ${command} --live --no-cache ${example}
  --cache-ttl SECONDS   reuse cached catalog/template responses younger than this (default 300)
                          v2kit ${command} --live --cache-ttl 60 ${example}
  --timeout-ms MS       give up on a request after MS milliseconds, body included (default 15000)
                          v2kit ${command} --live --timeout-ms 30000 ${example}
  --max-response-bytes N  refuse a response body larger than N bytes (default 33554432, 32 MiB)
                          v2kit ${command} --live --max-response-bytes 67108864 ${example}
  --allow-insecure-http allow a plain http --base-url that is not loopback (the key is sent in clear)
                          v2kit ${command} --live --base-url http://10.0.0.5:8080 --allow-insecure-http ${example}
  --verbose             show requests, cache use and the remaining rate-limit quota on stderr
                          v2kit ${command} --live --verbose ${example}
`;
}
