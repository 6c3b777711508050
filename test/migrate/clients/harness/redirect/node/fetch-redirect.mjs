// Loaded with `node --import` before a fixture client: wraps globalThis.fetch so that a request
// to a host in V2KIT_REDIRECT_HOSTS goes to V2KIT_REDIRECT_PROXY/HOST/path instead, with the
// method, headers and body the client gave. The client's code is not edited.
const proxy = process.env.V2KIT_REDIRECT_PROXY ?? "";
const hosts = new Set((process.env.V2KIT_REDIRECT_HOSTS ?? "").split(",").filter(Boolean));
const original = globalThis.fetch;
const { Request } = globalThis;

/** The proxy URL for a URL on a redirected host, else undefined. */
function rewrite(url) {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" || !hosts.has(parsed.hostname)) return undefined;
  return `${proxy}/${parsed.hostname}${parsed.pathname}${parsed.search}`;
}

if (proxy !== "" && typeof original === "function") {
  globalThis.fetch = function fetch(input, init) {
    if (input instanceof Request) {
      const to = rewrite(input.url);
      return original(to === undefined ? input : new Request(to, input), init);
    }
    const to = rewrite(String(input));
    return original(to ?? input, init);
  };
}
