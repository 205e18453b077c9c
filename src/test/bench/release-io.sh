#!/usr/bin/env bash
# release-io.sh [REPS]: issue 32's items 5 and 8, timed through the command line on Adult (45,222 rows).
#
# Once per database: the import of Adult and the binding of ARX's nine hierarchies (both write through RowBatch or
# the bulk path). Item 5 (Derby): a 9-QI global release of Adult (k = 2, memory executor, a view), then `metrics --release` and
# `report --release` on it. Item 8 (DuckDB): table releases, `anonymize --algorithm permutation` (7 QIs, l = 5,
# sensitive occupation) and `--algorithm mondrian` (the TKDE paper's 8 QIs, k = 10), with the write phase the CLI
# reports (its stats: the algorithm's own milliseconds; the rest of the wall time is JVM start, reading and writing). Each step is a whole `java -jar` (JVM start included), wall seconds; REPS rounds (default 3) on a database
# made once per database kind. JAR (default target/kanon.jar) names the build, so two builds compare on one machine:
#   JAR=/tmp/before.jar src/test/bench/release-io.sh 3; src/test/bench/release-io.sh 3
set -euo pipefail
repo="$(cd "$(dirname "$(readlink -f "$0")")/../../.." && pwd)"
REPS="${1:-3}"
JAR="$(readlink -f "${JAR:-$repo/target/kanon.jar}")"
SHARED="${KANON_SHARED:-$repo/../shared}"
CSV="$SHARED/datasets/adult-uci/adult-45222.csv"
HIER="$SHARED/datasets/adult-arx"
OUT="${OUT:-$(mktemp -d /tmp/kanon-release-io.XXXXXX)}"
mkdir -p "$OUT"
Q9=age,sex,race,marital-status,education,native-country,workclass,occupation,salary-class
Q7=age,sex,education,marital-status,race,workclass,native-country
Q8=age,workclass,education,marital-status,occupation,race,sex,native-country
k() { java -Dderby.stream.error.field=org.kanon.db.DerbyLog.DEV_NULL -jar "$JAR" "$@"; }
timed() { # LABEL CMD...: prints LABEL and wall seconds; the command's output goes to $OUT/LABEL.log
  local label=$1; shift; local t0 t1
  t0=$(date +%s.%N); "$@" >"$OUT/$label.log" 2>&1 || { echo "$label failed: $OUT/$label.log" >&2; exit 1; }
  t1=$(date +%s.%N); printf '%-28s %6.2f s\n' "$label" "$(echo "$t1 - $t0" | bc)"
}
echo "jar $JAR, load $(cut -d' ' -f1-3 /proc/loadavg)"
for db in derby duckdb; do
  case $db in
    derby) export KANON_DB_URL="jdbc:derby:$OUT/derby;create=true" ;;
    duckdb) export KANON_DB_URL="jdbc:duckdb:$OUT/adult.duckdb" ;;
  esac
  timed "$db import" k import "$CSV" --table adult
  timed "$db hierarchy import" k hierarchy import --table adult --dir "$HIER" --prefix adult_hierarchy_
  if [ $db = derby ]; then
    k anonymize --table adult --qi $Q9 --k 2 --algorithm incognito-superroots --executor memory --name r9 >/dev/null
  fi
  for r in $(seq "$REPS"); do
    if [ $db = derby ]; then
      timed "derby metrics r9 #$r" k metrics --release r9
      timed "derby report r9 #$r" k report --release r9 --html "$OUT/r9.html"
    else
      timed "duckdb permutation #$r" k anonymize --table adult --qi $Q7 --l 5 --sensitive occupation --algorithm permutation \
        --seed 1 --name p$r --format json
      echo "  stats: $(jq -c '.stats | with_entries(select(.key | endswith("Ms")))' "$OUT/duckdb permutation #$r.log")"
      timed "duckdb mondrian #$r" k anonymize --table adult --qi $Q8 --k 10 --algorithm mondrian --name m$r --format json
      echo "  stats: $(jq -c '.stats | with_entries(select(.key | endswith("Ms") or . == "ms"))' "$OUT/duckdb mondrian #$r.log")"
    fi
  done
done
echo "logs and databases: $OUT"
