#!/usr/bin/env bash
# A new module that imports every package of this one (through a replace
# pointing at this checkout; programs, such as examples/comments, cannot be
# imported) must pass go mod tidy, go vet and go build: any module must be
# able to depend on ours. Run from anywhere.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mod=$(cd "$root" && go list -m)
pkgs=$(cd "$root" && go list -f '{{if and .GoFiles (ne .Name "main")}}{{.ImportPath}}{{end}}' ./... | grep -v '/internal/\|/cmd/')
consumer=$(mktemp -d)
trap 'rm -rf "$consumer"' EXIT
{
	echo "package main"
	echo
	echo "import ("
	for p in $pkgs; do echo "	_ \"$p\""; done
	echo ")"
	echo
	echo "func main() {}"
} >"$consumer/main.go"
cd "$consumer"
go mod init example.com/consumer >/dev/null 2>&1
go mod edit -replace "$mod=$root"
go mod tidy
go vet ./...
go build ./...
echo "a consumer module importing $(wc -w <<<"$pkgs") packages passes go mod tidy, go vet and go build"
echo "its go.sum: $(cut -d' ' -f1 go.sum | sort -u | tr '\n' ' ')"

# A module that imports only tuple must not fetch what only this module's
# tests use (rapid): its go.sum lists what tuple and tuple's tests import.
only=$(mktemp -d)
trap 'rm -rf "$consumer" "$only"' EXIT
cd "$only"
printf 'package main\n\nimport _ "%s/tuple"\n\nfunc main() {}\n' "$mod" >main.go
go mod init example.com/onlytuple >/dev/null 2>&1
go mod edit -replace "$mod=$root"
go mod tidy
if grep -q 'pgregory.net/rapid' go.sum; then
	echo "a module importing only tuple fetches rapid: tuple's tests import a package that uses it" >&2
	exit 1
fi
echo "a module importing only tuple fetches: $(cut -d' ' -f1 go.sum | sort -u | tr '\n' ' ')"
