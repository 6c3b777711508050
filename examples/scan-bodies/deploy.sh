#!/bin/sh
curl -X POST https://rest.runpod.io/v1/endpoints/$ID/update \
  -d '{"workersMin": 1, "workersMax": 3}'
