#!/usr/bin/env bash
# Issue 34's benchmark: the search under each criterion on Adult (8 QIs, occupation sensitive, no suppression)
# against k-anonymity alone, on one executor; prints the search time, the statements and the process's CPU time
# (user + system, from /usr/bin/time) and the CPU ratio to k-anonymity's run.
# Usage: [KS="1 5"] [ONLY=regex] src/test/bench/criteria-bench.sh memory|sql|local [JDBC_URL]   (default: embedded
# Derby in a fresh folder; KS: the k each criterion is combined with; ONLY: run the cases whose label matches, besides
# k-anonymity's; local: Mondrian and Top-Down, 5 QIs, each criterion of one column against 5-anonymity alone)
# Needs ../shared/datasets (Adult and ARX's hierarchies) and a built target/ (mvn -DskipTests package).
set -euo pipefail
executor=${1:-memory}
here=$(cd "$(dirname "$0")/../../.." && pwd)
shared=$here/../shared/datasets
work=$(mktemp -d)
cd "$work"
if [ -n "${2:-}" ]; then export KANON_DB_URL=$2; fi
K=$here/bin/kanon
Q=age,sex,race,marital-status,education,native-country,workclass,salary-class
$K import "$shared/adult-uci/adult-45222.csv" --table adult --replace >/dev/null
$K hierarchy import --table adult --dir "$shared/adult-arx" --replace >/dev/null 2>&1 || $K hierarchy import --table adult --dir "$shared/adult-arx" >/dev/null
# the population of k-map and delta-presence: every row, again every third row, twice more every seventh
python3 - "$shared/adult-uci/adult-45222.csv" > population.csv <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
q = "age,sex,race,marital-status,education,native-country,workclass,salary-class".split(",")
print(",".join(q))
for i, r in enumerate(rows):
    for _ in range(1 + (i % 3 == 0) + 2 * (i % 7 == 0)):
        print(",".join(r[c] for c in q))
PY
$K import population.csv --table adult_population --replace >/dev/null
run() {
    local label=$1; shift
    if [ -n "$base" ] && [ -n "${ONLY:-}" ] && ! grep -Eq "$ONLY" <<<"$label"; then return; fi
    local out
    out=$( { /usr/bin/time -f "cpu %U %S" $K anonymize --table adult --qi $Q --executor "$executor" --stats "$@" 2>&1; } 2>&1 )
    local nodes ms statements cpu
    nodes=$(grep -o "[0-9]* anonymous node(s)" <<<"$out" | head -1 | cut -d' ' -f1)
    ms=$(grep -o "searchMs=[0-9]*" <<<"$out" | cut -d= -f2)
    statements=$(grep -o "statements=[0-9]*" <<<"$out" | cut -d= -f2)
    cpu=$(grep "^cpu " <<<"$out" | awk '{printf "%.2f", $2 + $3}')
    [ -z "$base" ] && base=$cpu
    printf "%-42s %6s nodes %9s ms search %6s statements %8s s CPU  x%.2f\n" "$label" "$nodes" "$ms" "$statements" "$cpu" "$(echo "$cpu / $base" | bc -l)"
}
# a local recoding: its classes and the process's CPU time
local_run() {
    local label=$1; shift
    local out classes cpu
    out=$( { /usr/bin/time -f "cpu %U %S" $K anonymize --table adult --qi age,sex,race,education,marital-status "$@" 2>&1; } 2>&1 )
    classes=$(grep -o "rows in [0-9]* classes" <<<"$out" | head -1 | cut -d' ' -f3)
    cpu=$(grep "^cpu " <<<"$out" | awk '{printf "%.2f", $2 + $3}')
    [ -z "$base" ] && base=$cpu
    printf "%-42s %6s classes %8s s CPU  x%.2f\n" "$label" "$classes" "$cpu" "$(echo "$cpu / $base" | bc -l)"
}
if [ "$executor" = local ]; then
    echo "Mondrian and Top-Down, 5 QIs, ${2:-embedded Derby}, $(date -u +%F)"
    for algorithm in mondrian top-down; do
        base=""
        local_run "$algorithm, k=5" --algorithm $algorithm --k 5
        local_run "$algorithm, entropy l=3 (k=5)" --algorithm $algorithm --k 5 --l 3 --diversity entropy --sensitive occupation
        local_run "$algorithm, recursive (3,3) (k=5)" --algorithm $algorithm --k 5 --l 3 --diversity recursive --c 3 --sensitive occupation
        local_run "$algorithm, t=0.15 equal (k=5)" --algorithm $algorithm --k 5 --t 0.15 --sensitive occupation
        local_run "$algorithm, t=0.1 hierarchical (k=5)" --algorithm $algorithm --k 5 --t 0.1 --closeness hierarchical --sensitive occupation
        local_run "$algorithm, t=0.1 ordered (k=5)" --algorithm $algorithm --k 5 --t 0.1 --closeness ordered --sensitive hours-per-week
    done
    rm -rf "$work"
    exit 0
fi
base=""
echo "executor $executor, ${2:-embedded Derby}, $(date -u +%F)"
run "k-anonymity, k=5" --k 5
for k in ${KS:-1 5}; do
    run "entropy l=3 (k=$k)" --k $k --l 3 --diversity entropy --sensitive occupation
    run "recursive (3,3) (k=$k)" --k $k --l 3 --diversity recursive --c 3 --sensitive occupation
    run "t=0.15 equal (k=$k)" --k $k --t 0.15 --sensitive occupation
    run "t=0.1 hierarchical (k=$k)" --k $k --t 0.1 --closeness hierarchical --sensitive occupation
    run "t=0.1 ordered, hours-per-week (k=$k)" --k $k --t 0.1 --closeness ordered --sensitive hours-per-week
    run "10-map (k=$k)" --k $k --k-map 10 --population adult_population
    run "(0.4,0.8)-presence (k=$k)" --k $k --presence 0.4,0.8 --population adult_population
done
rm -rf "$work"
