#!/usr/bin/env bash
# Runs the whole product with demo data: services, auth emulator, migrations, the three services,
# the gateway serving the built UI. Prints the URL and the demo accounts. Ctrl-C stops everything.
#
# REPLICAS=N (1 to 8, default 1) runs N command services, N query services and N projection
# workers; copy i (from 1) listens on COMMAND_PORT, QUERY_PORT and WORKER_METRICS_PORT plus
# 10*(i-1) (4001, 4011, ... with the defaults), logs to <service>-i.log, and the gateway takes
# turns between the copies (COMMAND_URLS, QUERY_URLS). With several copies, one that exits leaves
# the others running; with one, any exit stops everything.
set -euo pipefail
cd "$(dirname "$0")/../.."

REPLICAS="${REPLICAS:-1}"
if ! [[ "$REPLICAS" =~ ^[1-8]$ ]]; then
  echo "REPLICAS must be a whole number from 1 to 8 (got '${REPLICAS}')" >&2
  exit 1
fi

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
for port_var in GATEWAY_PORT COMMAND_PORT QUERY_PORT WORKER_METRICS_PORT; do
  if ! [[ "${!port_var}" =~ ^[1-9][0-9]{0,4}$ ]] || ((${!port_var} > 65535)); then
    echo "${port_var} must be a port number from 1 to 65535 (got '${!port_var}')" >&2
    exit 1
  fi
done
# Copy i of each service (from 1) listens on its base port + 10*(i-1).
port_of() { echo $(($1 + 10 * ($2 - 1))); }
declare -A port_owner=(["$GATEWAY_PORT"]=GATEWAY_PORT)
command_urls=() query_urls=()
for i in $(seq "$REPLICAS"); do
  for port_var in COMMAND_PORT QUERY_PORT WORKER_METRICS_PORT; do
    port="$(port_of "${!port_var}" "$i")"
    owner="$port_var"
    ((REPLICAS == 1)) || owner="${port_var}+$((10 * (i - 1)))"
    if ((port > 65535)); then
      echo "with REPLICAS=${REPLICAS}, ${owner} would be port ${port}, beyond 65535" >&2
      exit 1
    fi
    if [ -n "${port_owner[$port]:-}" ]; then
      echo "with REPLICAS=${REPLICAS}, ${owner} and ${port_owner[$port]} would both be port ${port};" \
        "choose base ports that differ by something other than a multiple of 10" >&2
      exit 1
    fi
    port_owner[$port]="$owner"
  done
  command_urls+=("http://127.0.0.1:$(port_of "$COMMAND_PORT" "$i")")
  query_urls+=("http://127.0.0.1:$(port_of "$QUERY_PORT" "$i")")
done
export COMMAND_URL="${command_urls[0]}"
export QUERY_URL="${query_urls[0]}"
# The gateway's lists of copies (it falls back to COMMAND_URL/QUERY_URL when they are unset).
COMMAND_URLS="$(IFS=,; echo "${command_urls[*]}")"
QUERY_URLS="$(IFS=,; echo "${query_urls[*]}")"
export COMMAND_URLS QUERY_URLS
export LOG_LEVEL="${LOG_LEVEL:-warn}"
# Mail: the worker's outbox sends through SMTP; the demo runs a local catch-all server that keeps
# every message in MAIL_DIR (set SMTP_HOST to a real server to skip it).
export SMTP_HOST="${SMTP_HOST:-127.0.0.1}"
export SMTP_PORT="${SMTP_PORT:-2525}"
export PUBLIC_URL="${PUBLIC_URL:-http://127.0.0.1:${GATEWAY_PORT}}"
export MAIL_DIR="${MAIL_DIR:-var/mail}"
LOG_DIR="${LOG_DIR:-var/log}"
UI_DIST="$(realpath -m "${UI_DIST:-frontend/dist}")"
mkdir -p "$LOG_DIR"

[ -d node_modules ] || npm ci --no-audit --no-fund

bash infra/services/ensure-services.sh

pids=()
# name_of[pid]: the process's log name; replica_of[pid]: its kind, for a service's copies.
declare -A name_of=() replica_of=()
stopping=0
cleanup() {
  stopping=1
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
  name_of[$!]=auth-emulator
  wait_for auth-emulator "http://${FIREBASE_AUTH_EMULATOR_HOST}/"
fi

npm run --silent migrate

smtp_up() { (exec 3<>"/dev/tcp/${SMTP_HOST}/${SMTP_PORT}") 2>/dev/null; }
MAIL_NOTE="mail goes to ${SMTP_HOST}:${SMTP_PORT}"
if [ "$SMTP_HOST" = "127.0.0.1" ] && ! smtp_up; then
  node --import tsx infra/src/mail/serve.ts >"$LOG_DIR/smtp.log" 2>&1 &
  pids+=($!)
  name_of[$!]=smtp
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

run() { # name [VAR=value ...] -- node arguments...
  local name="$1"
  shift
  local vars=()
  while [ "$1" != "--" ]; do
    vars+=("$1")
    shift
  done
  shift
  env "${vars[@]}" node --import tsx "$@" >"$LOG_DIR/${name}.log" 2>&1 &
  pids+=($!)
  name_of[$!]="$name"
}
instance_name() { # service i: "service" alone, "service-i" among several
  if ((REPLICAS == 1)); then echo "$1"; else echo "$1-$2"; fi
}

health_checks=()
for i in $(seq "$REPLICAS"); do
  name="$(instance_name command-service "$i")"
  run "$name" COMMAND_PORT="$(port_of "$COMMAND_PORT" "$i")" -- command-service/src/main.ts
  replica_of[$!]=command-service
  health_checks+=("$name" "${command_urls[$((i - 1))]}/healthz")
  name="$(instance_name query-service "$i")"
  run "$name" QUERY_PORT="$(port_of "$QUERY_PORT" "$i")" -- query-service/src/main.ts
  replica_of[$!]=query-service
  health_checks+=("$name" "${query_urls[$((i - 1))]}/healthz")
  name="$(instance_name projection-worker "$i")"
  port="$(port_of "$WORKER_METRICS_PORT" "$i")"
  run "$name" WORKER_METRICS_PORT="$port" -- projection-worker/src/main.ts
  replica_of[$!]=projection-worker
  ((REPLICAS == 1)) || health_checks+=("$name" "http://127.0.0.1:${port}/healthz")
done
run gateway STATIC_DIR="$UI_DIST" -- infra/src/gateway/main.ts

set -- "${health_checks[@]}"
while (($#)); do
  wait_for "$1" "$2"
  shift 2
done
wait_for gateway "http://127.0.0.1:${GATEWAY_PORT}/healthz"

npx tsx tools/demo-data/load.ts "http://127.0.0.1:${GATEWAY_PORT}"

echo
echo "Campus volunteering is running at http://127.0.0.1:${GATEWAY_PORT}/"
echo "API reference: http://127.0.0.1:${GATEWAY_PORT}/api/docs (OpenAPI 3.1 at /api/openapi.json)"
if ((REPLICAS > 1)); then
  echo "Running ${REPLICAS} command services (${COMMAND_URLS}), ${REPLICAS} query services" \
    "(${QUERY_URLS}) and ${REPLICAS} projection workers, behind the gateway."
fi
echo "Mail: ${MAIL_NOTE}"
echo "Logs: $LOG_DIR/. Press Ctrl-C to stop."
if ((REPLICAS == 1)); then
  wait -n "${pids[@]}"
  exit
fi
# Several copies: one that exits leaves the others serving; anything else stops everything.
declare -A left=([command-service]="$REPLICAS" [query-service]="$REPLICAS" [projection-worker]="$REPLICAS")
while true; do
  status=0
  wait -n "${pids[@]}" || status=$?
  ((stopping == 0)) || exit "$status"
  remaining=()
  for pid in "${pids[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then
      remaining+=("$pid")
      continue
    fi
    kind="${replica_of[$pid]:-}"
    if [ -z "$kind" ]; then
      echo "${name_of[$pid]:-a process} exited; stopping everything" >&2
      exit "$status"
    fi
    left[$kind]=$((left[$kind] - 1))
    echo "${name_of[$pid]} exited; ${left[$kind]} of ${REPLICAS} ${kind} copies left (see $LOG_DIR/${name_of[$pid]}.log)" >&2
    if ((left[$kind] == 0)); then
      echo "no ${kind} left; stopping everything" >&2
      exit 1
    fi
  done
  pids=("${remaining[@]}")
done
