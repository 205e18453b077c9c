#!/usr/bin/env bash
# batched-search.sh [DBS]: issue 35's yardstick. Adult (45,222 rows), 9 QIs, k = 2, the default algorithm (incognito),
# `anonymize --executor sql --stats` and `--executor memory --stats` on each database, each in its own JVM, on a
# database made fresh for the run (import and binding not timed). Prints per database the sql executor's statements,
# searchMs and totalMs, the memory executor's totalMs, the ratio of the totalMs, and whether both found the same node
# (the oracle's 163 anonymous nodes: anonymousNodes).
#
#   DBS=derby,duckdb,postgresql,mariadb (default all four; trino: the cluster of bin/trino-cluster start, on port
#       KANON_TRINO_PORT (default 18080), an Iceberg schema made for the run, kanon's catalog in a Derby folder)
#   JAR=path  the CLI jar (default target/kanon.jar; mvn -B -ntp -DskipTests package)
#   RUNS=N    runs of each executor per database; the median is printed (default 3)
#   KANON_SHARED  the shared data folder (default ../shared beside the repository)
# Needs jq, psql and the mariadb client; PostgreSQL on 127.0.0.1:5432 (postgres, trust), MariaDB on 127.0.0.1:3306
# (root, no password), as on the project's machines.
set -euo pipefail
repo="$(cd "$(dirname "$(readlink -f "$0")")/../../.." && pwd)"
JAR="$(readlink -f "${JAR:-$repo/target/kanon.jar}")"
[ -f "$JAR" ] || { echo "batched-search: $JAR missing: mvn -B -ntp -DskipTests package" >&2; exit 2; }
SHARED="${KANON_SHARED:-$repo/../shared}"
CSV="$SHARED/datasets/adult-uci/adult-45222.csv"
HIER="$SHARED/datasets/adult-arx"
[ -f "$CSV" ] || { echo "batched-search: $CSV missing (set KANON_SHARED)" >&2; exit 2; }
IFS=, read -r -a DBS <<<"${1:-${DBS:-derby,duckdb,postgresql,mariadb}}"
RUNS="${RUNS:-3}"
OUT="$(mktemp -d -t kanon-batched.XXXXXX)"
id="bs$(date +%H%M%S)"
Q9=age,sex,race,marital-status,education,native-country,workclass,occupation,salary-class
psql_() { PGOPTIONS="-c client_min_messages=warning" psql -h 127.0.0.1 -U postgres -d postgres -v ON_ERROR_STOP=1 -qAt "$@"; }
maria_() { mariadb -h 127.0.0.1 -P 3306 -u root -N "$@"; }
url() {
  case $1 in
    derby) echo "jdbc:derby:$OUT/derby;create=true" ;;
    duckdb) echo "jdbc:duckdb:$OUT/duck.duckdb" ;;
    postgresql) echo "jdbc:postgresql://127.0.0.1:5432/$id" ;;
    mariadb) echo "jdbc:mariadb://127.0.0.1:3306/$id" ;;
    trino) echo "jdbc:trino://127.0.0.1:${KANON_TRINO_PORT:-18080}/iceberg/$id" ;;
  esac
}
user_opt() {
  case $1 in
    postgresql) echo "--user postgres" ;;
    mariadb) echo "--user root" ;;
    trino) echo "--user kanon --catalog-db jdbc:derby:$OUT/trino-catalog;create=true" ;;
  esac
}
trino_sql() { # one statement over Trino's REST API, waited for
  local out next
  out="$(curl -sS -X POST -H "X-Trino-User: kanon" --data-binary "$1" "http://127.0.0.1:${KANON_TRINO_PORT:-18080}/v1/statement")"
  while next="$(jq -r '.nextUri // empty' <<<"$out")"; [ -n "$next" ]; do out="$(curl -sS -H "X-Trino-User: kanon" "$next")"; done
  jq -e '.error == null' <<<"$out" >/dev/null || { jq -r '.error.message' <<<"$out" >&2; return 1; }
}
cleanup() {
  rm -rf "$OUT"
  [[ " ${DBS[*]} " == *" trino "* ]] && trino_sql "DROP SCHEMA IF EXISTS iceberg.$id CASCADE" || true
  psql_ -c "DROP DATABASE IF EXISTS $id WITH (FORCE)" >/dev/null 2>&1 || true
  for d in $(maria_ -e "SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE '${id}%'" 2>/dev/null); do
    maria_ -e "DROP DATABASE \`$d\`" || true
  done
}
trap cleanup EXIT
kanon() { java -Dderby.stream.error.field=org.kanon.db.DerbyLog.DEV_NULL -cp "$JAR" org.kanon.cli.Kanon "$@"; }

echo "# batched-search $(date -Iseconds), $(cd "$repo" && git describe --always --dirty), $(nproc) cores, median of $RUNS runs"
echo "| database | sql statements | sql searchMs | sql totalMs | memory totalMs | ratio | same node |"
echo "|---|---:|---:|---:|---:|---:|---|"
for db in "${DBS[@]}"; do
  case $db in
    postgresql) psql_ -c "CREATE DATABASE $id" ;;
    mariadb) maria_ -e "CREATE DATABASE $id" ;;
    trino) trino_sql "CREATE SCHEMA iceberg.$id" ;;
  esac
  u="$(url "$db")"
  # shellcheck disable=SC2046
  kanon import "$CSV" --table adult --db "$u" $(user_opt "$db") >/dev/null
  # shellcheck disable=SC2046
  kanon hierarchy import --table adult --dir "$HIER" --prefix adult_hierarchy_ --db "$u" $(user_opt "$db") >/dev/null
  for e in sql memory; do
    for ((r = 1; r <= RUNS; r++)); do
      # shellcheck disable=SC2046
      kanon anonymize --table adult --qi $Q9 --k 2 --executor $e --stats --format json --db "$u" $(user_opt "$db") \
        | jq -c '.stats' >>"$OUT/$db-$e.jsonl"
    done
  done
  python3 - "$OUT/$db-sql.jsonl" "$OUT/$db-memory.jsonl" "$db" <<'PY'
import json, statistics, sys
sql = [json.loads(l) for l in open(sys.argv[1])]
mem = [json.loads(l) for l in open(sys.argv[2])]
med = lambda runs, k: statistics.median(r[k] for r in runs)
same = {(r["selected"], r["anonymousNodes"]) for r in sql + mem}
print(f"| {sys.argv[3]} | {med(sql, 'statements'):.0f} | {med(sql, 'searchMs'):.0f} | {med(sql, 'totalMs'):.0f} | "
      f"{med(mem, 'totalMs'):.0f} | {med(sql, 'totalMs') / med(mem, 'totalMs'):.1f}x | "
      f"{'yes: ' + str(sql[0]['anonymousNodes']) + ' anonymous nodes, ' + sql[0]['selected'] if len(same) == 1 else 'NO: ' + str(same)} |")
PY
done
