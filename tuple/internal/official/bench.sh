#!/usr/bin/env bash
# Benchmarks the official Go binding's tuple package on this machine, over
# the same workloads as tuple/bench_test.go, so that the two can be read
# side by side from one run.
#
# The official package imports the cgo fdb package (and with it the C
# client), so it cannot be built here as it is. This script fetches it
# through the Go module proxy at a pinned version, removes what needs fdb
# (the import, FDBKey and the two range methods, the API-version lookup in
# PackWithVersionstamp, KeyConvertible elements, fdb.Printable in String),
# and puts the result in this directory for the length of one run. Nothing
# of it is committed; the pack and unpack code is untouched.
#
# It also runs TestOfficialVectors, which checks the official package
# against every pack row of the shared and generated vectors, both ways;
# CI runs that alone with -bench '^$'.
#
# Usage: tuple/internal/official/bench.sh [go test flags, e.g. -count 8]
set -euo pipefail
cd "$(dirname "$0")"
here=$(pwd)
version=v0.0.0-20260629183922-51e1c42eb9a8
module=github.com/apple/foundationdb/bindings/go

dir=$(cd "$here" && GOFLAGS=-mod=mod go mod download -json "$module@$version" |
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
src="$dir/src/fdb/tuple/tuple.go"
test -f "$src" || { echo "bench.sh: $src not found" >&2; exit 1; }

trap 'rm -f "$here/tuple.go"' EXIT
python3 - "$src" "$here/tuple.go" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
def cut(pattern, repl, count=1):
    global s
    s, n = re.subn(pattern, repl, s, flags=re.S)
    if n != count:
        sys.exit(f"bench.sh: {pattern!r} matched {n} times, want {count}")
cut(r'\n\s*"github.com/apple/foundationdb/bindings/go/src/fdb"\n', '\n')
cut(r'fdb\.Printable\(', 'fmt.Sprintf("%q", ', 2)
cut(r'\n\t\tcase fdb\.KeyConvertible:\n[^\n]*\n', '\n')
cut(r'fdb\.GetAPIVersion\(\)', '720, error(nil)')
cut(r'// FDBKey returns.*?(?=func concat)', '')
open(sys.argv[2], 'w').write("// Code fetched by bench.sh for one benchmark run; do not commit.\n\n" + s)
PY
cd ../../..
go test -tags officialbench -run 'TestOfficial' -bench 'Official' -benchmem "$@" ./tuple/
