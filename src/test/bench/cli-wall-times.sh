#!/usr/bin/env bash
# Issue 2: what a DBA sees — wall time of whole `bin/kanon` invocations (JVM start included) on the
# 45,222-row Adult file: import, hierarchy import (9 hierarchies), check at the most specific node (k=2),
# on Derby (a temporary on-disk database) and on PostgreSQL; RUNS runs each, every time and the median.
#
# Run from the project folder:
#   mvn -B -ntp -o -DskipTests package                 # builds target/kanon.jar for bin/kanon
#   psql -h 127.0.0.1 -U postgres -c 'CREATE DATABASE kanon_bench'
#   src/test/bench/cli-wall-times.sh                   # Derby and PostgreSQL
#   psql -h 127.0.0.1 -U postgres -c 'DROP DATABASE kanon_bench'
#
# Environment (all optional):
#   KANON_SHARED    folder holding datasets/ (default ../shared)
#   KANON_BENCH_PG  PostgreSQL URL (default jdbc:postgresql://127.0.0.1:5432/kanon_bench; "none" skips PostgreSQL)
#   KANON_BENCH_PG_USER  (default postgres)
#   RUNS            runs per command (default 3)
#   ONLY            derby | postgres (default both)
# Timing uses bash's own `time` (TIMEFORMAT=%R, wall clock); no hyperfine needed.
set -euo pipefail

home="$(cd "$(dirname "$(readlink -f "$0")")/../../.." && pwd)"
kanon="$home/bin/kanon"
shared="${KANON_SHARED:-../shared}"
data="$shared/datasets/adult-uci/adult-45222.csv"
hier="$shared/datasets/adult-arx"
pg="${KANON_BENCH_PG:-jdbc:postgresql://127.0.0.1:5432/kanon_bench}"
pg_user="${KANON_BENCH_PG_USER:-postgres}"
runs="${RUNS:-3}"
only="${ONLY:-}"
qi="age,sex,race,marital-status,education,native-country,workclass,occupation,salary-class"
table=bench_cli_adult

if [ ! -f "$data" ] || [ ! -d "$hier" ]; then
  echo "cli-wall-times: datasets not found: $data and $hier/; set KANON_SHARED to the folder holding datasets/" >&2
  exit 2
fi
if [ ! -f "$home/target/kanon.jar" ]; then
  echo "cli-wall-times: $home/target/kanon.jar missing; run: mvn -B -ntp -o -DskipTests package" >&2
  exit 2
fi
data="$(readlink -f "$data")"
hier="$(readlink -f "$hier")"

median() { # numbers on stdin, one per line
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) printf "%.2f", v[(NR + 1) / 2]; else printf "%.2f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# time_one ALLOWED_EXIT_CODE kanon-args..: prints the wall time in seconds; command output goes to $log
time_one() {
  local allowed="$1"; shift
  local t rc
  TIMEFORMAT=%R
  # `time` reports on the group's stderr; the command's own output goes to the log
  t=$( { time { "$kanon" "$@" >>"$log" 2>&1 && echo 0 >"$tmp/rc" || echo $? >"$tmp/rc"; }; } 2>&1 )
  rc=$(cat "$tmp/rc")
  if [ "$rc" -ne 0 ] && [ "$rc" -ne "$allowed" ]; then
    echo "cli-wall-times: kanon $* exited $rc; see $log" >&2
    tail -5 "$log" >&2
    exit 1
  fi
  echo "$t"
}

declare -a rows=()
bench() { # DBLABEL -- kanon connection args..
  local label="$1"; shift
  local conn=("$@")
  local step times t
  for step in import hierarchy check; do
    times=()
    for ((r = 1; r <= runs; r++)); do
      case $step in
        import)    t=$(time_one 0 "${conn[@]}" import "$data" --table "$table" --replace) ;;
        hierarchy) t=$(time_one 0 "${conn[@]}" hierarchy import --table "$table" --dir "$hier") ;;
        check)     t=$(time_one 1 "${conn[@]}" check --table "$table" --qi "$qi" --k 2) ;;
      esac
      times+=("$t")
      printf '%-10s %-28s run %d: %6s s   (load %s)\n' "$label" "$step" "$r" "$t" "$(cut -d' ' -f1 /proc/loadavg)"
    done
    rows+=("$(printf '| %-10s | %-34s | %s | %6s |' "$label" "$(describe $step)" "$(printf '%6s ' "${times[@]}")" \
      "$(printf '%s\n' "${times[@]}" | median)")")
  done
}
describe() {
  case $1 in
    import) echo "import (--replace)" ;;
    hierarchy) echo "hierarchy import --dir (9 bound)" ;;
    check) echo "check levels 0, k=2" ;;
  esac
}

log="$(mktemp -t kanon-cli-bench.XXXXXX.log)"
tmp="$(mktemp -d -t kanon-cli-bench.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
echo "kanon CLI wall times, $(date -Iseconds), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "java: $(java -version 2>&1 | head -1); $runs runs per command; command output in $log"
if [ -z "$only" ] || [ "$only" = derby ]; then
  bench derby --db "jdbc:derby:$tmp/db;create=true"
fi
if { [ -z "$only" ] || [ "$only" = postgres ]; } && [ "$pg" != none ]; then
  bench postgres --db "$pg" --user "$pg_user"
fi
echo
echo "| database   | command                            | runs (s)             | median |"
echo "|------------|------------------------------------|----------------------|--------|"
printf '%s\n' "${rows[@]}"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
