#!/usr/bin/env bash
# A throwaway Postgres server with pgvector on this machine, for running the suite or the benchmarks on a server
# (README: Tests, Scaling out). Idempotent: installs Debian's server and headers, builds pgvector from a source
# checkout (no Debian package ships it; pass its directory), creates a cluster in DIR and starts it on PORT.
#
#   scripts/postgres-server.sh PGVECTOR_SOURCE_DIR [DIR=/tmp/docintel-pg] [PORT=55432]
#   TEST_POSTGRES_URL=postgres://app@127.0.0.1:55432/postgres npx vitest run
#   scripts/postgres-server.sh stop [DIR]
set -euo pipefail

DIR="${2:-/tmp/docintel-pg}"
PORT="${3:-55432}"
PG_MAJOR=15
BIN="/usr/lib/postgresql/$PG_MAJOR/bin"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
# Postgres refuses to run as root: the cluster belongs to the `postgres` system user then.
as_owner() { if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }

if [ "${1:-}" = "stop" ]; then
  as_owner "$BIN/pg_ctl -D '$DIR/data' stop -m fast" || true
  exit 0
fi
SRC="${1:?usage: scripts/postgres-server.sh PGVECTOR_SOURCE_DIR [DIR] [PORT]}"

missing=()
for pkg in "postgresql-$PG_MAJOR" "postgresql-server-dev-$PG_MAJOR" make gcc; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "==> apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -f "/usr/share/postgresql/$PG_MAJOR/extension/vector.control" ]; then
  echo "==> building pgvector from $SRC"
  build="$(mktemp -d)"
  cp -r "$SRC"/. "$build"
  make -s -C "$build" PG_CONFIG="$BIN/pg_config" >/dev/null
  $SUDO make -s -C "$build" PG_CONFIG="$BIN/pg_config" install >/dev/null
  rm -rf "$build"
fi

if [ ! -f "$DIR/data/PG_VERSION" ]; then
  echo "==> initdb $DIR/data"
  mkdir -p "$DIR"
  if [ "$(id -u)" -eq 0 ]; then chown postgres "$DIR"; fi
  as_owner "$BIN/initdb -D '$DIR/data' -U app --auth=trust >'$DIR/initdb.log'"
fi
if ! as_owner "$BIN/pg_ctl -D '$DIR/data' status" >/dev/null 2>&1; then
  echo "==> starting Postgres on 127.0.0.1:$PORT"
  as_owner "$BIN/pg_ctl -D '$DIR/data' -l '$DIR/server.log' -o \"-p $PORT -k '$DIR' -c listen_addresses=127.0.0.1 -c max_connections=200\" start" >/dev/null
fi
echo "postgres://app@127.0.0.1:$PORT/postgres"
