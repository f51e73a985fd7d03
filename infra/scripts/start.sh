#!/usr/bin/env bash
# Runs the whole product with demo data: services, auth emulator, migrations, the three services,
# the gateway serving the built UI. Prints the URL and the demo accounts. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/../.."

export APP_ENV="${APP_ENV:-development}"
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/campus}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
export FIREBASE_PROJECT_ID="${FIREBASE_PROJECT_ID:-demo-campus}"
export FIREBASE_AUTH_EMULATOR_HOST="${FIREBASE_AUTH_EMULATOR_HOST:-127.0.0.1:9099}"
export ADMIN_EMAILS="${ADMIN_EMAILS:-admin@university.edu}"
export GATEWAY_PORT="${GATEWAY_PORT:-8080}"
export COMMAND_PORT="${COMMAND_PORT:-4001}"
export QUERY_PORT="${QUERY_PORT:-4002}"
export WORKER_METRICS_PORT="${WORKER_METRICS_PORT:-4003}"
export COMMAND_URL="http://127.0.0.1:${COMMAND_PORT}"
export QUERY_URL="http://127.0.0.1:${QUERY_PORT}"
export LOG_LEVEL="${LOG_LEVEL:-warn}"
# Mail: the worker's outbox sends through SMTP; the demo runs a local catch-all server that keeps
# every message in MAIL_DIR (set SMTP_HOST to a real server to skip it).
export SMTP_HOST="${SMTP_HOST:-127.0.0.1}"
export SMTP_PORT="${SMTP_PORT:-2525}"
export MAIL_DIR="${MAIL_DIR:-var/mail}"
LOG_DIR="${LOG_DIR:-var/log}"
UI_DIST="$(realpath -m "${UI_DIST:-frontend/dist}")"
mkdir -p "$LOG_DIR"

[ -d node_modules ] || npm ci --no-audit --no-fund

bash infra/services/ensure-services.sh

pids=()
cleanup() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT INT TERM

wait_for() { # name url [tries]
  local tries="${3:-120}"
  for _ in $(seq "$tries"); do
    curl -fsS -o /dev/null "$2" 2>/dev/null && return 0
    sleep 0.5
  done
  echo "$1 did not come up at $2; see $LOG_DIR/$1.log" >&2
  return 1
}

if ! curl -fsS -o /dev/null "http://${FIREBASE_AUTH_EMULATOR_HOST}/" 2>/dev/null; then
  node_modules/.bin/firebase emulators:start --only auth --project "$FIREBASE_PROJECT_ID" \
    >"$LOG_DIR/auth-emulator.log" 2>&1 &
  pids+=($!)
  wait_for auth-emulator "http://${FIREBASE_AUTH_EMULATOR_HOST}/"
fi

npm run --silent migrate

smtp_up() { (exec 3<>"/dev/tcp/${SMTP_HOST}/${SMTP_PORT}") 2>/dev/null; }
MAIL_NOTE="mail goes to ${SMTP_HOST}:${SMTP_PORT}"
if [ "$SMTP_HOST" = "127.0.0.1" ] && ! smtp_up; then
  node --import tsx infra/src/mail/serve.ts >"$LOG_DIR/smtp.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 60); do smtp_up && break; sleep 0.5; done
  smtp_up || { echo "the catch-all SMTP server did not come up; see $LOG_DIR/smtp.log" >&2; exit 1; }
  MAIL_NOTE="catch-all SMTP server on ${SMTP_HOST}:${SMTP_PORT}; mail kept in ${MAIL_DIR}/"
fi

echo "building the UI..."
(cd frontend && VITE_AUTH_MODE=emulator VITE_AUTH_EMULATOR_URL="http://${FIREBASE_AUTH_EMULATOR_HOST}" \
  npx vite build --logLevel warn --emptyOutDir --outDir "$UI_DIST") >"$LOG_DIR/frontend-build.log" 2>&1 || {
  cat "$LOG_DIR/frontend-build.log" >&2
  exit 1
}

node --import tsx command-service/src/main.ts >"$LOG_DIR/command-service.log" 2>&1 &
pids+=($!)
node --import tsx query-service/src/main.ts >"$LOG_DIR/query-service.log" 2>&1 &
pids+=($!)
node --import tsx projection-worker/src/main.ts >"$LOG_DIR/projection-worker.log" 2>&1 &
pids+=($!)
STATIC_DIR="$UI_DIST" node --import tsx infra/src/gateway/main.ts >"$LOG_DIR/gateway.log" 2>&1 &
pids+=($!)

wait_for command-service "${COMMAND_URL}/healthz"
wait_for query-service "${QUERY_URL}/healthz"
wait_for gateway "http://127.0.0.1:${GATEWAY_PORT}/healthz"

npx tsx infra/demo-data/load.ts "http://127.0.0.1:${GATEWAY_PORT}"

echo
echo "Campus volunteering is running at http://127.0.0.1:${GATEWAY_PORT}/"
echo "Mail: ${MAIL_NOTE}"
echo "Logs: $LOG_DIR/. Press Ctrl-C to stop."
wait -n "${pids[@]}"
