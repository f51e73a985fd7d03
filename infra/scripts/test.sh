#!/usr/bin/env bash
# The whole test suite: services up, typecheck, lint, then every vitest project with the
# Firebase Auth emulator running (on its own port, so a running `npm start` is not disturbed).
set -euo pipefail
cd "$(dirname "$0")/../.."

bash infra/services/ensure-services.sh
npm run --silent typecheck
npm run --silent lint

export FIREBASE_PROJECT_ID=demo-campus
npx firebase emulators:exec --config infra/firebase.test.json --only auth --project demo-campus \
  "npx vitest run $*"
