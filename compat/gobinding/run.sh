#!/usr/bin/env bash
# The checks against the official Go binding, as CI runs them: fetch it,
# run the differential test (every vector row, 100,000 random tuples), then
# the official binding's own tests against this module.
#
# Usage: compat/gobinding/run.sh [go test flags for the differential test]
# Benchmarks of both packages in one binary:
#   compat/gobinding/fetch.sh && cd compat/gobinding && go test -run '^$' -bench . -count 8
set -euo pipefail
cd "$(dirname "$0")"
./fetch.sh >/dev/null
go test -count=1 -run 'TestDifferential|TestOfficialSameBytes' -v "$@" . 2>&1 |
	grep -v '^=== RUN' | sed 's/^    diff_test.go:[0-9]*: /  /'
./official-tests.sh

# This repository's own code base on the official API (inbox/): its tests
# on this module, then on the official packages with only the import paths
# changed.
rm -rf official/inbox && mkdir -p official/inbox
for f in inbox/*.go; do
	sed -e 's#"github.com/fdbtuple/fdbtuple/tuple"#"github.com/fdbtuple/fdbtuple/compat/gobinding/official/tuple"#' \
		-e 's#"github.com/fdbtuple/fdbtuple/subspace"#"github.com/fdbtuple/fdbtuple/compat/gobinding/official/subspace"#' \
		"$f" >"official/$f"
done
go test -count=1 ./inbox ./official/inbox
