#!/usr/bin/env bash
# Benchmarks against the real local Postgres, Redis and the Firebase Auth emulator; writes
# bench/results.md. Arguments name measurements (appends replay commands queries lag contention
# frontend impact live; all by default); BENCH_SCALE=0.05 makes a quick run.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The frontend measurement (Lighthouse) drives Debian's Chromium: installed when it is missing.
services_args=()
if (($# == 0)) || [[ " $* " == *" frontend "* ]]; then services_args+=(--with-chromium); fi
bash infra/services/ensure-services.sh "${services_args[@]}"

export FIREBASE_PROJECT_ID=demo-campus
EMULATOR_HOST=127.0.0.1:9199
if curl -fsS -o /dev/null "http://${EMULATOR_HOST}/" 2>/dev/null; then
  # An emulator started by the tests (or a developer) is already up: use it.
  FIREBASE_AUTH_EMULATOR_HOST="$EMULATOR_HOST" npx tsx tools/bench/run.ts "$@"
else
  npx firebase emulators:exec --config infra/firebase.test.json --only auth --project demo-campus \
    "npx tsx tools/bench/run.ts $*"
fi
