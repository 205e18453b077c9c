#!/usr/bin/env bash
# test-times.sh [N]: the N (default 30) slowest test classes of the last `mvn verify` in this checkout, from its
# Surefire reports (seconds, tests), with what each spent its time on from the tests' own ledger
# (target/test-costs/*.tsv, written by org.kanon.testing.TestCostListener): test databases made and dropped,
# subprocess JVMs (kanon, bash), Adult imports, waits for a condition, Trino statements, browser runs — count and
# seconds each; the rest of a class's time is its own work in the test JVM (in-process CLI runs, queries).
# Then the sum of all classes' times (with two test JVMs the suite's wall time is about half of it).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../../.."
cat target/surefire-reports/TEST-*.xml | grep -o '<testsuite [^>]*>' \
  | sed -nE 's/.*name="([^"]*)".*time="([0-9.,]+)".*tests="([0-9]+)".*/\2 \1 \3/p' | tr -d ',' | sort -rn > /tmp/kanon-test-times.txt
# class -> ledger columns (databases_n, _ms, subprocess_n, _ms, adult_n, _ms, wait_n, _ms, trino_n, _ms, browser_n, _ms)
cat target/test-costs/*.tsv 2>/dev/null | grep -v '^class' > /tmp/kanon-test-costs.txt || true
echo "| class | s | tests | databases (n, s) | subprocesses (n, s) | Adult imports (n, s) | waits (n, s) | Trino statements (n, s) | browser (n, s) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
head -"${1:-30}" /tmp/kanon-test-times.txt | while read -r secs name tests; do
  costs=$(awk -F'\t' -v c="$name" '$1 == c { for (i = 2; i <= 13; i++) s[i] += $i } END {
      for (i = 2; i <= 13; i += 2) printf " | %s", (s[i] ? sprintf("%d, %.1f", s[i], s[i+1] / 1000) : "") }' /tmp/kanon-test-costs.txt)
  printf "| %s | %.1f | %s%s |\n" "${name#org.kanon.}" "$secs" "$tests" "$costs"
done
awk '{s+=$1; t+=$3} END {printf "all classes: %.0f s, %d tests\n", s, t}' /tmp/kanon-test-times.txt
