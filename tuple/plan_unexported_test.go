package tuple_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
)

// postKey loses its user: two users' post 1 would share one key.
type postKey struct {
	user uuid.UUID
	Post int64
}

// postKeyLeftOut leaves user out on purpose.
type postKeyLeftOut struct {
	user uuid.UUID `tuple:"-"`
	Post int64
}

// onlyHidden has no exported field at all.
type onlyHidden struct {
	tenant string
	id     int64
}

type hiddenID int64

var _ = []any{postKey{user: uuid.Nil}, postKeyLeftOut{user: uuid.Nil}, onlyHidden{"", 0}}

// An unexported field that is not left out explicitly is refused, on
// every path to a plan, naming the field and both fixes; one tagged
// `tuple:"-"` and a blank field are left out.
func TestUnexportedFieldRefused(t *testing.T) {
	wantFixes := func(t *testing.T, err error, field string) {
		t.Helper()
		if !errors.Is(err, tuple.ErrUnsupportedType) {
			t.Fatalf("err = %v, want ErrUnsupportedType", err)
		}
		for _, want := range []string{"field " + field + " ", "export it", "`tuple:\"-\"`"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("err = %v\nwant it to say %q", err, want)
			}
		}
	}
	_, err := tuple.NewPlan[postKey](tuple.Codec{})
	wantFixes(t, err, "user")
	_, err = tuple.Marshal(&postKey{Post: 1})
	wantFixes(t, err, "user")
	_, err = tuple.NewDynamicPlan(tuple.Codec{}, reflect.TypeFor[postKey]())
	wantFixes(t, err, "user")

	// The key type itself has no exported field: the error names the
	// first one, not "give the field a type of your own".
	_, err = tuple.NewPlan[onlyHidden](tuple.Codec{})
	wantFixes(t, err, "tenant")

	// Nested and embedded: a nested struct's unexported field, and an
	// embedded unexported type that is no struct.
	type nested struct {
		Child struct {
			Name string
			seq  int
		}
	}
	_, err = tuple.NewPlan[nested](tuple.Codec{})
	wantFixes(t, err, "seq")
	type embedsHidden struct {
		hiddenID
		Name string
	}
	_ = embedsHidden{hiddenID: 1}
	_, err = tuple.NewPlan[embedsHidden](tuple.Codec{})
	wantFixes(t, err, "hiddenID")

	p, err := tuple.NewPlan[postKeyLeftOut](tuple.Codec{})
	if err != nil {
		t.Fatalf("a field tagged - : %v", err)
	}
	if got := p.Schema(); got != "(Post int64)" {
		t.Errorf("Schema = %s", got)
	}
	type blank struct {
		_  [0]func() // not comparable: holds nothing a value can set
		ID int64
	}
	if _, err := tuple.NewPlan[blank](tuple.Codec{}); err != nil {
		t.Errorf("a blank field: %v", err)
	}
}

// A field of a type with no exported field says to export them, first.
func TestNoExportedFieldHint(t *testing.T) {
	_, err := tuple.NewPlan[struct{ H onlyHidden }](tuple.Codec{})
	if !errors.Is(err, tuple.ErrUnsupportedType) || !strings.Contains(err.Error(), "field H") || !strings.Contains(err.Error(), "export its fields") {
		t.Errorf("err = %v, want ErrUnsupportedType naming H and saying to export its fields", err)
	}
}

// A tag on an unexported field is refused, saying what the tag does not
// do and the fixes: no const suggested when the tag has no name.
func TestUnexportedTaggedField(t *testing.T) {
	type named struct {
		kind struct{} `tuple:"USER"`
		ID   int64
	}
	_, err := tuple.NewPlan[named](tuple.Codec{})
	if !errors.Is(err, tuple.ErrBadTag) || !strings.Contains(err.Error(), `tuple:"USER,const"`) || !strings.Contains(err.Error(), "export the field") {
		t.Errorf("err = %v, want ErrBadTag suggesting ,const and export", err)
	}
	type unnamed struct {
		at int64 `tuple:",desc"`
		ID int64
	}
	_, err = tuple.NewPlan[unnamed](tuple.Codec{})
	if !errors.Is(err, tuple.ErrBadTag) || strings.Contains(err.Error(), "const") || !strings.Contains(err.Error(), "export the field") {
		t.Errorf("err = %v, want ErrBadTag suggesting export, not const", err)
	}
	var _ = named{kind: struct{}{}}
	var _ = unnamed{at: 0}
}
