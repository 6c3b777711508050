// A client the `v2kit:` comment tests share (scan-marker.test.ts, scan-fix-markers.test.ts): a file's
// URL constant with a create call whose body literal has a key the function also prints, so the
// body cannot be migrated (migrated, the print would raise KeyError) and the call is left v1 on a
// route v2 keeps, beside a call that migrates.

export const PRINTED_KEY_CLIENT = [
  "import requests",
  "",
  'BASE = "https://rest.runpod.io/v1"',
  "",
  "",
  "def create(name):",
  '    body = {"name": name, "imageName": "img:1", "gpuTypeIds": ["NVIDIA A40"], "gpuCount": 1}',
  '    print(body["imageName"])',
  '    return requests.post(f"{BASE}/pods", json=body)',
  "",
  "",
  "def remove(volume_id):",
  '    return requests.delete(f"{BASE}/networkvolumes/{volume_id}")',
  "",
].join("\n");
