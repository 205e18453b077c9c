#!/usr/bin/env bash
# startup.sh [ROUNDS]: issue 24 — what one cold kanon command costs on embedded Derby, whole process (JVM start
# included), in interleaved rounds: `bin/kanon --version`; `bin/kanon anonymize` of the imported Adult table (9 QIs,
# k=10, --stats); and, on a fresh database each round, import + hierarchy binding + the same anonymize.
# Per run: wall, user and system CPU (/usr/bin/time), kanon's totalMs and phasesMs. Then one run with
# -Xlog:class+load gives the phase breakdown of a cold anonymize from the JVM's own timestamps (the first class of
# each phase: JVM start -> main, command line parsed -> Derby boot, catalog check, source and hierarchies read,
# zero-level read, encoding, search, selection, run log, exit).
#
# Run from the project folder after `mvn -B -ntp -DskipTests package` (which also makes target/kanon.jsa):
#   src/test/bench/startup.sh 7
# Environment (optional): KANON_SHARED (default ../shared), OUT (default /tmp/kanon-bench/startup-<time>),
#   VARIANTS: ';'-separated KANON_JAVA_OPTS values to compare, each a column (default: "" = bin/kanon as shipped).
set -euo pipefail

home="$(cd "$(dirname "$(readlink -f "$0")")/../../.." && pwd)"
kanon="$home/bin/kanon"
shared="${KANON_SHARED:-$home/../shared}"
data="$(readlink -f "$shared/datasets/adult-uci/adult-45222.csv")"
hier="$(readlink -f "$shared/datasets/adult-arx")"
rounds="${1:-5}"
out="${OUT:-/tmp/kanon-bench/startup-$(date +%Y%m%d-%H%M%S)}"
qi="age,sex,race,marital-status,education,native-country,workclass,occupation,salary-class"
IFS=';' read -r -a variants <<<"${VARIANTS:-}"
[ ${#variants[@]} -gt 0 ] || variants=("")
[ -f "$data" ] && [ -d "$hier" ] || { echo "startup: $data or $hier missing; set KANON_SHARED" >&2; exit 2; }
[ -f "$home/target/kanon.jar" ] || { echo "startup: target/kanon.jar missing: mvn -B -ntp -DskipTests package" >&2; exit 2; }
mkdir -p "$out"
raw="$out/raw.tsv"
printf 'round\tvariant\tstep\twall_s\tuser_s\tsys_s\ttotalMs\tphasesMs\n' >"$raw"

db="$out/adult-db"
if [ ! -d "$db" ]; then
  KANON_DB_URL="jdbc:derby:$db;create=true" "$kanon" import "$data" --table adult >/dev/null
  KANON_DB_URL="jdbc:derby:$db" "$kanon" hierarchy import --table adult --dir "$hier" >/dev/null
fi

# run VARIANT STEP DB_URL kanon-args..: one timed command, a line of raw.tsv
run() {
  local variant="$1" step="$2" url="$3"; shift 3
  local log="$out/last.log" times="$out/last.time"
  KANON_JAVA_OPTS="$variant" KANON_DB_URL="$url" /usr/bin/time -f '%e\t%U\t%S' -o "$times" "$kanon" "$@" >"$log" 2>&1 \
    || { echo "startup: kanon $* failed:" >&2; tail -5 "$log" >&2; exit 1; }
  local stats total phases
  stats="$(grep -m1 '^stats:' "$log" || true)"
  total="$(sed -n 's/.*totalMs=\([0-9]*\).*/\1/p' <<<"$stats")"
  phases="$(sed -n 's/.*phasesMs=\({[^}]*}\).*/\1/p' <<<"$stats")"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "${variant:-shipped}" "$step" "$(cat "$times")" "${total:--}" "${phases:--}" >>"$raw"
}

for round in $(seq 1 "$rounds"); do
  for variant in "${variants[@]}"; do
    run "$variant" version "jdbc:derby:$db" --version
    run "$variant" anonymize "jdbc:derby:$db" anonymize --table adult --qi "$qi" --k 10 --stats
    fresh="$out/fresh-db"
    rm -rf "$fresh"
    t0=$(date +%s.%N)
    run "$variant" import "jdbc:derby:$fresh;create=true" import "$data" --table adult
    run "$variant" hierarchy "jdbc:derby:$fresh" hierarchy import --table adult --dir "$hier"
    run "$variant" anonymize-fresh "jdbc:derby:$fresh" anonymize --table adult --qi "$qi" --k 10 --stats
    t1=$(date +%s.%N)
    printf '%s\t%s\t%s\t%s\t-\t-\t-\t-\n' "$round" "${variant:-shipped}" import+binding+anonymize "$(echo "$t1 - $t0" | bc)" >>"$raw"
  done
done
rm -rf "$out/fresh-db"

echo "raw: $raw"
# medians [min-max] of wall per variant and step, and the anonymize/--version ratio per round
python3 - "$raw" <<'EOF'
import csv, sys, statistics, collections
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
by = collections.defaultdict(list)
for r in rows:
    by[(r['variant'], r['step'])].append(float(r['wall_s']))
for (v, s), w in sorted(by.items()):
    print(f"{v:40s} {s:26s} wall median {statistics.median(w):6.2f} s [{min(w):.2f}-{max(w):.2f}] n={len(w)}")
ratio = collections.defaultdict(list)
for rnd in {r['round'] for r in rows}:
    for v in {r['variant'] for r in rows}:
        d = {r['step']: float(r['wall_s']) for r in rows if r['round'] == rnd and r['variant'] == v}
        ratio[v].append(d['anonymize'] / d['version'])
for v, q in ratio.items():
    print(f"{v:40s} anonymize / --version, same round: median {statistics.median(q):.2f} [{min(q):.2f}-{max(q):.2f}]")
EOF

# the phase breakdown of one cold anonymize, from the JVM's class-loading timestamps
KANON_JAVA_OPTS="${variants[0]} -Xlog:class+load:file=$out/classes.log:uptime" KANON_DB_URL="jdbc:derby:$db" \
  "$kanon" anonymize --table adult --qi "$qi" --k 10 --stats >"$out/timeline-run.log" 2>&1
python3 - "$out/classes.log" <<'EOF'
import re, sys
marks = [("command line parsed (picocli)", "org.kanon.cli.Kanon"), ("Derby boot, pool", "org.kanon.db.dialect.DerbyBoot"),
         ("catalog check", "org.kanon.db.CatalogMigrator"), ("resolving the source table", "org.kanon.schema.TableResolver"),
         ("reading its hierarchies", "org.kanon.schema.hierarchy.HierarchyCatalog"),
         ("checks and the zero-level read", "org.kanon.release.Anonymizer"), ("encoding", "org.kanon.frequency.MemoryExecutor"),
         ("search", "org.kanon.global.SearchRequest"), ("selection", "org.kanon.metrics.NodeSelector"),
         ("run log, output, Derby shutdown", "org.kanon.release.RunLog")]
first = {}
last = 0.0
shared = total = 0
for line in open(sys.argv[1]):
    m = re.match(r'\[(\d+\.\d+)s\] (\S+) source: (.*)', line)
    if not m:
        continue
    t, c = float(m.group(1)), m.group(2)
    total += 1
    shared += 'shared objects file' in m.group(3)
    last = t
    first.setdefault(c, t)
found = [(label, first[cls]) for label, cls in marks if cls in first] + [("exit", last)]
print("phase breakdown of one cold anonymize (JVM uptime when each phase starts, and its duration):")
print(f"  {0.0:6.3f} s  {found[0][1]:6.3f} s  JVM start to main")
for (label, start), (_, end) in zip(found, found[1:]):
    print(f"  {start:6.3f} s  {end - start:6.3f} s  {label}")
print(f"  {last:6.3f} s  end (last class loaded)")
print(f"classes: {total}, {shared} from the class-data-sharing archive")
EOF
