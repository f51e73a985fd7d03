#!/usr/bin/env bash
# The whole test suite: services up, typecheck, lint, then every vitest project with the
# Firebase Auth emulator running (on its own port, so a running `npm start` is not disturbed).
set -euo pipefail
cd "$(dirname "$0")/../.."

bash infra/services/ensure-services.sh --with-chromium
npm run --silent typecheck
npm run --silent lint

export FIREBASE_PROJECT_ID=demo-campus
EMULATOR_HOST=127.0.0.1:9199
if curl -fsS -o /dev/null "http://${EMULATOR_HOST}/" 2>/dev/null; then
  # An emulator started by an earlier run (or a developer) is already up: use it.
  FIREBASE_AUTH_EMULATOR_HOST="$EMULATOR_HOST" npx vitest run "$@"
else
  npx firebase emulators:exec --config infra/firebase.test.json --only auth --project demo-campus \
    "npx vitest run $*"
fi
