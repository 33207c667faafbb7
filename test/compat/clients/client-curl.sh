#!/usr/bin/env bash
# A client of the simulator's Web API with curl, exactly as the README shows it.
# Run as `bash client-curl.sh <base-url>`; prints STEP <name> <status> <body> per step.
set -u
BASE=$1
step() {
  local name=$1
  shift
  local out
  out=$(curl -sS -w '\n%{http_code}' "$@")
  echo "STEP $name $(tail -n1 <<<"$out") $(sed '$d' <<<"$out" | tr '\n' ' ')"
}
step discover "$BASE/api/tags"
step read-all "$BASE/api/tag/values"
step read-by-name -X GET --data '["Counter", "Pallet sensor"]' "$BASE/api/tag/values/by-name"
step write -X PUT --data '[{"name": "Conveyor entry", "value": true}, {"name": "Counter", "value": 42}]' "$BASE/api/tag/values/by-name"
step force -X PUT --data '[{"name": "Pallet sensor", "value": true}]' "$BASE/api/tag/values-force/by-name"
step forced "$BASE/api/tags/by-name/Pallet%20sensor"
step release -X PUT --data '["Pallet sensor"]' "$BASE/api/tag/values-release/by-name"
step fail -X PUT --data '[{"name": "High sensor", "value": true}]' "$BASE/api/tag/values-alwayson/by-name"
step failed "$BASE/api/tags/by-name/High%20sensor"
step clear -X PUT --data '[{"name": "High sensor", "value": false}]' "$BASE/api/tag/values-alwayson/by-name"
step bad-json -X PUT --data '[{"id": ' "$BASE/api/tag/values"
