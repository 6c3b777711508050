// A small client still on the v1 REST API.
const BASE = "https://rest.runpod.io/v1";

export async function listPods(apiKey: string) {
  const res = await fetch("https://rest.runpod.io/v1/pods", { headers: { Authorization: `Bearer ${apiKey}` } });
  return res.json();
}

export async function startPod(apiKey: string, podId: string) {
  return fetch(`${BASE}/pods/${podId}/start`, { method: "POST", headers: { Authorization: `Bearer ${apiKey}` } });
}

export async function resizeEndpoint(apiKey: string, endpointId: string, workersMax: number) {
  return fetch(`${BASE}/endpoints/${endpointId}/update`, {
    method: "POST",
    headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ workersMax }),
  });
}

// Already on v2: not reported.
export const v2Pods = "https://rest.runpod.io/v2/pods";
