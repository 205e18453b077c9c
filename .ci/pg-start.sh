#!/usr/bin/env bash
# Starts a private PostgreSQL server when none answers on 127.0.0.1:5432 (recipe of ../shared/notes/stack.md, section 6).
# Prints the variables to eval: PGROOT PGBIN PGPORT.
set -euo pipefail
PGPORT="${PGPORT:-55432}"
find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
PGBIN="$(find_bin || true)"
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/postgres" ]; then          # only if missing: an unconditional install upgrades
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 && apt-get install -y -qq postgresql >/dev/null
  PGBIN="$(find_bin)"
fi
id -u postgres >/dev/null 2>&1 || useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin postgres
PGROOT="$(mktemp -d "${TMPDIR:-/tmp}/pgci.XXXXXX")"
chown postgres "$PGROOT"
runuser -u postgres -- "$PGBIN/initdb" -D "$PGROOT/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$PGROOT/initdb.log" 2>&1
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGROOT/data" -l "$PGROOT/server.log" -w -t 60 \
  -o "-p $PGPORT -c listen_addresses=127.0.0.1 -k $PGROOT -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
echo "export PGROOT=$PGROOT PGBIN=$PGBIN PGPORT=$PGPORT"
