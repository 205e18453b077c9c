#!/usr/bin/env bash
# trino.sh [REPS]: one build of kanon, the synthetic census (issue 22) on PostgreSQL and on the Iceberg lake through
# the project's 3-node Trino cluster (bin/trino-cluster), interleaved.
#
# Setup, not measured (skipped when already there with the right row count): the census CSV of each size is drawn
# by org.kanon.demo.SyntheticCensus (bundled properties, id.digits=8, the bundled seed: the same bytes every time);
# PostgreSQL database $PGDB gets it by `kanon import` of a 2,000-row sample (column types) and psql \copy of the whole
# file; the lake gets it by `CREATE TABLE iceberg.$LAKE.census_N AS SELECT * FROM postgresql.$PGSCHEMA.census_N`
# over Trino's REST API (session scale_writers=false, so both workers write files) from a copy in the database of
# Trino's postgresql catalog (postgres, schema $PGSCHEMA, dropped afterwards); then
# `kanon hierarchy import --dir datasets/synthetic/hierarchies --prefix census_hierarchy_` on both.
#
# Measured, per round, size and database (databases rotated per round): `kanon anonymize --table census_N --qi <8 QIs>
# --k 10 --algorithm incognito-superroots --format json` with
#   sql        --executor sql     under -Xmx$HEAP
#   memory     --executor memory  under -Xmx$HEAP
#   memory-big --executor memory  under -Xmx$BIG_HEAP (when memory runs out of heap under -Xmx$HEAP)
#   auto       --executor auto    under -Xmx$HEAP (default memory budget 256m)
# each a whole `java -cp kanon.jar` command (JVM start included), killed after $TIMEOUT seconds (rc 124).
# Per step: wall time; kanon's totalMs/searchMs/phasesMs.executor and statement count (--format json); the
# kanon JVM's peak heap (largest heap occupancy before a GC in -Xlog:gc) and max RSS (/usr/bin/time -v);
# the data the database read: Trino, the sum of physicalInputDataSize and totalCpuTime of the step's queries
# (REST /v1/query polled every 20 s and once at the end, the step's own user $TRINO_USER, created after the step
# started); PostgreSQL, the delta of (blks_read + blks_hit) x 8 KiB and tup_returned of pg_stat_database for $PGDB
# (no pg_stat_statements: it needs a server restart). The results minus timings are hashed: both databases must
# find the same node.
#
# Environment (optional):
#   SIZES=1m,5m  DBS=postgresql,trino  STEPS=sql,memory,memory-big,auto  HEAP=512m  BIG_HEAP=3g  TIMEOUT=1200
#   TRINO_SQL_TIMEOUT (default $TIMEOUT): a shorter limit for the sql executor on Trino
#   STEPS_<size>, e.g. STEPS_5m=sql,memory-big: the steps of one size (default $STEPS)
#   JAR (default target/kanon.jar; mvn -B -ntp -o -DskipTests package), OUT (default $BENCH_DIR/results/trino-<time>),
#   BENCH_DIR (default /tmp/kanon-bench; the CSVs are kept in $BENCH_DIR/trino-data), DROP=1: drop the PostgreSQL
#   database and the lake tables at the end (default: keep them for the next run)
# Needs jq, curl, psql, /usr/bin/time; PostgreSQL on 127.0.0.1:5432 (postgres, trust); `bin/trino-cluster start`
# with its postgresql catalog. The cluster is shared: this script never stops it.
set -euo pipefail

repo="$(cd "$(dirname "$(readlink -f "$0")")/../../.." && pwd)"
REPS="${1:-1}"
JAR="$(readlink -f "${JAR:-$repo/target/kanon.jar}")"
[ -f "$JAR" ] || { echo "trino: $JAR missing: mvn -B -ntp -o -DskipTests package" >&2; exit 2; }
HIER="$repo/datasets/synthetic/hierarchies"
BENCH_DIR="${BENCH_DIR:-/tmp/kanon-bench}"
DATA="$BENCH_DIR/trino-data"
stamp="$(date +%Y%m%d-%H%M%S)"
OUT="${OUT:-$BENCH_DIR/results/trino-$stamp}"
mkdir -p "$OUT/logs" "$DATA"
RAW="$OUT/raw.tsv"
IFS=, read -r -a SIZES <<<"${SIZES:-1m,5m}"
IFS=, read -r -a DBS <<<"${DBS:-postgresql,trino}"
IFS=, read -r -a STEPS <<<"${STEPS:-sql,memory,memory-big,auto}"
HEAP="${HEAP:-512m}"
BIG_HEAP="${BIG_HEAP:-3g}"
TIMEOUT="${TIMEOUT:-1200}"
TRINO_SQL_TIMEOUT="${TRINO_SQL_TIMEOUT:-$TIMEOUT}"
TRINO_PORT="${KANON_TRINO_PORT:-18080}"
TRINO_USER="${TRINO_USER:-bench22}"
PGDB="${PGDB:-kanon_bench22}"
PGSCHEMA=bench22     # the copy in Trino's postgresql catalog (database postgres)
LAKE="${LAKE:-bench22}"  # the Iceberg schema
CATALOG_DB="jdbc:derby:$DATA/trino-catalog;create=true"  # kanon's catalog for the Trino runs (bindings kept)
Q8=age,sex,race,marital-status,education,occupation,zipcode,salary-class

psql_() { PGOPTIONS="-c client_min_messages=warning" psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qAt "$@"; }
tq() { # SQL [SESSION]: one statement over Trino's REST API; rows as tab-separated lines
  local out next err
  out="$(curl -sS --fail-with-body -X POST -H "X-Trino-User: $TRINO_USER" ${2:+-H "X-Trino-Session: $2"} \
    --data-binary "$1" "http://127.0.0.1:$TRINO_PORT/v1/statement")" || { echo "query failed: $out" >&2; return 1; }
  while :; do
    err="$(jq -r '.error.message // empty' <<<"$out")"
    [ -z "$err" ] || { echo "query failed: $err" >&2; return 1; }
    jq -r '(.data // [])[] | map(tostring) | @tsv' <<<"$out"
    next="$(jq -r '.nextUri // empty' <<<"$out")"
    [ -n "$next" ] || return 0
    out="$(curl -sS --fail-with-body -H "X-Trino-User: $TRINO_USER" "$next")" || { echo "query failed: $out" >&2; return 1; }
  done
}
rows_of() { case $1 in *m) echo $(( ${1%m} * 1000000 )) ;; *k) echo $(( ${1%k} * 1000 )) ;; *) echo "$1" ;; esac; }
url() { case $1 in postgresql) echo "jdbc:postgresql://127.0.0.1:5432/$PGDB" ;; trino) echo "jdbc:trino://127.0.0.1:$TRINO_PORT/iceberg/$LAKE" ;; esac; }
db_opts() { # DB: connection options of kanon
  case $1 in
    postgresql) echo "--db $(url postgresql) --user postgres" ;;
    trino) echo "--db $(url trino) --user $TRINO_USER --catalog-db $CATALOG_DB" ;;
  esac
}
kanon() { java -Xmx"${KHEAP:-$HEAP}" -cp "$JAR" -Dderby.stream.error.field=org.kanon.db.DerbyLog.DEV_NULL org.kanon.cli.Kanon "$@"; }

bin_trino="$repo/bin/trino-cluster"
"$bin_trino" status >/dev/null || { echo "trino: the cluster is not up: bin/trino-cluster start" >&2; exit 2; }

# ------------------------------------------------------------------ setup (not measured)
DDL='(id varchar(9), age integer, sex varchar(6), race varchar(18), "marital-status" varchar(21), education varchar(12),
 occupation varchar(17), zipcode integer, "salary-class" varchar(5), disease varchar(13))'
cat >"$DATA/GenCensus.java" <<'EOF'
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Properties;
import org.kanon.demo.SyntheticCensus;
/** GenCensus FILE ROWS: the bundled synthetic census, ids of 8 digits, its own seed. */
public class GenCensus {
    public static void main(String[] a) throws Exception {
        Properties p = new Properties();
        try (InputStream in = SyntheticCensus.class.getClassLoader().getResourceAsStream(SyntheticCensus.BUNDLED_RESOURCE)) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        p.setProperty("id.digits", "8");
        SyntheticCensus c = SyntheticCensus.fromProperties(p);
        c.writeCsv(Path.of(a[0]), Integer.parseInt(a[1]), c.seed());
    }
}
EOF
[ -n "$(psql_ -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$PGDB'")" ] || psql_ -d postgres -c "CREATE DATABASE $PGDB"
tq "CREATE SCHEMA IF NOT EXISTS iceberg.$LAKE" >/dev/null
for size in "${SIZES[@]}"; do
  n=$(rows_of "$size"); t="census_$size"; csv="$DATA/census-$size.csv"
  if [ ! -s "$csv" ]; then
    echo "setup: drawing $n rows into $csv"
    java -cp "$JAR" "$DATA/GenCensus.java" "$csv.tmp" "$n" && mv "$csv.tmp" "$csv"
  fi
  if [ "$(psql_ -d "$PGDB" -c "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename = '$t'")" = 0 ] \
      || [ "$(psql_ -d "$PGDB" -c "SELECT count(*) FROM public.$t")" != "$n" ]; then
    echo "setup: loading $t into PostgreSQL $PGDB"
    psql_ -d "$PGDB" -c "DROP TABLE IF EXISTS public.$t"
    head -2001 "$csv" >"$DATA/sample.csv"
    kanon import "$DATA/sample.csv" --table "$t" $(db_opts postgresql) --format json >/dev/null
    psql_ -d "$PGDB" -c "TRUNCATE public.$t" -c "\\copy public.$t FROM '$csv' WITH (FORMAT csv, HEADER true)" -c "ANALYZE public.$t"
    kanon hierarchy import --table "$t" --dir "$HIER" --prefix census_hierarchy_ --replace $(db_opts postgresql) --format json >/dev/null
  fi
  if [ "$(tq "SELECT count(*) FROM iceberg.$LAKE.$t" 2>/dev/null || echo 0)" != "$n" ]; then
    echo "setup: loading $t into the lake (iceberg.$LAKE) through Trino"
    psql_ -d postgres -c "CREATE SCHEMA IF NOT EXISTS $PGSCHEMA" -c "DROP TABLE IF EXISTS $PGSCHEMA.$t" -c "CREATE TABLE $PGSCHEMA.$t $DDL" \
      -c "\\copy $PGSCHEMA.$t FROM '$csv' WITH (FORMAT csv, HEADER true)"
    tq "DROP TABLE IF EXISTS iceberg.$LAKE.$t" >/dev/null
    s0=$(date +%s)
    tq "CREATE TABLE iceberg.$LAKE.$t AS SELECT * FROM postgresql.$PGSCHEMA.$t" scale_writers=false >/dev/null
    echo "setup: CTAS of $n rows took $(( $(date +%s) - s0 )) s; files: $(tq "SELECT count(DISTINCT \"\$path\") FROM iceberg.$LAKE.$t")"
    psql_ -d postgres -c "DROP TABLE $PGSCHEMA.$t"
    kanon hierarchy import --table "$t" --dir "$HIER" --prefix census_hierarchy_ --replace $(db_opts trino) --format json >/dev/null
  fi
done
psql_ -d postgres -c "DROP SCHEMA IF EXISTS $PGSCHEMA"

# ------------------------------------------------------------------ measured steps
{
  echo "# kanon on PostgreSQL and on Trino (Iceberg lake), synthetic census, $(date -Iseconds)"
  echo "jar: $JAR ($(cd "$repo" && git describe --always --dirty 2>/dev/null || echo '?'))"
  echo "rounds: $REPS, sizes: ${SIZES[*]}, databases: ${DBS[*]} (rotated per round); steps: ${STEPS[*]}; heap $HEAP (memory-big $BIG_HEAP); timeout $TIMEOUT s (Trino sql $TRINO_SQL_TIMEOUT s)"
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem/ {print $2}') GB, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "servers: PostgreSQL $(psql_ -d postgres -c 'SHOW server_version'), Trino $(curl -s "http://127.0.0.1:$TRINO_PORT/v1/info" | jq -r .nodeVersion.version), $("$bin_trino" status 2>&1 | tail -1)"
} | tee "$OUT/header.txt"

printf 'round\tsize\tdb\tstep\twall_s\tcpu_s\trc\ttotal_ms\tsearch_ms\texecutor_ms\tstatements\tpeak_heap_mb\tmax_rss_mb\tdb_read_mb\tdb_rows_or_cpu\tqueries\tload1\tfingerprint\n' >"$RAW"
fingerprint() { # the result without statistics, timings and the table's (schema-qualified) name
  jq -c 'del(.stats, .release, .table, .executor) | walk(if type == "object" then with_entries(select(.key | test("(Ms|^ms|^createdAt)$") | not)) else . end)' "$1" 2>/dev/null \
    | sha256sum | cut -c1-12
}
trino_queries() { # FILE: append the step user's queries as JSON lines
  curl -s -H "X-Trino-User: $TRINO_USER" "http://127.0.0.1:$TRINO_PORT/v1/query" \
    | jq -c --arg u "$TRINO_USER" '.[] | select(.session.user == $u) | {queryId, state, created: .queryStats.createTime,
        phys: .queryStats.physicalInputDataSize, cpu: .queryStats.totalCpuTime, q: .query[0:60]}' >>"$1" 2>/dev/null || true
}
to_bytes() { # jq: "12.5MB" -> bytes; "1.2s"/"3m" durations -> seconds
  cat <<'JQ'
def bytes: capture("^(?<n>[0-9.]+)(?<u>[A-Za-z]*)$") | (.n | tonumber) * ({"B":1,"kB":1024,"MB":1048576,"GB":1073741824,"TB":1099511627776}[.u] // 1);
def secs: capture("^(?<n>[0-9.]+)(?<u>[a-z]+)$") | (.n | tonumber) * ({"ns":1e-9,"us":1e-6,"ms":0.001,"s":1,"m":60,"h":3600,"d":86400}[.u] // 1);
JQ
}
pg_counters() { psql_ -d postgres -c "SELECT blks_read + blks_hit, tup_returned + tup_fetched FROM pg_stat_database WHERE datname = '$PGDB'" | tr '|' ' '; }

step_opts() { # STEP -> executor and heap
  case $1 in
    sql) echo "sql $HEAP" ;; memory) echo "memory $HEAP" ;; memory-big) echo "memory $BIG_HEAP" ;; auto) echo "auto $HEAP" ;;
  esac
}
run_step() { # ROUND SIZE DB STEP
  local r=$1 size=$2 db=$3 s=$4 log="$OUT/logs/r$1-$2-$3-$4" rc wall cpu load t0 limit exe heap
  local total search execm stmts peak rss readmb rowscpu queries pg0 pg1
  read -r exe heap <<<"$(step_opts "$s")"
  limit=$TIMEOUT; [ "$db/$s" = trino/sql ] && limit=$TRINO_SQL_TIMEOUT
  load="$(cut -d' ' -f1 /proc/loadavg)"
  [ "$db" = postgresql ] && pg0="$(pg_counters)"
  t0="$(date -u +%Y-%m-%dT%H:%M:%S)"; : >"$log.queries"
  if [ "$db" = trino ]; then ( while sleep 20; do trino_queries "$log.queries"; done ) & poller=$!; fi
  # shellcheck disable=SC2046
  /usr/bin/time -f '%e %U %S %M' -o "$log.time" timeout "$limit" java -Xmx"$heap" -Xlog:gc:file="$log.gc" \
    -Dderby.stream.error.field=org.kanon.db.DerbyLog.DEV_NULL -cp "$JAR" org.kanon.cli.Kanon \
    anonymize --table "census_$size" --qi "$Q8" --k 10 --algorithm incognito-superroots --executor "$exe" --format json \
    $(db_opts "$db") >"$log.json" 2>"$log.err" && rc=0 || rc=$?
  if [ "$db" = trino ]; then kill "$poller" 2>/dev/null; wait "$poller" 2>/dev/null || true; trino_queries "$log.queries"; fi
  read -r wall u sy rss < <(grep -E '^[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+$' "$log.time" | tail -1)
  cpu=$(awk -v a="$u" -v b="$sy" 'BEGIN { printf "%.2f", a + b }'); rss=$(( rss / 1024 ))
  total=$(jq -r '.stats.totalMs // empty' "$log.json" 2>/dev/null || true)
  search=$(jq -r '.stats.searchMs // empty' "$log.json" 2>/dev/null || true)
  execm=$(jq -r '.stats.phasesMs.executor // empty' "$log.json" 2>/dev/null || true)
  stmts=$(jq -r '.stats.statements // empty' "$log.json" 2>/dev/null || true)
  peak=$(grep -oE '[0-9]+M->[0-9]+M' "$log.gc" 2>/dev/null | tr -d M | tr '>' ' ' | tr -d '-' | awk '{ if ($1 > m) m = $1; if ($2 > m) m = $2 } END { print m + 0 }')
  if [ "$db" = postgresql ]; then
    sleep 1; pg1="$(pg_counters)"
    read -r b0 t0r <<<"$pg0"; read -r b1 t1r <<<"$pg1"
    readmb=$(( (b1 - b0) * 8 / 1024 )); rowscpu="$(( t1r - t0r )) rows"; queries="$stmts"
  else
    local sums
    sums=$(jq -s -r --arg t "$t0" "$(to_bytes) group_by(.queryId) | map(last) | map(select(.created >= \$t))
      | [length, (map(.phys | bytes) | add // 0) / 1048576, (map(.cpu | secs) | add // 0)] | @tsv" "$log.queries")
    read -r queries readmb rowscpu <<<"$sums"
    readmb=$(printf '%.0f' "$readmb"); rowscpu="$(printf '%.1f' "$rowscpu") cpu s"
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$size" "$db" "$s" "$wall" "$cpu" "$rc" \
    "${total:-NA}" "${search:-NA}" "${execm:-NA}" "${stmts:-NA}" "$peak" "$rss" "$readmb" "$rowscpu" "$queries" "$load" "$(fingerprint "$log.json")" >>"$RAW"
  printf '  r%-2s %-3s %-10s %-10s wall %7.1f s  rc %-3s kanon %6s ms (search %6s, load %6s)  stmts %5s  heap %5s MB  rss %5s MB  read %6s MB  %s  load %s\n' \
    "$r" "$size" "$db" "$s" "$wall" "$rc" "${total:-NA}" "${search:-NA}" "${execm:-NA}" "${stmts:-NA}" "$peak" "$rss" "$readmb" "$rowscpu" "$load"
  [ "$rc" = 0 ] || { echo "    FAILED: see $log.err"; { grep -v 'still searching' "$log.err" || true; } | tail -2 | sed 's/^/    /'; { grep 'still searching' "$log.err" || true; } | tail -1 | sed 's/^/    last progress: /'; }
}

start=$(date +%s)
for size in "${SIZES[@]}"; do
  for ((r = 1; r <= REPS; r++)); do
    order=()
    for ((i = 0; i < ${#DBS[@]}; i++)); do order+=("${DBS[$(( (i + r - 1) % ${#DBS[@]} ))]}"); done
    echo "size $size round $r/$REPS (${order[*]}), $(date +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)"
    steps_var="STEPS_$size"; IFS=, read -r -a steps <<<"${!steps_var:-$(IFS=,; echo "${STEPS[*]}")}"
    for db in "${order[@]}"; do
      for s in "${steps[@]}"; do run_step "$r" "$size" "$db" "$s"; done
    done
  done
done
elapsed=$(( $(date +%s) - start ))

python3 - "$RAW" "$elapsed" <<'PY' | tee "$OUT/summary.md"
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
print(f"\nmedians over the rounds (wall: the whole command, JVM start included); timed part took {sys.argv[2]} s\n")
print("| size | db | step | runs ok/all | wall s | kanon totalMs | searchMs | executor load ms | statements | peak heap MB | max RSS MB | db read MB | db rows / Trino CPU | queries |")
print("|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
keys = []
for r in rows:
    k = (r["size"], r["db"], r["step"])
    if k not in keys: keys.append(k)
def med(v):
    v = [x for x in v if x not in ("NA", "")]
    return f"{statistics.median(float(x) for x in v):,.0f}" if v else "n/a"
for k in keys:
    rs = [r for r in rows if (r["size"], r["db"], r["step"]) == k]
    ok = [r for r in rs if r["rc"] == "0"] or rs
    tag = "" if any(r["rc"] == "0" for r in rs) else " (failed: rc " + ",".join(sorted({r["rc"] for r in rs})) + ")"
    print(f"| {k[0]} | {k[1]} | {k[2]}{tag} | {sum(r['rc'] == '0' for r in rs)}/{len(rs)} | "
          f"{statistics.median(float(r['wall_s']) for r in ok):.1f} | {med([r['total_ms'] for r in ok])} | {med([r['search_ms'] for r in ok])} | "
          f"{med([r['executor_ms'] for r in ok])} | {med([r['statements'] for r in ok])} | {med([r['peak_heap_mb'] for r in ok])} | "
          f"{med([r['max_rss_mb'] for r in ok])} | {med([r['db_read_mb'] for r in ok])} | {ok[0]['db_rows_or_cpu']} | {ok[0]['queries']} |")
fps = {}
for r in rows:
    if r["rc"] == "0": fps.setdefault(r["size"], set()).add(r["fingerprint"])
for size, f in fps.items():
    print(f"{size}: {'every successful run found the same node' if len(f) == 1 else f'{len(f)} distinct results (see logs)'}")
loads = [float(r["load1"]) for r in rows]
print(f"load average (1 min) at the start of the steps: {min(loads):.2f}-{max(loads):.2f}, median {statistics.median(loads):.2f}")
PY
echo "raw numbers: $RAW; command output: $OUT/logs/"
if [ "${DROP:-0}" = 1 ]; then
  for size in "${SIZES[@]}"; do tq "DROP TABLE IF EXISTS iceberg.$LAKE.census_$size" >/dev/null || true; done
  psql_ -d postgres -c "DROP DATABASE IF EXISTS $PGDB WITH (FORCE)"
  rm -rf "$DATA/trino-catalog"
fi
