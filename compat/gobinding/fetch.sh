#!/usr/bin/env bash
# Fetches the official FoundationDB Go binding at a pinned version through
# the Go module proxy and writes its tuple and subspace packages, made
# buildable without cgo, under official/ (ignored by git; never committed).
#
# The official packages import the cgo package fdb for its key types and
# the API version. The only changes are: the fdb import points at this
# module's fdb package (the same key types, without cgo), and
# fdb.GetAPIVersion() answers 720 (API version 520 and later, so a 4-byte
# versionstamp offset, as this module always writes). The encoding and
# decoding code is untouched.
#
# With -tests DIR it also writes the official binding's database-free
# tests under DIR, for official-tests.sh: tuple_test.go with its testdata,
# subspace_test.go, and from fdb_test.go (whose other tests open a
# database) the functions TestKeyToString and ExamplePrintable, unchanged.
set -euo pipefail
cd "$(dirname "$0")"
version=v0.0.0-20260629183922-51e1c42eb9a8
module=github.com/apple/foundationdb/bindings/go
ours=github.com/fdbtuple/fdbtuple

dir=$(GOFLAGS=-mod=mod go mod download -json "$module@$version" |
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
src="$dir/src/fdb"
test -f "$src/tuple/tuple.go" || { echo "fetch.sh: $src/tuple/tuple.go not found" >&2; exit 1; }

rewrite() { # rewrite SRC DST: swap the import paths, answer the API version
	python3 - "$1" "$2" "$module/src/fdb" "$ours" <<'PY'
import sys
src, dst, fdb, ours = sys.argv[1:]
s = open(src).read()
s = s.replace('"' + fdb + '/tuple"', '"' + ours + '/compat/gobinding/official/tuple"')
s = s.replace('"' + fdb + '"', '"' + ours + '/fdb"')
n = s.count('fdb.GetAPIVersion()')
s = s.replace('fdb.GetAPIVersion()', '720, error(nil)')
if 'GetAPIVersion' in s:
    sys.exit('fetch.sh: GetAPIVersion left in ' + src)
open(dst, 'w').write('// Fetched by fetch.sh from the official binding at a pinned version;\n// only its import paths (and the API version) changed. Not committed.\n\n' + s)
PY
}

mkdir -p official/tuple official/subspace
rewrite "$src/tuple/tuple.go" official/tuple/tuple.go
rewrite "$src/subspace/subspace.go" official/subspace/subspace.go

if [ "${1:-}" = -tests ]; then
	out=$2
	mkdir -p "$out/tuple/testdata" "$out/subspace"
	cp "$src/tuple/testdata/tuples.golden" "$out/tuple/testdata/"
	cp "$src/tuple/tuple_test.go" "$out/tuple/"
	cp "$src/subspace/subspace_test.go" "$out/subspace/"
	chmod u+w "$out/tuple/testdata/tuples.golden" "$out/tuple/tuple_test.go" "$out/subspace/subspace_test.go"
	mkdir -p "$out/fdb"
	python3 - "$src/fdb_test.go" "$out/fdb/official_fdb_test.go" "$ours" TestKeyToString ExamplePrintable <<'PY'
import re, sys
src, dst, ours, *names = sys.argv[1:]
s = open(src).read()
funcs = []
for name in names:
    m = re.search(r'^func ' + name + r'\(.*?^}\n', s, flags=re.S | re.M)
    if not m:
        sys.exit('fetch.sh: ' + name + ' not found in fdb_test.go')
    funcs.append(m.group(0))
open(dst, 'w').write('package fdb_test\n\nimport (\n\t"fmt"\n\t"testing"\n\n\t"' + ours + '/fdb"\n)\n\n' + '\n'.join(funcs))
PY
fi
echo "official binding $version written to $(pwd)/official"
