#!/usr/bin/env bash
# Benchmarks against the real local Postgres and Redis; writes bench/results.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash infra/services/ensure-services.sh
npx tsx infra/bench/run.ts
