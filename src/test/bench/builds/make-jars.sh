#!/usr/bin/env bash
# make-jars.sh WORKTREE DEST: copies a built kanon checkout's fat jar, test classes and dependency jars into DEST,
# so that rebuilding the checkout later cannot change what a benchmark run measures. WORKTREE must be built
# (mvn -B -ntp -o -DskipTests package test-compile). DEST is replaced.
set -euo pipefail
wt="$(readlink -f "${1:?usage: make-jars.sh WORKTREE DEST}")"
dest="${2:?usage: make-jars.sh WORKTREE DEST}"
[ -f "$wt/target/kanon.jar" ] || { echo "make-jars: $wt/target/kanon.jar missing (build first)" >&2; exit 2; }
[ -d "$wt/target/test-classes" ] || { echo "make-jars: $wt/target/test-classes missing (mvn test-compile)" >&2; exit 2; }
rm -rf "$dest.tmp"
mkdir -p "$dest.tmp/lib"
cp "$wt/target/kanon.jar" "$dest.tmp/kanon.jar"            # shaded: every runtime dependency is inside
cp -r "$wt/target/test-classes" "$dest.tmp/test-classes"
# test-scope jars too, for the bench mains under test-classes (java -cp kanon.jar:test-classes:lib/*)
(cd "$wt" && mvn -B -ntp -o dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$dest.tmp/maven-classpath.txt" >"$dest.tmp/dependency.log" 2>&1) \
  || (cd "$wt" && mvn -B -ntp dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$dest.tmp/maven-classpath.txt" >"$dest.tmp/dependency.log" 2>&1)
tr ':' '\n' <"$dest.tmp/maven-classpath.txt" | while read -r j; do [ -n "$j" ] && cp "$j" "$dest.tmp/lib/"; done
{
  echo "worktree: $wt"
  echo "commit: $(git -C "$wt" rev-parse HEAD) $(git -C "$wt" log -1 --format=%s | cut -c1-100)"
  echo "dirty: $(git -C "$wt" status --porcelain --untracked-files=no | wc -l) tracked files modified"
  echo "jar built: $(date -r "$wt/target/kanon.jar" -Iseconds)"
  echo "copied: $(date -Iseconds)"
  echo "sha256: $(sha256sum "$dest.tmp/kanon.jar" | cut -d' ' -f1)"
} >"$dest.tmp/BUILD-INFO"
rm -rf "$dest"
mv "$dest.tmp" "$dest"
cat "$dest/BUILD-INFO"
echo "CLI:   java -cp $dest/kanon.jar org.kanon.cli.Kanon ...   (bench mains: -cp $dest/kanon.jar:$dest/test-classes:$dest/lib/*)"
