package order

import (
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple/keyschema"
	"pgregory.net/rapid"
)

// update is the -order.update flag of a test binary that imports this
// package: CheckSchema then rewrites its golden files. The name is
// dotted, as rapid's flags are (-rapid.checks), so that it cannot collide
// with a test package's own -update flag (the usual golden-file idiom).
var update = flag.Bool("order.update", false, "rewrite the golden schema files of order.CheckSchema")

// A Schemer has the schema text of its keys, as tuple.Plan's Schema
// prints it (the grammar of package keyschema).
type Schemer interface{ Schema() string }

// CheckSchema compares the schema of plan's keys with the golden schema
// file, the schema of the keys already stored, and fails t when the
// change breaks them: it reports each breaking change of keyschema.Diff
// with its witness (two values, their keys under the golden schema and
// the plan's, and what goes wrong). A change that breaks nothing fails
// too, saying so, until it is recorded: "go test -order.update" rewrites
// the file with the plan's schema. The golden file must follow every
// change, because the keys written after one hold what only the new
// schema holds (a field widened from int32 to int64, an optional field
// appended): a later change is then checked against them, not against
// the first schema, which would call narrowing the field back SAFE. Run
// -order.update too for a key type whose keys are rewritten or were never
// stored. A missing golden file fails, asking for -order.update. The flag exists only in test
// binaries that import order: pass it to those packages ("go test
// ./store -order.update"), not to ./... .
//
//	func TestEventKeySchema(t *testing.T) {
//		plan, err := tuple.NewPlan[EventKey](tuple.Codec{})
//		if err != nil {
//			t.Fatal(err)
//		}
//		order.CheckSchema(t, plan, "testdata/eventkey.schema")
//	}
func CheckSchema(t rapid.TB, plan Schemer, golden string) {
	t.Helper()
	got := plan.Schema()
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatalf("order.CheckSchema: %v", err)
		}
		if err := os.WriteFile(golden, []byte(got+"\n"), 0o644); err != nil {
			t.Fatalf("order.CheckSchema: %v", err)
		}
		t.Logf("order.CheckSchema: wrote %s: %s", golden, got)
		return
	}
	text, err := os.ReadFile(golden)
	if errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("order.CheckSchema: no golden schema %s: run go test -order.update to write it (the keys' schema is %s)", golden, got)
	}
	if err != nil {
		t.Fatalf("order.CheckSchema: %v", err)
	}
	want := strings.TrimSuffix(string(text), "\n")
	if want == got {
		return
	}
	old, err := keyschema.Parse(want)
	if err != nil {
		t.Fatalf("order.CheckSchema: golden schema %s: %v", golden, err)
	}
	new, err := keyschema.Parse(got)
	if err != nil {
		t.Fatalf("order.CheckSchema: the plan's schema %s: %v", got, err)
	}
	if old.String() == new.String() { // one schema, written differently (0x4F, 0x4f)
		return
	}
	changes := keyschema.Diff(old, new)
	var report strings.Builder
	for _, c := range changes {
		report.WriteString("\n  " + c.String())
	}
	if keyschema.Breaks(changes) {
		t.Errorf("order.CheckSchema: the key schema changed from %s (%s)\nto %s,\nwhich breaks keys stored under it:%s\nIf no keys were stored under the old schema, or they are rewritten, run go test -order.update.",
			want, golden, got, report.String())
		return
	}
	t.Errorf("order.CheckSchema: the key schema changed from %s (%s)\nto %s,\nwhich breaks no stored key:%s\nRecord it: run go test -order.update, so that later changes are checked against the keys written from now on.",
		want, golden, got, report.String())
}
