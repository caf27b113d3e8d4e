#!/usr/bin/env bash
# Start a throwaway PostgreSQL cluster on a free loopback port for the test run.
# Prints the DATABASE_URL; `.ci/postgres.sh stop <datadir>` stops it again.
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
if [ "${1:-}" = "stop" ]; then
  su postgres -c "$PGBIN/pg_ctl -D $2 stop -m fast" >/dev/null 2>&1 || true
  rm -rf "$2"
  exit 0
fi
DATA=$(mktemp -d /tmp/rulesite-pg.XXXXXX)
chown postgres "$DATA"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
su postgres -c "$PGBIN/initdb -D $DATA -A trust -U postgres" >/dev/null
# A throwaway cluster: nothing is worth an fsync (PostgreSQL's "non-durable settings"). The tests
# truncate and refill tables hundreds of times; with fsync each of those waits for the disk.
OPTS="-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
if ! su postgres -c "$PGBIN/pg_ctl -D $DATA -o '$OPTS' -l $DATA/log -w start" >/dev/null; then
  cat "$DATA/log" >&2
  exit 1
fi
echo "$DATA" > "${PG_DATADIR_FILE:-/dev/null}"
echo "postgres://postgres@127.0.0.1:$PORT/rulesite"
