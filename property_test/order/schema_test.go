package order_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/property_test/order"
	"github.com/fdbtuple/fdbtuple/tuple"
	"pgregory.net/rapid"
)

// schemaText stands in for a plan: the schema text its keys have.
type schemaText string

func (s schemaText) Schema() string { return string(s) }

func writeGolden(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "key.schema")
	if err := os.WriteFile(path, []byte(text+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// passes runs check against a recorder and returns its log, failing the
// test if the check failed.
func passes(t *testing.T, check func(rapid.TB)) string {
	t.Helper()
	r := &recorder{}
	caughtIn(r, func() { check(r) })
	if r.Failed() {
		t.Fatalf("the check failed:\n%s", r.out.String())
	}
	return r.out.String()
}

const storedSchema = `("USER", User uuid, "POST", Post int32)`

func TestCheckSchemaUnchanged(t *testing.T) {
	golden := writeGolden(t, storedSchema)
	if log := passes(t, func(tb rapid.TB) { order.CheckSchema(tb, schemaText(storedSchema), golden) }); log != "" {
		t.Errorf("logged for an unchanged schema: %s", log)
	}
}

func TestCheckSchemaSafe(t *testing.T) {
	golden := writeGolden(t, storedSchema)
	report := caught(t, func(tb rapid.TB) {
		order.CheckSchema(tb, schemaText(`("USER", Author uuid, "POST", Post int64)`), golden)
	})
	for _, want := range []string{"breaks no stored key", "SAFE Author: field User renamed Author", "SAFE Post: int32 → int64", "Record it: run go test -order.update"} {
		if !strings.Contains(report, want) {
			t.Errorf("report does not say %q:\n%s", want, report)
		}
	}
	// The golden file keeps the stored keys' schema until the change is
	// recorded.
	if text, err := os.ReadFile(golden); err != nil || string(text) != storedSchema+"\n" {
		t.Errorf("golden file now %q, %v", text, err)
	}
}

func TestCheckSchemaBreak(t *testing.T) {
	golden := writeGolden(t, storedSchema)
	report := caught(t, func(tb rapid.TB) {
		order.CheckSchema(tb, schemaText(`("USER", User uuid, "POST", Post uint64)`), golden)
	})
	for _, want := range []string{
		"which breaks keys stored under it",
		"DECODE Post: int32 → uint64; a = {User: ",
		"Post: -1}, key 025553455200300000000000000000000000000000000102504f53540013fe under OLD, none under NEW",
		"go test -order.update",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("report does not say %q:\n%s", want, report)
		}
	}
}

func TestCheckSchemaMissingGolden(t *testing.T) {
	golden := filepath.Join(t.TempDir(), "none.schema")
	report := caught(t, func(tb rapid.TB) { order.CheckSchema(tb, schemaText(storedSchema), golden) })
	if !strings.Contains(report, "run go test -order.update to write it") {
		t.Errorf("report: %s", report)
	}
}

func TestCheckSchemaBadGolden(t *testing.T) {
	golden := writeGolden(t, `("USER", User uuid`)
	report := caught(t, func(tb rapid.TB) { order.CheckSchema(tb, schemaText(storedSchema), golden) })
	if !strings.Contains(report, "offset 18: expected") {
		t.Errorf("report: %s", report)
	}
}

func TestCheckSchemaUpdate(t *testing.T) {
	golden := filepath.Join(t.TempDir(), "dir", "key.schema")
	if err := flag.Set("order.update", "true"); err != nil {
		t.Fatal(err)
	}
	defer flag.Set("order.update", "false")
	passes(t, func(tb rapid.TB) { order.CheckSchema(tb, schemaText(storedSchema), golden) })
	if text, err := os.ReadFile(golden); err != nil || string(text) != storedSchema+"\n" {
		t.Errorf("golden file %q, %v", text, err)
	}
}

// TestCheckSchemaRenamedSubspace: a PlanUnder's schema holds its prefix,
// so a golden schema test notices a renamed subspace, which moves every
// stored key.
func TestCheckSchemaRenamedSubspace(t *testing.T) {
	plan, err := tuple.NewPlan[postKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	golden := writeGolden(t, plan.Under(tuple.Tuple{"social", "posts"}.Pack()).Schema())
	passes(t, func(tb rapid.TB) { order.CheckSchema(tb, plan.Under(tuple.Tuple{"social", "posts"}.Pack()), golden) })
	report := caught(t, func(tb rapid.TB) { order.CheckSchema(tb, plan.Under(tuple.Tuple{"app", "posts"}.Pack()), golden) })
	for _, want := range []string{
		`DECODE under: prefix ("social", "posts") → ("app", "posts"): every key stored under OLD is outside NEW's range`,
		`RANGE under: prefix ("social", "posts") → ("app", "posts")`,
	} {
		if !strings.Contains(report, want) {
			t.Errorf("report does not say %q:\n%s", want, report)
		}
	}
}

type postKey struct {
	_    struct{} `tuple:"POST,const"`
	Post int64
}
