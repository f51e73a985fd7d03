#!/usr/bin/env bash
# Makes sure the services the campus platform needs are up, starting local ones when they are not:
#
#   PostgreSQL 15+ at $DATABASE_URL (default postgres://postgres@127.0.0.1:5432/campus)
#   Redis 7+       at $REDIS_URL    (default redis://127.0.0.1:6379), maxmemory-policy noeviction
#
# Idempotent: with both services up it only checks them and prints one line per service.
# A service on this machine that does not answer is started (and installed from Debian's packages
# first when it is missing). A service on another host is only checked, never started.
#
# Local PostgreSQL: TCP connections from this machine for the URL's user (postgres) must be
# allowed without a password (the tests connect as postgres@127.0.0.1 without one). When the
# server asks for a password and the URL carries none, this script adds `trust` lines for that
# user on 127.0.0.1/::1 to the cluster's pg_hba.conf (marked "campus: ensure-services") and
# reloads it; to keep password auth instead, put the password in DATABASE_URL
# (postgres://postgres:SECRET@127.0.0.1:5432/campus) or in PGPASSWORD / ~/.pgpass.
# The database named in the URL is created when it is missing on a local server.
#
# Options:
#   --with-chromium  also install Debian's chromium when /usr/bin/chromium is missing
#   --check-only     never start or install anything; exit 1 when a service does not answer
#   -h, --help       this text
#
# Environment: DATABASE_URL, REDIS_URL, CAMPUS_SERVICES_WAIT (seconds to wait for a service to
# answer after starting it, default 30), CAMPUS_PG_MIN_CONNECTIONS (default 100).
set -euo pipefail

DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/campus}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
WAIT_SECONDS="${CAMPUS_SERVICES_WAIT:-30}"
PG_MIN_CONNECTIONS="${CAMPUS_PG_MIN_CONNECTIONS:-100}"
PG_MIN_VERSION=15
REDIS_MIN_VERSION=7
HBA_MARK='# campus: ensure-services'

WITH_CHROMIUM=0
CHECK_ONLY=0
for arg in "$@"; do
  case "$arg" in
    --with-chromium) WITH_CHROMIUM=1 ;;
    --check-only) CHECK_ONLY=1 ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "ensure-services: unknown option '$arg' (try --help)" >&2
      exit 2
      ;;
  esac
done

log() { echo "ensure-services: $*" >&2; }
die() {
  echo "ensure-services: ERROR: $*" >&2
  exit 1
}
# Hides the password of a URL in messages.
mask() { sed -E 's#^([a-z0-9+.-]+://[^:@/]*):[^@/]*@#\1:***@#' <<<"$1"; }

case "$WAIT_SECONDS" in '' | *[!0-9]*) die "CAMPUS_SERVICES_WAIT must be a number of seconds, got '$WAIT_SECONDS'" ;; esac
case "$PG_MIN_CONNECTIONS" in '' | *[!0-9]*) die "CAMPUS_PG_MIN_CONNECTIONS must be a number, got '$PG_MIN_CONNECTIONS'" ;; esac

# --- privileges and packages -------------------------------------------------------------------

SUDO=()
if [[ "$(id -u)" -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=(sudo); fi
fi
have_root() { [[ "$(id -u)" -eq 0 || ${#SUDO[@]} -gt 0 ]]; }
as_root() { "${SUDO[@]}" "$@"; }

APT_UPDATED=0
apt_install() {
  [[ "$CHECK_ONLY" -eq 0 ]] || die "would need to install $* (--check-only given)"
  command -v apt-get >/dev/null 2>&1 || die "$* missing and this is not a Debian/Ubuntu machine (no apt-get): install them by hand, or use infra/compose.yaml"
  have_root || die "$* missing: installing needs root (or sudo), which this user does not have"
  log "installing $* from Debian's packages"
  if [[ "$APT_UPDATED" -eq 0 ]]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || die "apt-get update failed"
    APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >&2 ||
    die "apt-get install $* failed"
}

# --- URLs ---------------------------------------------------------------------------------------

# parse_url URL -> U_SCHEME U_USER U_PASS U_HOST U_PORT U_PATH U_QUERY
URL_RE='^([a-zA-Z][a-zA-Z0-9+.-]*)://(([^@/]*)@)?(\[[^]/]*\]|[^:/?#]*)(:([0-9]*))?(/[^?#]*)?(\?[^#]*)?$'
parse_url() {
  [[ "$1" =~ $URL_RE ]] || return 1
  U_SCHEME="${BASH_REMATCH[1]}"
  local userinfo="${BASH_REMATCH[3]}"
  U_HOST="${BASH_REMATCH[4]}"
  U_PORT="${BASH_REMATCH[6]}"
  U_PATH="${BASH_REMATCH[7]}"
  U_QUERY="${BASH_REMATCH[8]}"
  U_USER="${userinfo%%:*}"
  if [[ "$userinfo" == *:* ]]; then U_PASS="${userinfo#*:}"; else U_PASS=''; fi
  U_HOST="${U_HOST#[}"
  U_HOST="${U_HOST%]}"
}

is_local_host() {
  case "$1" in
    '' | localhost | 127.* | ::1 | 0:0:0:0:0:0:0:1 | "$(hostname 2>/dev/null || echo localhost)") return 0 ;;
    *) return 1 ;;
  esac
}

wait_until() { # wait_until SECONDS COMMAND...
  local seconds="$1" i
  shift
  for ((i = 0; i <= seconds * 2; i++)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  return 1
}

# --- PostgreSQL ---------------------------------------------------------------------------------

parse_url "$DATABASE_URL" || die "DATABASE_URL is not a URL: $(mask "$DATABASE_URL")"
[[ "$U_SCHEME" == postgres || "$U_SCHEME" == postgresql ]] ||
  die "DATABASE_URL must start with postgres:// (got $U_SCHEME://)"
PG_HOST="$U_HOST"
PG_PORT="${U_PORT:-5432}"
PG_USER="${U_USER:-postgres}"
PG_PASS="$U_PASS"
PG_DB="${U_PATH#/}"
PG_DB="${PG_DB:-$PG_USER}"
# Same server, maintenance database: the server answers even before the app's database exists.
PG_ADMIN_URL="${DATABASE_URL%%\?*}"
PG_ADMIN_URL="${PG_ADMIN_URL%"${U_PATH}"}/postgres${U_QUERY}"
if is_local_host "$PG_HOST"; then PG_LOCAL=1; else PG_LOCAL=0; fi

pg_ready() {
  local args=(-p "$PG_PORT" -t 2)
  [[ -n "$PG_HOST" ]] && args+=(-h "$PG_HOST")
  pg_isready "${args[@]}"
}
pg_sql() { # pg_sql URL SQL: one value, no prompt for a password
  psql "$1" -X -w -q -A -t -v ON_ERROR_STOP=1 -c "$2"
}

# The Debian cluster serving PG_PORT: sets PG_CL_VER PG_CL_NAME, or returns 1.
find_cluster() {
  command -v pg_lsclusters >/dev/null 2>&1 || return 1
  local ver name port
  while read -r ver name port _; do
    if [[ "$port" == "$PG_PORT" ]]; then
      PG_CL_VER="$ver"
      PG_CL_NAME="$name"
      return 0
    fi
  done < <(pg_lsclusters --no-header 2>/dev/null)
  return 1
}

newest_pg_version() {
  local dir newest=''
  for dir in /usr/lib/postgresql/*/bin/postgres; do
    [[ -x "$dir" ]] || continue
    dir="${dir#/usr/lib/postgresql/}"
    dir="${dir%%/*}"
    if [[ "$dir" =~ ^[0-9]+$ ]] && ((dir > ${newest:-0})); then newest="$dir"; fi
  done
  echo "$newest"
}

pg_ctl_cluster() { # pg_ctl_cluster ACTION
  if [[ -d /run/systemd/system ]] && command -v systemctl >/dev/null 2>&1; then
    as_root systemctl "$1" "postgresql@${PG_CL_VER}-${PG_CL_NAME}" >&2
  else
    as_root pg_ctlcluster --skip-systemctl-redirect "$PG_CL_VER" "$PG_CL_NAME" "$1" >&2
  fi
}

PG_STARTED=0
start_local_postgres() {
  [[ "$CHECK_ONLY" -eq 0 ]] || die "postgres: nothing answers at $(mask "$DATABASE_URL") (--check-only given)"
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || [[ -z "$(newest_pg_version)" ]]; then
    apt_install postgresql postgresql-client
  fi
  have_root || die "postgres: starting a cluster needs root (or sudo), which this user does not have; start it by hand: pg_ctlcluster <version> main start"
  if find_cluster; then
    log "postgres: starting cluster ${PG_CL_VER}/${PG_CL_NAME} (port $PG_PORT)"
  else
    local ver name=main
    ver="$(newest_pg_version)"
    [[ -n "$ver" ]] || die "postgres: no PostgreSQL server installed under /usr/lib/postgresql"
    ((ver >= PG_MIN_VERSION)) ||
      die "postgres: the installed server is version $ver; $PG_MIN_VERSION or newer is needed (PGDG packages or infra/compose.yaml)"
    if pg_lsclusters --no-header 2>/dev/null | awk -v v="$ver" '$1 == v && $2 == "main" { found = 1 } END { exit !found }'; then
      name=campus # 'main' exists on another port
    fi
    log "postgres: creating cluster $ver/$name on port $PG_PORT"
    as_root pg_createcluster --port "$PG_PORT" "$ver" "$name" >&2 || die "postgres: pg_createcluster $ver $name failed"
    find_cluster || die "postgres: the new cluster $ver/$name does not show in pg_lsclusters"
  fi
  if ! pg_ctl_cluster start; then
    die "postgres: cluster ${PG_CL_VER}/${PG_CL_NAME} did not start; see /var/log/postgresql/postgresql-${PG_CL_VER}-${PG_CL_NAME}.log"
  fi
  PG_STARTED=1
}

# Lets the URL's user in over local TCP without a password (see the header of this file).
allow_local_trust() {
  find_cluster || return 1
  local hba="/etc/postgresql/${PG_CL_VER}/${PG_CL_NAME}/pg_hba.conf"
  [[ -f "$hba" ]] || return 1
  if as_root grep -qF "$HBA_MARK" "$hba"; then return 1; fi
  log "postgres: allowing $PG_USER over 127.0.0.1 and ::1 without a password in $hba"
  local tmp
  tmp="$(mktemp)"
  {
    echo "$HBA_MARK: the campus tests connect as $PG_USER@127.0.0.1 without a password"
    echo "host    all    $PG_USER    127.0.0.1/32    trust"
    echo "host    all    $PG_USER    ::1/128         trust"
    as_root cat "$hba"
  } >"$tmp"
  as_root cp "$tmp" "$hba"
  rm -f "$tmp"
  pg_ctl_cluster reload
}

ensure_postgres() {
  if ! command -v pg_isready >/dev/null 2>&1 || ! command -v psql >/dev/null 2>&1; then
    [[ "$CHECK_ONLY" -eq 0 ]] || die "postgres: psql/pg_isready are not installed (--check-only given)"
    if [[ "$PG_LOCAL" -eq 1 ]]; then apt_install postgresql postgresql-client; else apt_install postgresql-client; fi
  fi

  if ! pg_ready >/dev/null 2>&1; then
    [[ "$PG_LOCAL" -eq 1 ]] ||
      die "postgres: nothing answers at $(mask "$DATABASE_URL") (a remote host: not starting anything)"
    start_local_postgres
    wait_until "$WAIT_SECONDS" pg_ready ||
      die "postgres: still not answering on port $PG_PORT after ${WAIT_SECONDS}s"
  fi

  local err
  if ! err="$(pg_sql "$PG_ADMIN_URL" 'select 1' 2>&1)"; then
    if [[ "$PG_LOCAL" -eq 1 && -z "$PG_PASS" && -z "${PGPASSWORD:-}" && "$CHECK_ONLY" -eq 0 ]] &&
      grep -qiE 'password|authentication' <<<"$err" && have_root && allow_local_trust; then
      wait_until 10 pg_sql "$PG_ADMIN_URL" 'select 1' ||
        die "postgres: still refused after allowing local trust: $(pg_sql "$PG_ADMIN_URL" 'select 1' 2>&1 | head -n 1)"
    else
      die "postgres: the server answers but refuses queries at $(mask "$PG_ADMIN_URL"): $(head -n 1 <<<"$err")"
    fi
  fi

  local version_num version
  version_num="$(pg_sql "$PG_ADMIN_URL" 'show server_version_num')"
  version="$(pg_sql "$PG_ADMIN_URL" 'show server_version')"
  version="${version%% *}"
  ((version_num >= PG_MIN_VERSION * 10000)) ||
    die "postgres: server version $version at $(mask "$DATABASE_URL"); $PG_MIN_VERSION or newer is needed"

  # Settings: raised only when too low, and a running server is never restarted for them.
  local max_connections
  max_connections="$(pg_sql "$PG_ADMIN_URL" 'show max_connections')"
  if ((max_connections < PG_MIN_CONNECTIONS)); then
    if [[ "$PG_STARTED" -eq 1 && "$CHECK_ONLY" -eq 0 ]]; then
      log "postgres: raising max_connections from $max_connections to $PG_MIN_CONNECTIONS (server just started here: restarting it)"
      pg_sql "$PG_ADMIN_URL" "alter system set max_connections = $PG_MIN_CONNECTIONS" >/dev/null
      pg_ctl_cluster restart
      wait_until "$WAIT_SECONDS" pg_sql "$PG_ADMIN_URL" 'select 1' || die "postgres: did not come back after the restart"
    else
      log "postgres: WARNING: max_connections is $max_connections (< $PG_MIN_CONNECTIONS); the test suites may run out of connections." \
        "Raise it with: psql '$(mask "$PG_ADMIN_URL")' -c 'alter system set max_connections = $PG_MIN_CONNECTIONS' and a restart"
    fi
  fi

  # The app's database.
  local exists
  exists="$(pg_sql "$PG_ADMIN_URL" "select 1 from pg_database where datname = '${PG_DB//\'/\'\'}'")"
  if [[ "$exists" != 1 ]]; then
    if [[ "$PG_LOCAL" -eq 1 && "$CHECK_ONLY" -eq 0 ]]; then
      log "postgres: creating database $PG_DB"
      pg_sql "$PG_ADMIN_URL" "create database \"${PG_DB//\"/\"\"}\"" >/dev/null
    else
      log "postgres: note: database '$PG_DB' does not exist yet on $(mask "$PG_ADMIN_URL")"
    fi
  fi

  echo "postgres: up ($version) at $(mask "$DATABASE_URL")"
}

# --- Redis --------------------------------------------------------------------------------------

parse_url "$REDIS_URL" || die "REDIS_URL is not a URL: $(mask "$REDIS_URL")"
[[ "$U_SCHEME" == redis || "$U_SCHEME" == rediss ]] || die "REDIS_URL must start with redis:// or rediss:// (got $U_SCHEME://)"
REDIS_HOST="${U_HOST:-127.0.0.1}"
REDIS_PORT="${U_PORT:-6379}"
REDIS_PASS="$U_PASS"
REDIS_TLS=()
[[ "$U_SCHEME" == rediss ]] && REDIS_TLS=(--tls)
if is_local_host "$REDIS_HOST"; then REDIS_LOCAL=1; else REDIS_LOCAL=0; fi

rcli() { redis-cli -u "$REDIS_URL" "${REDIS_TLS[@]}" --no-auth-warning "$@"; }
redis_ping() { [[ "$(rcli ping 2>/dev/null)" == PONG ]]; }

start_local_redis() {
  [[ "$CHECK_ONLY" -eq 0 ]] || die "redis: nothing answers at $(mask "$REDIS_URL") (--check-only given)"
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  local dir=/var/lib/redis logfile="/var/log/redis/campus-${REDIS_PORT}.log"
  if [[ ! -w "$dir" || ! -w "${logfile%/*}" ]]; then
    dir="${TMPDIR:-/tmp}/campus-redis-${REDIS_PORT}"
    mkdir -p "$dir"
    logfile="$dir/redis.log"
  fi
  local args=(--daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save '' --appendonly no
    --maxmemory-policy noeviction --dir "$dir" --logfile "$logfile")
  [[ -n "$REDIS_PASS" ]] && args+=(--requirepass "$REDIS_PASS")
  log "redis: starting redis-server on port $REDIS_PORT (log: $logfile)"
  redis-server "${args[@]}" >&2 || die "redis: redis-server did not start; see $logfile"
}

ensure_redis() {
  if ! command -v redis-cli >/dev/null 2>&1; then
    [[ "$CHECK_ONLY" -eq 0 ]] || die "redis: redis-cli is not installed (--check-only given)"
    if [[ "$REDIS_LOCAL" -eq 1 ]]; then apt_install redis-server redis-tools; else apt_install redis-tools; fi
  fi

  if ! redis_ping; then
    local reply
    reply="$(rcli ping 2>&1 || true)"
    if grep -q LOADING <<<"$reply"; then # up, still reading its data set
      wait_until "$WAIT_SECONDS" redis_ping || die "redis: still loading its data set after ${WAIT_SECONDS}s"
    elif grep -qiE 'NOAUTH|WRONGPASS|invalid password|invalid username' <<<"$reply"; then
      die "redis: the server at $(mask "$REDIS_URL") answers but refuses us: $(head -n 1 <<<"$reply")"
    elif [[ "$REDIS_LOCAL" -eq 0 ]]; then
      die "redis: nothing answers at $(mask "$REDIS_URL") (a remote host: not starting anything)"
    else
      start_local_redis
      wait_until "$WAIT_SECONDS" redis_ping || die "redis: still not answering on port $REDIS_PORT after ${WAIT_SECONDS}s"
    fi
  fi

  local version
  version="$(rcli info server | tr -d '\r' | sed -n 's/^redis_version://p')"
  [[ -n "$version" ]] || die "redis: could not read the server version at $(mask "$REDIS_URL")"
  ((${version%%.*} >= REDIS_MIN_VERSION)) ||
    die "redis: server version $version at $(mask "$REDIS_URL"); $REDIS_MIN_VERSION or newer is needed"

  # BullMQ needs noeviction: an evicted job key silently breaks a queue.
  local policy
  policy="$(rcli config get maxmemory-policy 2>/dev/null | tr -d '\r' | sed -n 2p || true)"
  if [[ "$policy" != noeviction ]]; then
    if [[ "$CHECK_ONLY" -eq 0 ]] && [[ "$(rcli config set maxmemory-policy noeviction 2>&1 | tr -d '\r')" == OK ]]; then
      log "redis: maxmemory-policy was '${policy:-unknown}', set to noeviction"
      policy=noeviction
    elif [[ "$REDIS_LOCAL" -eq 1 && "$CHECK_ONLY" -eq 0 ]]; then
      die "redis: cannot set maxmemory-policy noeviction at $(mask "$REDIS_URL") (BullMQ needs it)"
    else
      log "redis: WARNING: maxmemory-policy is '${policy:-unknown}' at $(mask "$REDIS_URL"); BullMQ needs noeviction"
    fi
  fi

  echo "redis: up ($version) at $(mask "$REDIS_URL") (maxmemory-policy ${policy:-unknown})"
}

# --- Chromium (browser tests) -------------------------------------------------------------------

ensure_chromium() {
  if [[ ! -x /usr/bin/chromium ]]; then
    apt_install chromium
  fi
  [[ -x /usr/bin/chromium ]] || die "chromium: /usr/bin/chromium is still missing after installing Debian's chromium"
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present) at /usr/bin/chromium"
}

ensure_postgres
ensure_redis
if [[ "$WITH_CHROMIUM" -eq 1 ]]; then ensure_chromium; fi
