package order_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/property_test/order"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
	"pgregory.net/rapid"
)

// Two versions of one key struct: Post made unsigned, At kept in
// milliseconds, Note renamed.
type commentKeyV1 struct {
	_    struct{} `tuple:"POST,const"`
	User uuid.UUID
	Post int64
	At   time.Time `tuple:",desc"`
	Note *string
}

type commentKeyV2 struct {
	_    struct{} `tuple:"POST,const"`
	User uuid.UUID
	Post uint64
	At   time.Time `tuple:",desc,unit=ms"`
	Text *string
}

// CheckSchema on real plans: the golden file holds v1's schema; v1 passes,
// v2 fails with witnesses whose OLD keys are v1's plan's keys.
func TestCheckSchemaRealPlans(t *testing.T) {
	codec := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}
	v1, err := tuple.NewPlan[commentKeyV1](codec)
	if err != nil {
		t.Fatal(err)
	}
	v2, err := tuple.NewPlan[commentKeyV2](codec)
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join(t.TempDir(), "comment.schema")
	if err := os.WriteFile(golden, []byte(v1.Schema()+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	passes(t, func(tb rapid.TB) { order.CheckSchema(tb, v1, golden) })
	report := caught(t, func(tb rapid.TB) { order.CheckSchema(tb, v2, golden) })

	note := "a"
	user := uuid.MustParse("00000000-0000-0000-0000-000000000001")
	negative, err := v1.Marshal(&commentKeyV1{User: user, Post: -1, At: time.Unix(0, 1), Note: &note})
	if err != nil {
		t.Fatal(err)
	}
	milli, err := v1.Marshal(&commentKeyV1{User: user, Post: 1, At: time.Unix(0, 1e6), Note: &note})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"DECODE Post: int64 → uint64; a = {User: ",
		fmt.Sprintf("key %x under OLD, none under NEW (this change alone)", negative),
		"DECODE At: desc(time(ns)) → desc(time(ms))",
		fmt.Sprintf("At: 1000000ns (1970-01-01T00:00:00.001Z), Note: \"a\"}, key %x under OLD", milli),
		"SAFE Text: field Note renamed Text",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("report does not say %q:\n%s", want, report)
		}
	}
}
