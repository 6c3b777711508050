#!/usr/bin/env bash
set -euo pipefail
API="${RUNPOD_REST_URL:-https://rest.runpod.io/v1}"

curl --request POST \
  --url "$API/pods" \
  --header "Authorization: Bearer $RUNPOD_API_KEY" \
  --data @pod.json
