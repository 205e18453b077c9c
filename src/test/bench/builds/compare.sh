#!/usr/bin/env bash
# compare.sh A_DIR B_DIR [REPS]: times the same kanon CLI command lines with two builds, interleaved, on Adult.
#
#   A_DIR, B_DIR  folders made by make-jars.sh / make-after.sh (each holds kanon.jar, the shaded CLI jar)
#   REPS          rounds (default 5); round r runs every case with A then B when r is odd, B then A when even
#                 (A,B,B,A,...), so a drift of the machine's load hits both builds alike
#
# Environment (optional):
#   CASES=a,b,..    run only these cases (names in ALL_CASES below; default DEFAULT_CASES)
#   ALL=1           run ALL_CASES (adds kaca2-k10, kaca1-release-derby, perm-release-pg)
#   OUT=DIR         results folder (default $BENCH_DIR/results/<time>-<A>-vs-<B>)
#   KEEP=1          keep the per-build Derby copies and PostgreSQL databases afterwards
#   JAVA_OPTS=..    extra JVM options for every kanon command (same for both builds)
#
# Data: the templates prepared once by prepare-data.sh (Adult 45,222 rows, ARX's hierarchies bound with prefix
# adult_hierarchy_): Derby folder $BENCH_DIR/derby-adult and PostgreSQL database kanon_bench. Each build gets its own
# fresh copy per compare.sh run (cp -r of the Derby folder; CREATE DATABASE .. TEMPLATE kanon_bench), migrated by an
# untimed `release list` before the first timed run, so a build that adds catalog migrations never shares a catalog
# with the other and never pays its migration inside a timed command.
#
# Measured per command: wall time of the whole `java -cp kanon.jar org.kanon.cli.Kanon ...` (JVM start included) and
# the time the CLI itself reports in --format json (see INNER below). The JSON minus every timing and the release
# name is hashed ("fingerprint"): both builds must produce the same fingerprint for a case.
set -euo pipefail

here="$(cd "$(dirname "$(readlink -f "$0")")" && pwd)"
usage="usage: compare.sh A_DIR B_DIR [REPS]"
A_DIR="$(readlink -f "${1:?$usage}")"
B_DIR="$(readlink -f "${2:?$usage}")"
REPS="${3:-5}"
for d in "$A_DIR" "$B_DIR"; do
  [ -f "$d/kanon.jar" ] || { echo "compare: $d/kanon.jar missing (make-jars.sh / make-after.sh)" >&2; exit 2; }
done
BENCH_DIR="${BENCH_DIR:-/tmp/kanon-bench}"
DERBY_TEMPLATE="$BENCH_DIR/derby-adult"
PG_TEMPLATE=kanon_bench
PG_HOST=127.0.0.1 PG_PORT=5432 PG_USER=postgres
[ -d "$DERBY_TEMPLATE" ] || { echo "compare: $DERBY_TEMPLATE missing: run prepare-data.sh" >&2; exit 2; }
psql_() { PGOPTIONS="-c client_min_messages=warning" psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d postgres -v ON_ERROR_STOP=1 -qAt "$@"; }
psql_ -c "SELECT 1 FROM pg_database WHERE datname = '$PG_TEMPLATE'" | grep -q 1 \
  || { echo "compare: PostgreSQL database $PG_TEMPLATE missing: run prepare-data.sh" >&2; exit 2; }

label() { # a short name for a jar folder: its basename, made unique when both are the same folder
  local n; n="$(basename "$1")"; echo "$n"
}
LA="$(label "$A_DIR")"; LB="$(label "$B_DIR")"
[ "$LA" != "$LB" ] || { LA="$LA-A"; LB="$LB-B"; }
stamp="$(date +%Y%m%d-%H%M%S)"
OUT="${OUT:-$BENCH_DIR/results/$stamp-$LA-vs-$LB}"
mkdir -p "$OUT/logs" "$OUT/db"
RAW="$OUT/raw.tsv"
id="$(date +%H%M%S)_$$"

# ---- the cases: name | database (derby|pg) | CLI arguments after the connection | jq expression of the inner ms ----
Q9=age,sex,race,marital-status,education,native-country,workclass,occupation,salary-class
Q6=age,workclass,education,marital-status,occupation,race             # KACA-RESULTS figure 4: Table 4's first 6
Q8=age,workclass,education,marital-status,occupation,race,sex,native-country   # APPROXIMATION-RESULTS' 8 QIs
Q7=age,sex,education,marital-status,race,workclass,native-country     # PERMUTATION-RESULTS' OCC-7
SEARCH='.stats.searchMs'
ALL_CASES=(mem-k2 mem-k10 sql-pg-k2 sql-derby-k2 release-derby-k10 kaca1-k10 kaca2-k10 kaca1-release-derby forest-k5 perm-l5-pg perm-release-pg)
# the default set is issue 20's list (memory on Adult, sql on PostgreSQL and Derby, one global release on Derby, KACA,
# forest, permutation); ALL=1 adds kaca2-k10 and the other two release kinds (a local-recoding table on Derby, the
# permutation's two tables on PostgreSQL), about +30 % time
DEFAULT_CASES=(mem-k2 mem-k10 sql-pg-k2 sql-derby-k2 release-derby-k10 kaca1-k10 forest-k5 perm-l5-pg)
case_db() {
  case $1 in
    sql-pg-k2|perm-l5-pg|perm-release-pg) echo pg ;;
    *) echo derby ;;
  esac
}
# case_args CASE RELEASE_NAME: the anonymize command line (identical for both builds)
case_args() {
  local r="$2"
  case $1 in
    mem-k2)       echo "anonymize --table adult --qi $Q9 --k 2 --suppression 5% --algorithm incognito-superroots --executor memory --format json" ;;
    mem-k10)      echo "anonymize --table adult --qi $Q9 --k 10 --suppression 5% --algorithm incognito-superroots --executor memory --format json" ;;
    sql-pg-k2|sql-derby-k2)
                  echo "anonymize --table adult --qi $Q9 --k 2 --algorithm incognito-superroots --executor sql --format json" ;;
    release-derby-k10)
                  echo "anonymize --table adult --qi $Q9 --k 10 --suppression 5% --algorithm incognito-superroots --executor memory --format json --name $r" ;;
    kaca1-k10)    echo "anonymize --table adult --qi $Q6 --k 10 --algorithm kaca1 --seed 1 --format json" ;;
    kaca2-k10)    echo "anonymize --table adult --qi $Q6 --k 10 --algorithm kaca2 --seed 1 --format json" ;;
    kaca1-release-derby)
                  echo "anonymize --table adult --qi $Q6 --k 10 --algorithm kaca1 --seed 1 --format json --name $r" ;;
    forest-k5)    echo "anonymize --table adult --qi $Q8 --k 5 --algorithm forest --format json" ;;
    perm-l5-pg)   echo "anonymize --table adult --qi $Q7 --l 5 --sensitive occupation --algorithm permutation --seed 1 --format json" ;;
    perm-release-pg)
                  echo "anonymize --table adult --qi $Q7 --l 5 --sensitive occupation --algorithm permutation --seed 1 --format json --name $r" ;;
    *) echo "compare: unknown case $1" >&2; return 2 ;;
  esac
}
# the time the CLI reports, as a jq expression on its --format json output (named in the summary table)
case_inner() {
  case $1 in
    mem-*|sql-*) echo "$SEARCH" ;;
    release-derby-k10) echo '.stats.phasesMs.release' ;;
    kaca*|forest*) echo '.stats.ms' ;;
    perm-*) echo '(.stats.loadMs + .stats.partitionMs + .stats.populateMs)' ;;
  esac
}

if [ -n "${CASES:-}" ]; then IFS=, read -r -a CASE_LIST <<<"$CASES"; elif [ "${ALL:-0}" = 1 ]; then CASE_LIST=("${ALL_CASES[@]}"); else CASE_LIST=("${DEFAULT_CASES[@]}"); fi
for c in "${CASE_LIST[@]}"; do case_args "$c" x >/dev/null; done

# ---- per-build databases ----
derby_dir() { echo "$OUT/db/derby-$1"; }                      # $1 = A | B
pg_db() { echo "kanon_cmp_${id}_$(echo "$1" | tr AB ab)"; }
conn() { # BUILD DB -> the connection options
  if [ "$2" = pg ]; then echo "--db jdbc:postgresql://$PG_HOST:$PG_PORT/$(pg_db "$1") --user $PG_USER"
  else echo "--db jdbc:derby:$(derby_dir "$1")"; fi
}
dir_of() { if [ "$1" = A ]; then echo "$A_DIR"; else echo "$B_DIR"; fi; }
label_of() { if [ "$1" = A ]; then echo "$LA"; else echo "$LB"; fi; }
kanon() { # BUILD args..
  local dir; dir="$(dir_of "$1")"; shift
  # shellcheck disable=SC2086
  java ${JAVA_OPTS:-} -Dderby.stream.error.field=org.kanon.db.DerbyLog.DEV_NULL -cp "$dir/kanon.jar" org.kanon.cli.Kanon "$@"
}
cleanup() {
  if [ "${KEEP:-0}" != 1 ]; then
    for b in A B; do
      rm -rf "$(derby_dir "$b")"; rmdir "$OUT/db" 2>/dev/null || true
      psql_ -c "DROP DATABASE IF EXISTS $(pg_db "$b")" 2>/dev/null || true
    done
  fi
}
trap cleanup EXIT

{
  echo "# kanon before/after comparison, $(date -Iseconds)"
  echo "A = $LA: $A_DIR"; sed 's/^/    /' "$A_DIR/BUILD-INFO" 2>/dev/null || true
  echo "B = $LB: $B_DIR"; sed 's/^/    /' "$B_DIR/BUILD-INFO" 2>/dev/null || true
  echo "rounds: $REPS (odd rounds A then B, even rounds B then A); cases: ${CASE_LIST[*]}"
  echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "JAVA_OPTS: ${JAVA_OPTS:-<none>}; results in $OUT"
} | tee "$OUT/header.txt"

for b in A B; do
  cp -r "$DERBY_TEMPLATE" "$(derby_dir "$b")"
  psql_ -c "DROP DATABASE IF EXISTS $(pg_db "$b")" -c "CREATE DATABASE $(pg_db "$b") TEMPLATE $PG_TEMPLATE"
  # untimed: migrates this build's own catalogs (and warms the page cache with the jar)
  for db in derby pg; do
    # shellcheck disable=SC2046
    kanon "$b" $(conn "$b" "$db") release list >"$OUT/logs/setup-$b-$db.out" 2>&1 \
      || { echo "compare: setup of $b on $db failed:" >&2; tail -20 "$OUT/logs/setup-$b-$db.out" >&2; exit 1; }
  done
done
echo "setup done: Derby copies under $OUT/db, PostgreSQL databases $(pg_db A), $(pg_db B)"

printf 'round\tpos\tbuild\tlabel\tcase\twall_s\tcpu_s\tinner_ms\trc\tload1\tfingerprint\n' >"$RAW"
case_index() { local i; for i in "${!ALL_CASES[@]}"; do [ "${ALL_CASES[$i]}" = "$1" ] && { echo "$i"; return; }; done; }
fingerprint() { # the JSON without timings, dates and the run's release name
  jq -c 'walk(if type == "object" then with_entries(select(.key | test("(Ms|^ms|^createdAt)$") | not)) else . end)' "$1" 2>/dev/null \
    | sed -E 's/cmp_[0-9]+_r[0-9]+_[ab]/RELEASE/gI' | sha256sum | cut -c1-12
}
run_one() { # ROUND POS BUILD CASE
  local round=$1 pos=$2 b=$3 c=$4 db name log t0 t1 rc wall inner fp load
  db="$(case_db "$c")"
  name="cmp_$(case_index "$c")_r${round}_$(echo "$b" | tr AB ab)"   # unique per case, round and build
  log="$OUT/logs/r$round-$b-$c"
  load="$(cut -d' ' -f1 /proc/loadavg)"
  # bash's `time` of the whole JVM: wall, user and system CPU seconds (CPU = user + system: JIT and GC threads
  # included; it moves less than the wall time when other processes share the 2 cores)
  local TIMEFORMAT='%3R %3U %3S' times cpu
  # shellcheck disable=SC2046
  times=$( { time { if kanon "$b" $(conn "$b" "$db") $(case_args "$c" "$name") >"$log.json" 2>"$log.err"; then echo 0 >"$log.rc"; else echo $? >"$log.rc"; fi; }; } 2>&1 )
  rc=$(cat "$log.rc"); rm -f "$log.rc"
  wall=$(echo "$times" | awk '{ printf "%.3f", $1 }')
  cpu=$(echo "$times" | awk '{ printf "%.3f", $2 + $3 }')
  inner=$(jq -r "$(case_inner "$c") // empty" "$log.json" 2>/dev/null | tail -1 || true)
  fp=$(fingerprint "$log.json")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$pos" "$b" "$(label_of "$b")" "$c" "$wall" "$cpu" "${inner:-NA}" "$rc" "$load" "$fp" >>"$RAW"
  printf '  r%-2s %-9s %-20s wall %6.2f s  cpu %6.2f s  inner %6s ms  rc %s  load %5s  %s\n' "$round" "$(label_of "$b")" "$c" "$wall" "$cpu" "${inner:-NA}" "$rc" "$load" "$fp"
  [ "$rc" = 0 ] || { echo "    FAILED: see $log.err" ; tail -3 "$log.err" | sed 's/^/    /'; }
}

start=$(date +%s)
for ((r = 1; r <= REPS; r++)); do
  if ((r % 2)); then order=(A B); else order=(B A); fi
  echo "round $r/$REPS (${order[*]}), $(date +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)"
  for c in "${CASE_LIST[@]}"; do
    run_one "$r" 1 "${order[0]}" "$c"
    run_one "$r" 2 "${order[1]}" "$c"
  done
done
elapsed=$(( $(date +%s) - start ))

python3 - "$RAW" "$LA" "$LB" "$elapsed" "${CASE_LIST[@]}" <<'PY' | tee "$OUT/summary.md"
import csv, statistics, sys
raw, la, lb, elapsed, cases = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5:]
rows = list(csv.DictReader(open(raw), delimiter="\t"))
inner_text = {"mem": "searchMs", "sql": "searchMs", "release-derby-k10": "phasesMs.release",
              "kaca": "algorithm ms", "forest": "algorithm ms", "perm": "load+partition+populate ms"}
def inner_name(c):
    for p, t in inner_text.items():
        if c.startswith(p): return t
    return "?"
def vals(c, b, key, scale=1.0):
    out = []
    for r in rows:
        if r["case"] == c and r["build"] == b and r["rc"] == "0" and r[key] not in ("NA", ""):
            out.append(float(r[key]) * scale)
    return out
def fmt(v, unit):
    if not v: return "n/a"
    d = 2 if unit == "s" else 0
    return f"{statistics.median(v):.{d}f} [{min(v):.{d}f}-{max(v):.{d}f}]"
def ratio(a, b):
    if not a or not b or statistics.median(a) == 0: return "n/a"
    return f"{statistics.median(b) / statistics.median(a):.3f}"
print(f"\nmedian [min-max] over {max(int(r['round']) for r in rows)} round(s); ratio = median B / median A"
      f" (A = {la}, B = {lb}); timed part took {elapsed} s\n")
print(f"| case | metric | A {la} | B {lb} | B/A | runs ok A/B | results equal |")
print("|---|---|---:|---:|---:|---|---|")
for c in cases:
    fa = {r["fingerprint"] for r in rows if r["case"] == c and r["build"] == "A" and r["rc"] == "0"}
    fb = {r["fingerprint"] for r in rows if r["case"] == c and r["build"] == "B" and r["rc"] == "0"}
    same = "yes" if fa and fa == fb and len(fa) == 1 else f"NO ({len(fa)} vs {len(fb)} distinct)" if fa or fb else "n/a"
    na = sum(1 for r in rows if r["case"] == c and r["build"] == "A")
    nb = sum(1 for r in rows if r["case"] == c and r["build"] == "B")
    oka = len(vals(c, "A", "wall_s")); okb = len(vals(c, "B", "wall_s"))
    wa, wb = vals(c, "A", "wall_s"), vals(c, "B", "wall_s")
    ia, ib = vals(c, "A", "inner_ms"), vals(c, "B", "inner_ms")
    print(f"| {c} | wall s | {fmt(wa, 's')} | {fmt(wb, 's')} | {ratio(wa, wb)} | {oka}/{na} {okb}/{nb} | {same} |")
    ca, cb = vals(c, "A", "cpu_s"), vals(c, "B", "cpu_s")
    print(f"| {c} | cpu s | {fmt(ca, 's')} | {fmt(cb, 's')} | {ratio(ca, cb)} | | |")
    print(f"| {c} | {inner_name(c)} | {fmt(ia, 'ms')} | {fmt(ib, 'ms')} | {ratio(ia, ib)} | | |")
loads = [float(r["load1"]) for r in rows]
print(f"\nload average (1 min) at the start of the runs: {min(loads):.2f}-{max(loads):.2f}, median {statistics.median(loads):.2f}")
PY
echo "raw numbers: $RAW; command output: $OUT/logs/"
