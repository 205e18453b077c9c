#!/usr/bin/env bash
# Stops a server started by pg-start.sh; does nothing for the machine's own server.
set -u
[ -n "${PGROOT:-}" ] && [ -d "$PGROOT/data" ] || exit 0
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGROOT/data" -m fast -w stop >/dev/null 2>&1 || true
rm -rf "$PGROOT"
