package tuple_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// IDBase is embedded by keys that have an ID of their own.
type IDBase struct {
	Tenant string
	ID     int64
}

// Two fields of one level with one name are refused, naming both by
// their Go paths and the fixes: encoding/json would let the outer ID
// shadow Base's and drop it, which in a key gives records that differ in
// it one key; Range(v, "ID") used the shadowed one.
func TestDuplicateNamesRefused(t *testing.T) {
	type shadowed struct {
		IDBase
		ID int64
	}
	type twoTags struct {
		A int64 `tuple:"Key"`
		B int64 `tuple:"Key"`
	}
	type tagMeetsName struct {
		A int64 `tuple:"B"`
		B string
	}
	type inNested struct {
		User  string
		Child struct {
			X int64
			Y int64 `tuple:"X"`
		}
	}
	type viaPointer struct {
		*IDBase
		Tenant string
	}
	check := func(name string, err error, wantPaths ...string) {
		t.Helper()
		if !errors.Is(err, tuple.ErrDuplicateName) {
			t.Errorf("%s: err = %v, want ErrDuplicateName", name, err)
			return
		}
		for _, w := range append(wantPaths, "`tuple:\"-\"`", "rename one") {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: err = %v\nwant it to say %q", name, err, w)
			}
		}
	}
	_, err := tuple.NewPlan[shadowed](tuple.Codec{})
	check("shadowed", err, "IDBase.ID (int64)", "and ID (int64)")
	_, err = tuple.NewPlan[twoTags](tuple.Codec{})
	check("two tags", err, "fields A (int64) and B (int64)", "name Key")
	_, err = tuple.NewPlan[tagMeetsName](tuple.Codec{})
	check("a tag meets a name", err, "fields A (int64) and B (string)")
	_, err = tuple.NewPlan[inNested](tuple.Codec{})
	check("in a nested struct", err, "field Child", "fields X (int64) and Y (int64)")
	_, err = tuple.NewPlan[viaPointer](tuple.Codec{})
	check("through an embedded pointer", err, "IDBase.Tenant (string)")

	// Renamed by a tag, the two are distinct, and each is reached by its
	// own name.
	type renamed struct {
		IDBase
		ID int64 `tuple:"OwnID"`
	}
	p, err := tuple.NewPlan[renamed](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Schema(), "(Tenant string, ID int64, OwnID int64)"; got != want {
		t.Errorf("Schema = %s, want %s", got, want)
	}
	v := renamed{IDBase: IDBase{Tenant: "t", ID: 2}, ID: 3}
	begin, _, err := p.Range(&v, "ID")
	if err != nil {
		t.Fatal(err)
	}
	if want := append(tuple.Tuple{"t", 2}.Pack(), 0x00); string(begin) != string(want) {
		t.Errorf("Range through ID begins at %x, want %x: Base's ID, 2", begin, want)
	}
}

// A tag's name is a Go identifier, as a schema prints it; a constant's
// is its value.
func TestTagNameIsIdentifier(t *testing.T) {
	type dashed struct {
		UserID int64 `tuple:"user-id"`
	}
	if _, err := tuple.NewPlan[dashed](tuple.Codec{}); !errors.Is(err, tuple.ErrBadTag) || !strings.Contains(err.Error(), "user-id") {
		t.Errorf("err = %v, want ErrBadTag naming user-id", err)
	}
	type spaced struct {
		_  struct{} `tuple:"USER ID,const"`
		ID int64
	}
	p, err := tuple.NewPlan[spaced](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Schema(), `("USER ID", ID int64)`; got != want {
		t.Errorf("Schema = %s, want %s", got, want)
	}
}
