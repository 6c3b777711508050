// The v2 client replacing src/client.ts: relative paths on a v2 base URL, not reported.
const BASE_URL = "https://rest.runpod.io/v2";

export const call = (path: string, init?: RequestInit) => fetch(`${BASE_URL}${path}`, init);
export const listPods = () => call("/pods");
export const podBilling = () => call("/billing/pods");
