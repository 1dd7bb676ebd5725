package order_test

import (
	"flag"
	"testing"
)

// update is a test package's own golden-file flag, the usual idiom: it
// must coexist with order's flag (a test binary whose flags collide
// panics before any test runs, "flag redefined: update").
var update = flag.Bool("update", false, "this test package's own golden files")

func TestOwnUpdateFlagBesideOrder(t *testing.T) {
	if f := flag.Lookup("update"); f == nil || f.Usage != "this test package's own golden files" {
		t.Errorf("-update is %+v, want this package's own flag", f)
	}
	if *update {
		t.Log("-update given: this package has no golden files of its own")
	}
	if flag.Lookup("order.update") == nil {
		t.Error("order defines no -order.update flag")
	}
}
