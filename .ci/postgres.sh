#!/usr/bin/env bash
# Start a throwaway PostgreSQL cluster on loopback for the test run; prints the DATABASE_URL.
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
DATA=$(mktemp -d /tmp/rulesite-pg.XXXXXX)
chown postgres "$DATA"
su postgres -c "$PGBIN/initdb -D $DATA -A trust -U postgres" >/dev/null
su postgres -c "$PGBIN/pg_ctl -D $DATA -o '-p 55432 -k /tmp -c listen_addresses=127.0.0.1' -l $DATA/log -w start" >/dev/null
echo "postgres://postgres@127.0.0.1:55432/rulesite"
