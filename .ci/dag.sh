#!/usr/bin/env bash
# The import DAG of the module, enforced: for each package, the packages of
# this module it may depend on (directly or not, as `go list -deps` lists
# them), and the standard packages it must not import. A package missing from the
# table fails too, so that a new one is placed in the DAG when it is added.
# The package docs say the same, each at its end, which this script checks
# too (the user's text comes first).
set -euo pipefail
cd "$(dirname "$0")/.."
mod=$(go list -m)

# package: allowed dependencies of this module (the package itself aside)
declare -A allowed=(
  [types]=""
  [fdb]=""
  [fdb/internal/api510]=""
  [fdb/internal/api710]=""
  [fdb/internal/ordmap]=""
  [fdb/storekit]="fdb fdb/internal/ordmap"
  [fdb/memstore]="fdb fdb/internal/ordmap fdb/storekit"
  [fdb/boltstore]="fdb fdb/internal/ordmap fdb/storekit"
  [fdb/kvpage]="fdb"
  [fdb/storetest]="fdb"
  [tuple/internal/wirecore]="types"
  [tuple/internal/schematext]=""
  [tuple/internal/keytag]="tuple/internal/schematext"
  [tuple/tuplewire]="types tuple/internal/wirecore"
  [tuple]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire"
  [tuple/tuplegen]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple"
  [tuple/tupledecimal]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple"
  [tuple/dynamokey]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple tuple/tupledecimal"
  [tuple/keyschema]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple"
  [subspace]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple"
  [fdb/directory]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple subspace"
  [nested]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple"
  [nested/timeline]="types fdb fdb/internal/ordmap fdb/storekit fdb/boltstore fdb/kvpage tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple nested"
  [vectors]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple"
  [internal/workload]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple"
  [internal/gencheck]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple"
  [internal/workload/genkeys]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple internal/workload"
  [internal/proctest]=""
  [internal/testrows]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple vectors"
  [property_test]=""
  [property_test/gen]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple nested"
  [property_test/order]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple tuple/keyschema"
  [compat]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple nested vectors property_test/gen"
  [compat/dirdiff]="types fdb tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple nested vectors property_test/gen compat subspace fdb/directory fdb/internal/ordmap fdb/storekit fdb/memstore"
  [examples/comments]="types fdb fdb/internal/ordmap fdb/storekit fdb/boltstore fdb/directory fdb/kvpage tuple/internal/wirecore tuple/internal/keytag tuple/internal/schematext tuple/tuplewire tuple subspace"
  [cmd/fdbtuple]="*"
)
# package: standard packages it must not import itself (fmt, which they
# use for messages, brings reflect in underneath)
declare -A forbidden_std=(
  [tuple/internal/wirecore]="reflect"
  [tuple/internal/keytag]="reflect"
  [tuple/internal/schematext]="reflect"
  [tuple/tuplewire]="reflect"
)

fail=0
for pkg in $(go list ./...); do
  rel=${pkg#"$mod"}; rel=${rel#/}
  if [ -z "${allowed[$rel]+set}" ]; then
    echo "dag: $rel is not in .ci/dag.sh: place it in the DAG"; fail=1; continue
  fi
  deps=$(go list -deps "$pkg")
  if [ "${allowed[$rel]}" != "*" ]; then
    for dep in $(grep "^$mod/" <<<"$deps" || true); do
      d=${dep#"$mod/"}
      [ "$d" = "$rel" ] && continue
      case " ${allowed[$rel]} " in
        *" $d "*) ;;
        *) echo "dag: $rel must not import $d"; fail=1 ;;
      esac
    done
  fi
  imports=$(go list -f '{{join .Imports "\n"}}' "$pkg")
  for std in ${forbidden_std[$rel]:-}; do
    if grep -qx "$std" <<<"$imports"; then
      echo "dag: $rel must not import $std"; fail=1
    fi
  done
done
# Every package doc ends with its place in the import DAG: a last
# paragraph that starts "Place in the import DAG", or a last section
# headed so (a long doc).
for pkg in $(go list ./...); do
  rel=${pkg#"$mod"}; rel=${rel#/}
  files=$(go list -f '{{range .GoFiles}}{{$.Dir}}/{{.}} {{end}}' "$pkg")
  [ -z "$files" ] && continue # tests only
  ends=$(for f in $files; do
    awk '/^package /{exit} /^\/\/ (Package|Command) /{s=1} s' "$f"
  done | awk 'BEGIN{RS="//\n"} NF{prev=last; last=$0} END{print (last ~ /^\/\/ Place in the import DAG/ || prev ~ /^\/\/ # Place in the import DAG\n$/)}')
  if [ "$ends" != 1 ]; then
    echo "dag: the package doc of $rel does not end with its place in the import DAG"; fail=1
  fi
done
[ "$fail" = 0 ] && echo "the import DAG holds"
exit "$fail"
