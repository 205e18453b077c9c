#!/usr/bin/env bash
# databases.sh [REPS]: one build of kanon, the same Adult workload on every database it supports, interleaved.
#
# Per round and database, on a database made fresh for that round (Derby folder, DuckDB file, PostgreSQL and MariaDB
# databases): import the 45,222-row Adult CSV; bind ARX's nine hierarchies; `anonymize --executor sql` and
# `--executor memory` (incognito-superroots, 9 QIs, k = 2); a release (memory executor, k = 2) and its `verify`.
# Round r runs the databases in a rotated order (r=1: derby duckdb postgresql mariadb, r=2: duckdb postgresql mariadb
# derby, ...), so a drift of a noisy machine's load hits every database alike. Each step is a whole
# `java -cp kanon.jar ...` (JVM start included): wall time, CPU (user + system of the JVM: the server's own CPU is not
# in it for PostgreSQL and MariaDB, so compare those by wall time) and the time the CLI reports in --format json.
# The anonymize results minus timings are hashed: every database must find the same answer.
#
# Environment (optional):
#   DBS=derby,duckdb,postgresql,mariadb   the databases (default all four)
#   JAR=path      the shaded CLI jar (default target/kanon.jar; build it with mvn -B -ntp -DskipTests package)
#   OUT=DIR       results folder (default $BENCH_DIR/results/databases-<time>, BENCH_DIR default /tmp/kanon-bench)
#   KANON_SHARED  the shared data folder (default ../shared next to the repository)
# Needs jq, psql and the mariadb client; PostgreSQL on 127.0.0.1:5432 (user postgres, trust) and MariaDB on
# 127.0.0.1:3306 (root, empty password), as on the project's machines.
set -euo pipefail

repo="$(cd "$(dirname "$(readlink -f "$0")")/../../.." && pwd)"
REPS="${1:-5}"
JAR="$(readlink -f "${JAR:-$repo/target/kanon.jar}")"
[ -f "$JAR" ] || { echo "databases: $JAR missing: mvn -B -ntp -DskipTests package" >&2; exit 2; }
SHARED="${KANON_SHARED:-$repo/../shared}"
CSV="$SHARED/datasets/adult-uci/adult-45222.csv"
HIER="$SHARED/datasets/adult-arx"
[ -f "$CSV" ] || { echo "databases: $CSV missing (set KANON_SHARED)" >&2; exit 2; }
BENCH_DIR="${BENCH_DIR:-/tmp/kanon-bench}"
stamp="$(date +%Y%m%d-%H%M%S)"
OUT="${OUT:-$BENCH_DIR/results/databases-$stamp}"
mkdir -p "$OUT/logs" "$OUT/db"
RAW="$OUT/raw.tsv"
IFS=, read -r -a DBS <<<"${DBS:-derby,duckdb,postgresql,mariadb}"
id="b$(date +%H%M%S)"

Q9=age,sex,race,marital-status,education,native-country,workclass,occupation,salary-class
STEPS=(import bind sql-k2 memory-k2 release-k2 verify)
psql_() { PGOPTIONS="-c client_min_messages=warning" psql -h 127.0.0.1 -U postgres -d postgres -v ON_ERROR_STOP=1 -qAt "$@"; }
maria_() { mariadb -h 127.0.0.1 -P 3306 -u root -N "$@"; }

db_name() { echo "kanon_${id}_r$1"; }     # ROUND -> server database name
url() { # DB ROUND
  case $1 in
    derby) echo "jdbc:derby:$OUT/db/derby-r$2;create=true" ;;
    duckdb) echo "jdbc:duckdb:$OUT/db/duckdb-r$2.duckdb" ;;
    postgresql) echo "jdbc:postgresql://127.0.0.1:5432/$(db_name "$2")" ;;
    mariadb) echo "jdbc:mariadb://127.0.0.1:3306/$(db_name "$2")" ;;
  esac
}
user_opt() { case $1 in postgresql) echo "--user postgres" ;; mariadb) echo "--user root" ;; esac; }
create_db() { # DB ROUND: an empty database (the embedded ones are created by their first connection)
  case $1 in
    postgresql) psql_ -c "CREATE DATABASE $(db_name "$2")" ;;
    mariadb) maria_ -e "CREATE DATABASE $(db_name "$2")" ;;
  esac
}
drop_dbs() { # every database this run made (kanon's own namespaces on MariaDB included)
  rm -rf "$OUT/db"
  for d in $(psql_ -c "SELECT datname FROM pg_database WHERE datname LIKE 'kanon\\_${id}\\_%'"); do psql_ -c "DROP DATABASE $d WITH (FORCE)"; done
  for d in $(maria_ -e "SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE 'kanon\\_${id}\\_%'"); do maria_ -e "DROP DATABASE \`$d\`"; done
}
trap drop_dbs EXIT

step_args() { # STEP ROUND
  case $1 in
    import) echo "import $CSV --table adult --format json" ;;
    bind) echo "hierarchy import --table adult --dir $HIER --prefix adult_hierarchy_ --format json" ;;
    sql-k2) echo "anonymize --table adult --qi $Q9 --k 2 --algorithm incognito-superroots --executor sql --format json" ;;
    memory-k2) echo "anonymize --table adult --qi $Q9 --k 2 --algorithm incognito-superroots --executor memory --format json" ;;
    release-k2) echo "anonymize --table adult --qi $Q9 --k 2 --algorithm incognito-superroots --executor memory --name adult_k2_r$2 --format json" ;;
    verify) echo "verify adult_k2_r$2 --format json" ;;
  esac
}
step_inner() { # the time the CLI reports itself, as a jq expression
  case $1 in
    sql-k2|memory-k2) echo '.stats.searchMs' ;;
    release-k2) echo '.stats.phasesMs.release' ;;
    *) echo 'empty' ;;
  esac
}

{
  echo "# kanon on four databases, $(date -Iseconds)"
  echo "jar: $JAR ($(cd "$repo" && git describe --always --dirty 2>/dev/null || echo '?'))"
  echo "rounds: $REPS, databases: ${DBS[*]} (rotated per round); steps: ${STEPS[*]}"
  echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "servers: PostgreSQL $(psql_ -c 'SHOW server_version'), MariaDB $(maria_ -e 'SELECT VERSION()')"
} | tee "$OUT/header.txt"

printf 'round\tdb\tstep\twall_s\tcpu_s\tinner_ms\trc\tload1\tfingerprint\n' >"$RAW"
fingerprint() { # the result without statistics, timings, the registered release and the verified relation's name (the database's own), in one case
  # (Derby prints the names it folded upper case)
  jq -c 'del(.stats, .release, .table, .subject) | walk(if type == "object" then with_entries(select(.key | test("(Ms|^ms|^createdAt)$") | not)) else . end)' "$1" 2>/dev/null \
    | tr '[:upper:]' '[:lower:]' | sed -E 's/_r[0-9]+//g' | sha256sum | cut -c1-12
}
run_step() { # ROUND DB STEP
  local r=$1 db=$2 s=$3 log="$OUT/logs/r$1-$2-$3" times rc wall cpu inner load TIMEFORMAT='%3R %3U %3S'
  load="$(cut -d' ' -f1 /proc/loadavg)"
  # shellcheck disable=SC2046
  times=$( { time { if java -Dderby.stream.error.field=org.kanon.db.DerbyLog.DEV_NULL -cp "$JAR" org.kanon.cli.Kanon \
      $(step_args "$s" "$r") --db "$(url "$db" "$r")" $(user_opt "$db") >"$log.json" 2>"$log.err"; then echo 0 >"$log.rc"; else echo $? >"$log.rc"; fi; }; } 2>&1 )
  rc=$(cat "$log.rc"); rm -f "$log.rc"
  wall=$(echo "$times" | awk '{ printf "%.3f", $1 }')
  cpu=$(echo "$times" | awk '{ printf "%.3f", $2 + $3 }')
  inner=$(jq -r "$(step_inner "$s") // empty" "$log.json" 2>/dev/null | tail -1 || true)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$db" "$s" "$wall" "$cpu" "${inner:-NA}" "$rc" "$load" "$(fingerprint "$log.json")" >>"$RAW"
  printf '  r%-2s %-10s %-10s wall %6.2f s  cpu %6.2f s  inner %6s ms  rc %s  load %5s\n' "$r" "$db" "$s" "$wall" "$cpu" "${inner:-NA}" "$rc" "$load"
  [ "$rc" = 0 ] || { echo "    FAILED: see $log.err"; tail -3 "$log.err" | sed 's/^/    /'; }
}

start=$(date +%s)
for ((r = 1; r <= REPS; r++)); do
  order=()
  for ((i = 0; i < ${#DBS[@]}; i++)); do order+=("${DBS[$(( (i + r - 1) % ${#DBS[@]} ))]}"); done
  echo "round $r/$REPS (${order[*]}), $(date +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)"
  for db in "${order[@]}"; do
    create_db "$db" "$r"
    for s in "${STEPS[@]}"; do run_step "$r" "$db" "$s"; done
  done
done
elapsed=$(( $(date +%s) - start ))

python3 - "$RAW" "$elapsed" "${DBS[*]}" "${STEPS[*]}" <<'PY' | tee "$OUT/summary.md"
import csv, statistics, sys
raw, elapsed, dbs, steps = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4].split()
rows = list(csv.DictReader(open(raw), delimiter="\t"))
def vals(db, step, key):
    return [float(r[key]) for r in rows if r["db"] == db and r["step"] == step and r["rc"] == "0" and r[key] not in ("NA", "")]
def fmt(v, d):
    return f"{statistics.median(v):.{d}f} [{min(v):.{d}f}-{max(v):.{d}f}]" if v else "n/a"
rounds = max(int(r["round"]) for r in rows)
print(f"\nmedian [min-max] over {rounds} round(s), wall seconds of the whole command (JVM start included); "
      f"timed part took {elapsed} s\n")
print("| step | " + " | ".join(dbs) + " |")
print("|---|" + "---:|" * len(dbs))
for s in steps:
    print(f"| {s} wall s | " + " | ".join(fmt(vals(d, s, "wall_s"), 2) for d in dbs) + " |")
for s in steps:
    print(f"| {s} cpu s (kanon JVM) | " + " | ".join(fmt(vals(d, s, "cpu_s"), 2) for d in dbs) + " |")
for s in ("sql-k2", "memory-k2", "release-k2"):
    label = "searchMs" if s != "release-k2" else "phasesMs.release"
    print(f"| {s} {label} | " + " | ".join(fmt(vals(d, s, "inner_ms"), 0) for d in dbs) + " |")
fails = [f"r{r['round']} {r['db']} {r['step']} rc {r['rc']}" for r in rows if r["rc"] != "0"]
print("\nfailed runs: " + (", ".join(fails) if fails else "none"))
for s in ("sql-k2", "memory-k2", "release-k2", "verify"):
    fps = {r["fingerprint"] for r in rows if r["step"] == s and r["rc"] == "0"}
    print(f"{s}: {'the same result on every database and round' if len(fps) == 1 else f'{len(fps)} distinct results (see logs)'}")
loads = [float(r["load1"]) for r in rows]
print(f"load average (1 min) at the start of the steps: {min(loads):.2f}-{max(loads):.2f}, median {statistics.median(loads):.2f}")
PY
echo "raw numbers: $RAW; command output: $OUT/logs/"
