#!/usr/bin/env bash
# Checks the four live peers (built by build-peers.sh) with fdbtuple check:
# every vector row and a 10,000-tuple differential run with a fixed seed
# each. Writes each report (text and JSON) to DIR (default: a temporary
# directory), the compatibility matrix to compat/MATRIX.md, and the same
# matrix into compat/README.md between its matrix markers. Fails if any peer
# differs outside its known divergences.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-$(mktemp -d)}
mkdir -p "$dir"
go build -o "$dir/fdbtuple" ./cmd/fdbtuple

status=0
check() {
  local name=$1; shift
  echo "== fdbtuple check -- $*"
  if ! "$dir/fdbtuple" check -random 10000 -seed 1 -json "$dir/$name.json" -- "$@" > "$dir/$name.txt"; then
    status=1
  fi
  cat "$dir/$name.txt"
}
check 1-fdb-tuple node compat/js/adapter.js
check 2-python compat/python/.venv/bin/python compat/python/adapter.py
check 3-java compat/java/run.sh
check 4-rust compat/rust/target/release/adapter

"$dir/fdbtuple" matrix "$dir"/*.json > compat/MATRIX.md
echo "== compatibility matrix (compat/MATRIX.md)"
cat compat/MATRIX.md
python3 - <<'PY'
import re
readme = open("compat/README.md").read()
matrix = open("compat/MATRIX.md").read()
new = re.sub(r"(<!-- matrix:begin -->\n).*?(<!-- matrix:end -->)", lambda m: m.group(1) + matrix + m.group(2), readme, flags=re.S)
open("compat/README.md", "w").write(new)
PY
exit $status
