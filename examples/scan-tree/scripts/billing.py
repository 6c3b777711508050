"""Nightly cost report, still on the v1 REST API."""
import os

import requests

API = "https://rest.runpod.io"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}


def serverless_costs():
    # v1 /billing/endpoints is serverless billing
    return requests.get(f"{API}/v1/billing/endpoints", headers=HEADERS).json()


def reset_pod(pod_id):
    return requests.post(f"{API}/v1/pods/{pod_id}/reset", headers=HEADERS)


def create_volume():
    body = {"name": "models", "size": 100, "dataCenterId": "EU-RO-1"}
    return requests.post(API + "/v1/networkvolumes", json=body, headers=HEADERS)
