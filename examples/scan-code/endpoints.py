import requests

API = "https://rest.runpod.io/v2"


def scale_down(endpoint_id, headers):
    body = {"workersMin": 0, "workers": {"max": 2}}
    requests.patch(f"{API}/serverless/{endpoint_id}", json=body, headers=headers, timeout=30)


def endpoints(headers):
    found = requests.get(f"{API}/endpoints", params={"includeWorkers": "true"}, headers=headers, timeout=30).json()
    return [endpoint["idleTimeout"] for endpoint in found["endpoints"]]


def pin_cuda(endpoint_id, headers):
    return requests.patch(
        f"{API}/serverless/{endpoint_id}",
        json={"gpu": {"minCudaVersion": "12.4", "allowedCudaVersions": ["12.8"]}},
        headers=headers,
        timeout=30,
    ).json()["workersMin"]
