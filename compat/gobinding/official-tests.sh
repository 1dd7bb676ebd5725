#!/usr/bin/env bash
# Runs the official Go binding's own database-free tests, at the pinned
# version, against this module: in a scratch copy of the repository, this
# module's tests in tuple/, subspace/ and fdb/ make way for the official
# tuple_test.go (with its testdata), subspace_test.go and the two
# database-free functions of fdb_test.go (see fetch.sh). The first two are
# in-package tests whose import paths need no change; the fdb ones import
# this module's fdb. Prints the counts and fails on any failure not listed
# in official-tests.expected.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$scratch" 2>/dev/null) ||
	(cd "$root" && tar cf - --exclude=.git . | tar xf - -C "$scratch")
rm -f "$scratch"/tuple/*_test.go "$scratch"/subspace/*_test.go "$scratch"/fdb/*_test.go
rm -rf "$scratch/tuple/testdata"
"$here/fetch.sh" -tests "$scratch" >/dev/null

cd "$scratch"
out=$(go test -count=1 -v -run . ./tuple ./subspace ./fdb 2>&1) || true
passed=$(grep -c -- '--- PASS' <<<"$out" || true)
failed=$(grep -- '--- FAIL' <<<"$out" | sed 's/^ *--- FAIL: \([^ ]*\).*/\1/' || true)
listed=0
unlisted=()
for f in $failed; do
	if grep -qx "$f" "$here/official-tests.expected" 2>/dev/null; then
		listed=$((listed + 1))
	else
		unlisted+=("$f")
	fi
done
echo "official tuple, subspace and fdb tests against this module: $passed passed, ${#unlisted[@]} failed, $listed listed"
if [ ${#unlisted[@]} -gt 0 ] || [ "$passed" -eq 0 ] || grep -q 'build failed\|setup failed\|^panic:' <<<"$out"; then
	echo "$out" | tail -40
	exit 1
fi
