#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: initdb into a temporary folder, serve it on
# loopback on a free port, create database netkb, run the command with DATABASE_URL pointing at it,
# then stop the cluster and delete the folder. Needs Debian's postgresql package (apt-get install -y
# postgresql). As root (CI) the cluster runs as the postgres user, since PostgreSQL refuses root.
#   bash scripts/with-scratch-postgres.sh npx jest test/http
set -euo pipefail

bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "with-scratch-postgres: PostgreSQL is not installed: apt-get install -y postgresql" >&2
  exit 2
fi
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

dir="$(mktemp -d "${TMPDIR:-/tmp}/netkb-pg-XXXXXX")"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
stop() {
  as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

# trust on loopback only: a throwaway cluster no other machine can reach, deleted at exit.
as_owner "$bindir/initdb" -D "$dir/data" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }
as_owner "$bindir/psql" -h 127.0.0.1 -p "$port" -U postgres -qc 'CREATE DATABASE netkb' >/dev/null
echo "with-scratch-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2

status=0
DATABASE_URL="postgresql://postgres@127.0.0.1:$port/netkb" "$@" || status=$?
exit "$status"
