package memstore

import (
	"runtime"
	"testing"
	"weak"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// TestOldVersionsAreGarbage checks that a value overwritten by a commit
// stays alive while a transaction that began before holds its version,
// and becomes garbage once that transaction ends, even if the caller keeps
// the transaction.
func TestOldVersionsAreGarbage(t *testing.T) {
	db := New(nil)
	set := func(v string) {
		tr := db.Begin()
		must(t, tr.Set(fdb.Key("k"), []byte(v)))
		must(t, tr.Commit())
	}
	set("old value")
	stored, _ := db.data.Get(fdb.Key("k"))
	old := weak.Make(&stored[0])
	stored = nil
	reader := db.Begin()
	set("new value")
	runtime.GC()
	runtime.GC()
	if old.Value() == nil {
		t.Fatal("the old value was collected while a transaction reads its version")
	}
	if v, _, err := reader.Get(fdb.Key("k")); err != nil || string(v) != "old value" {
		t.Fatalf("the old transaction reads %q, %v", v, err)
	}
	reader.Cancel()
	runtime.GC()
	runtime.GC()
	if old.Value() != nil {
		t.Error("the old value is still alive after every transaction that read its version ended")
	}
	runtime.KeepAlive(reader)
}
