package tuple

import (
	"bytes"
	"errors"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// tableCustom is a custom element type: an integer, by its own methods.
type tableCustom int64

func (v tableCustom) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendInt(dst, int64(v)), nil
}

func (v *tableCustom) ScanTupleElement(elem []byte) error {
	n, _, err := tuplewire.ConsumeInt(elem)
	*v = tableCustom(n)
	return err
}

// tableKey is an fdb.KeyConvertible that is no byte slice (a subspace is
// one): written as the byte string of its key, never read back.
type tableKey struct{ k string }

func (k tableKey) FDBKey() fdb.Key { return fdb.Key(k.k) }

// The dispatchers of value.go, by the names the rows below use.
const (
	dAppendValue = "appendValue"      // the general encoder
	dScanValue   = "scanValue"        // the general decoder
	dAppendLoose = "appendLooseValue" // AppendElems's
	dReflected   = "reflected"        // Scan's
	dAppendPlain = "appendScalar"     // the rows reflect's readers serve
	dScanPlain   = "scanScalar"       // the rows reflect's setters serve
	dDirect      = "direct"           // a direct plan's fields (encoder.fieldDirect, scanner.fieldDirect)
)

var allDispatchers = []string{dAppendValue, dScanValue, dAppendLoose, dReflected, dAppendPlain, dScanPlain, dDirect}

// tableRow is a row of the type table as the dispatchers must take it: a
// value of a type of the row, and the dispatchers that write or read it.
// Every other dispatcher refuses it, with an error that names the fix
// (ErrUnsupportedType), or for appendScalar, scanScalar and the direct
// plans by declining it (their callers then take the general path).
type tableRow struct {
	sample  reflect.Value
	handled []string
}

// value returns v as an addressable reflect.Value of type T (an
// interface type keeps its kind).
func value[T any](v T) reflect.Value { return reflect.ValueOf(&v).Elem() }

// tableRows lists every row of the type table. A row added to the table
// (a rule) must be added here, with the dispatchers that handle it: a row
// missing here, or one that a dispatcher meets without an arm for it
// (errNoArm), fails TestDispatchersCoverTheTable.
func tableRows() map[rule]tableRow {
	seven := int64(7)
	all := []string{dAppendValue, dScanValue}
	return map[rule]tableRow{
		ruleRefused:      {value(make(chan int)), nil},
		ruleString:       {value("s\x00é"), append(all, dAppendLoose, dReflected, dScanPlain, dDirect)},
		ruleBytes:        {value([]byte{0, 1}), append(all, dAppendLoose, dReflected, dAppendPlain, dScanPlain, dDirect)},
		ruleInt:          {value(int16(-300)), append(all, dAppendLoose, dReflected, dAppendPlain, dScanPlain, dDirect)},
		ruleUint:         {value(uint32(300)), append(all, dAppendLoose, dReflected, dAppendPlain, dScanPlain, dDirect)},
		ruleBigInt:       {value(*new(big.Int).Lsh(big.NewInt(1), 70)), all},
		ruleFloat32:      {value(float32(-1.5)), append(all, dAppendLoose, dReflected)},
		ruleFloat64:      {value(2.25), append(all, dAppendLoose, dReflected, dAppendPlain, dScanPlain, dDirect)},
		ruleBool:         {value(true), append(all, dAppendLoose, dReflected, dAppendPlain, dScanPlain, dDirect)},
		ruleUUID:         {value(UUID{1, 2}), append(all, dAppendLoose, dReflected, dScanPlain, dDirect)},
		ruleVersionstamp: {value(Versionstamp{TransactionVersion: [10]byte{1}, UserVersion: 2}), all},
		ruleTuple:        {value(Tuple{"a", int64(1)}), append(all, dAppendLoose, dReflected)},
		ruleAny:          {value[any](int64(5)), all},
		ruleTime:         {value(time.Unix(5, 6).UTC()), all},
		ruleDuration:     {value(3 * time.Second), append(all, dAppendLoose, dReflected, dScanPlain)},
		ruleCustom:       {value(tableCustom(-9)), all},
		ruleKey:          {value(tableKey{"k"}), []string{dAppendValue}},
		rulePointer:      {value(&seven), append(all, dAppendLoose)},
		ruleStruct:       {value(struct{ A, B int64 }{1, 2}), all},
	}
}

// TestDispatchersCoverTheTable holds every dispatcher of value.go to
// every row of the type table: each row is handled (written, or read
// back to the same bytes) by the dispatchers listed for it and refused
// with the fix by the others, never met without an arm.
func TestDispatchersCoverTheTable(t *testing.T) {
	rows := tableRows()
	for r := range numRules {
		row, ok := rows[r]
		if !ok {
			t.Errorf("row %d of the type table is not in tableRows: give it an arm in every dispatcher of value.go, and list it", r)
			continue
		}
		g := typeOf(row.sample.Type())
		if g.rule != r {
			t.Errorf("row %d: the sample %v is in row %d", r, row.sample.Type(), g.rule)
			continue
		}
		want, err := generalEncoding(g, row.sample)
		if err != nil && slices.Contains(row.handled, dAppendValue) {
			t.Errorf("row %d (%v): %s: %v", r, g.t, dAppendValue, err)
			continue
		}
		for _, d := range allDispatchers {
			handled, err := runDispatcher(d, g, row.sample, want)
			switch {
			case errors.Is(err, errNoArm):
				t.Errorf("row %d (%v): %s has no arm for it: %v", r, g.t, d, err)
			case slices.Contains(row.handled, d) && !handled:
				t.Errorf("row %d (%v): %s does not handle it: %v", r, g.t, d, err)
			case !slices.Contains(row.handled, d) && handled:
				t.Errorf("row %d (%v): %s handles it; list it in tableRows", r, g.t, d)
			case !handled && err != nil && !errors.Is(err, ErrUnsupportedType):
				t.Errorf("row %d (%v): %s refuses it without ErrUnsupportedType: %v", r, g.t, d, err)
			}
		}
	}
}

// TestRowsHaveTheirFacts holds every row of the type table to the facts
// that code other than the dispatchers asks of it (gotype.go's row,
// declared in the row's family file and listed in rows): a schema that
// is a word of the grammar (a struct's is its fields'), the element kinds
// it reads, among them the kind of the element the general encoder
// writes for it, and the row of each Go type it claims by identity. A
// pointer and a refused type have none.
func TestRowsHaveTheirFacts(t *testing.T) {
	for r, row := range tableRows() {
		facts := rows[r]
		if r == ruleRefused || r == rulePointer {
			if facts.schema != nil || facts.reads != 0 || facts.types != nil {
				t.Errorf("row %d has facts; a pointer's are its pointee's, and a refused type has none", r)
			}
			continue
		}
		g := typeOf(row.sample.Type())
		if g.rule != r {
			t.Errorf("row %d: its sample %v falls in row %d: a row that Go types fall in by identity claims them (its types)", r, g.t, g.rule)
			continue
		}
		switch {
		case facts.schema == nil && g.lay == nil:
			t.Errorf("row %d (%v) has no schema: give its row in its family file one", r, g.t)
		case facts.schema != nil && !isSchemaWord(facts.schema(g, 0)):
			t.Errorf("row %d (%v): schema %q is no type of the grammar (tuple/internal/schematext)", r, g.t, facts.schema(g, 0))
		}
		enc, err := generalEncoding(g, row.sample)
		switch {
		case facts.reads == 0:
			t.Errorf("row %d (%v) reads no element kind: give its row in its family file the kinds it reads", r, g.t)
		case err != nil:
			t.Errorf("row %d (%v): %v", r, g.t, err)
		case !facts.reads.has(types.Code(enc[0]).Kind()):
			t.Errorf("row %d (%v) writes %s, of a kind it does not read", r, g.t, Printable(enc))
		}
		for _, typ := range facts.types {
			if got := typeOf(typ).rule; got != r {
				t.Errorf("row %d claims %v, which the type table puts in row %d", r, typ, got)
			}
		}
	}
}

// isSchemaWord reports whether w is a type of the schema grammar that a
// row may write: a scalar word, time(UNIT), duration(UNIT) or
// custom(GoType).
func isSchemaWord(w string) bool {
	if slices.Contains(schematext.Scalars, w) {
		return true
	}
	for _, u := range schematext.Units {
		if w == schematext.Time(u.Name) || w == schematext.Duration(u.Name) {
			return true
		}
	}
	return strings.HasPrefix(w, schematext.CustomOpen) && strings.HasSuffix(w, ")") && len(w) > len(schematext.CustomOpen)+1
}

// generalEncoding is the element of rv by the general encoder, with the
// codec a plan of a desc field has.
func generalEncoding(g *goType, rv reflect.Value) ([]byte, error) {
	e := encoder{inPlan: true, codec: Codec{Extensions: []Extension{DescExtension(DefaultDescCode)}}}
	return e.appendValue(nil, g, rv, elemOpts{}, false, 0)
}

// runDispatcher runs dispatcher d on the row of g: an encoder on rv,
// which must write want; a decoder on want, which must read a value that
// writes want again. It reports whether d handled the row, and the error
// of one that refused it (nil for a dispatcher that declines by a bool).
func runDispatcher(d string, g *goType, rv reflect.Value, want []byte) (handled bool, err error) {
	wrote := func(out []byte, err error) (bool, error) {
		if err != nil {
			return false, err
		}
		if !bytes.Equal(out, want) {
			return false, errors.New("wrote " + Printable(out) + ", not the general encoder's " + Printable(want))
		}
		return true, nil
	}
	read := func(end int, err error, v reflect.Value) (bool, error) {
		if err != nil {
			return false, err
		}
		again, err := generalEncoding(g, v)
		if err != nil || end != len(want) || !bytes.Equal(again, want) {
			return false, errors.New("read a value that writes " + Printable(again) + ", not " + Printable(want))
		}
		return true, nil
	}
	s := scanner{codec: Codec{Extensions: []Extension{DescExtension(DefaultDescCode)}}}
	s.framer = codecFramer(s.codec, want)
	f := &planField{name: "F", typ: g.t, gt: g, inner: g, zero: reflect.Zero(g.t).Interface()}
	switch d {
	case dAppendValue:
		return wrote(generalEncoding(g, rv))
	case dScanValue:
		v := reflect.New(g.t).Elem()
		end, err := s.scanValue(wirecore.StepElem, 0, 0, g, v, elemOpts{}, f.zero)
		return read(end, err, v)
	case dAppendLoose:
		var tr trail
		return wrote(appendLooseValue(nil, g, rv, false, 0, &tr))
	case dReflected:
		p := reflect.New(g.t)
		end, err := s.reflected(p.Interface(), 0, 0)
		return read(end, err, p.Elem())
	case dAppendPlain:
		out, ok := appendScalar(nil, g.rule, rv)
		if !ok {
			return false, nil
		}
		return wrote(out, nil)
	case dScanPlain:
		v := reflect.New(g.t).Elem()
		end, ok, err := s.scanScalar(0, 0, g.rule, v, f.zero)
		if !ok {
			return false, nil
		}
		return read(end, err, v)
	case dDirect:
		if !f.directKind() {
			return false, nil
		}
		e := encoder{inPlan: true}
		if ok, err := wrote(e.fieldDirect(nil, f, rv, 0)); !ok {
			return false, err
		}
		v := reflect.New(g.t).Elem()
		end, err := s.fieldDirect(0, 0, f, v)
		return read(end, err, v)
	}
	panic("no dispatcher " + d)
}
