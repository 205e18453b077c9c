#!/usr/bin/env bash
# test-times.sh [N]: the N (default 30) slowest test classes of the last `mvn verify` in this checkout, from its
# Surefire reports (seconds, class, tests), and the sum of all classes' times (the suite runs them one after another).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../../.."
cat target/surefire-reports/TEST-*.xml | grep -o '<testsuite [^>]*>' \
  | sed -nE 's/.*name="([^"]*)".*time="([0-9.,]+)".*tests="([0-9]+)".*/\2 \1 \3/p' | tr -d ',' | sort -rn > /tmp/kanon-test-times.txt
head -"${1:-30}" /tmp/kanon-test-times.txt | awk '{printf "| %s | %.1f | %s |\n", $2, $1, $3}'
awk '{s+=$1; t+=$3} END {printf "all classes: %.0f s, %d tests\n", s, t}' /tmp/kanon-test-times.txt
