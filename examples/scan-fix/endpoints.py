"""Scale, remove and create serverless endpoints and stop pods through the retired v1 REST API."""

import os

import requests

API = "https://rest.runpod.io/v1"
HEADERS = {"Authorization": f"Bearer {os.environ['RUNPOD_API_KEY']}"}


def scale(endpoint_id, low, high):
    return requests.post(f"{API}/endpoints/{endpoint_id}/update", json={"workersMin": low, "workersMax": high}, headers=HEADERS)


def remove(endpoint_id):
    return requests.delete(f"{API}/endpoints/{endpoint_id}", headers=HEADERS)


def stop(pod_id):
    return requests.post(f"{API}/pods/{pod_id}/stop", headers=HEADERS)


def create(spec):
    return requests.post(f"{API}/endpoints", json=spec, headers=HEADERS)
