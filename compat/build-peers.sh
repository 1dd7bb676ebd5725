#!/usr/bin/env bash
# Builds the four live peers of the conformance kit, pinned: the npm
# fdb-tuple package, the official Python binding (PyPI foundationdb), the
# official Java binding (Maven Central fdb-java) and the Rust crate
# foundationdb-tuple; and, with the Java binding, the directory oracle (its
# DirectoryLayer on an in-memory transaction, compat/DIRECTORY_PROTOCOL.md)
# on fdb-java 7.4.1 and 7.3.68. Needs node/npm, python3, a JDK with Maven,
# and cargo.
set -euo pipefail
cd "$(dirname "$0")"

echo "== fdb-tuple (npm ci)"
(cd js && npm ci --no-audit --no-fund)

echo "== Python binding (venv + pip, hash-pinned)"
python3 -m venv python/.venv
python/.venv/bin/pip install --quiet --disable-pip-version-check --require-hashes -r python/requirements.txt

echo "== Java binding and the directory oracle (Maven)"
java/build.sh

echo "== Rust crate (cargo, Cargo.lock)"
(cd rust && cargo build --quiet --release --locked)
