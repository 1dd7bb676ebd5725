package tuple

// The dispatchers: where a row of the type table (gotype.go) meets the
// code of its element family, encode and decode side by side, with the
// rows themselves (rule) and rows, which takes each row to its facts in
// its family's file. Each walker (Pack, AppendElems, Scan, the plans)
// keeps fast cases of its own for the unnamed common types and hands
// everything else to the pair it may call:
//
//   - appendValue and scanValue, with appendRule and scanRule: every row,
//     every tag option (desc, bytes, ext=, unit=); Pack's rarer values,
//     Codec.Pack and a plan's general fields;
//   - appendLooseValue and reflected: AppendElems's and Scan's, which
//     touch a caller's variable through reflect's typed readers and
//     setters only, so that it stays on the stack: a row that needs more
//     (a method call, an interface of the value) is refused with the fix;
//   - appendScalar and scanScalar: the rows reflect's typed readers and
//     setters serve, shared by all of them;
//   - the fields of a direct plan (plan_direct.go): encoder.fieldDirect,
//     scanner.fieldDirect and scalarDirect.
//
// They stay switches: a function value per row that took the caller's
// reflect.Value would move the caller's variable to the heap on every
// path (plan_direct.go says why). Each arm is one call into the family's
// file, and every dispatcher has an arm, or a refusal, for every row:
// TestDispatchersCoverTheTable holds them to it, and
// TestRowsHaveTheirFacts every row to its facts.

import (
	"fmt"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// rule is the row of the type table (gotype.go) a Go type falls in.
type rule uint8

const (
	ruleRefused rule = iota
	ruleString
	ruleBytes
	ruleInt
	ruleUint
	ruleBigInt
	ruleFloat32
	ruleFloat64
	ruleBool
	ruleUUID
	ruleVersionstamp
	ruleTuple    // a nested tuple of any elements: Tuple, []any
	ruleAny      // the empty interface: the element of its dynamic value
	ruleTime     // time.Time
	ruleDuration // time.Duration
	ruleCustom   // ElementAppender and ElementScanner
	ruleKey      // an fdb.KeyConvertible: the byte string of its key
	rulePointer  // nullable: nil is null, else elem's element
	ruleStruct   // a nested tuple of the fields of lay

	numRules // the number of rows: every dispatcher has an arm for each
)

// rows are the facts of each row (gotype.go's row), declared beside the
// row's code in its family's file; a pointer has none (its pointee's
// serve), nor has a refused type.
var rows = [numRules]row{
	// scalar.go
	ruleString:       stringRow,
	ruleBytes:        bytesRow,
	ruleInt:          intRow,
	ruleUint:         uintRow,
	ruleBigInt:       bigIntRow,
	ruleFloat32:      float32Row,
	ruleFloat64:      float64Row,
	ruleBool:         boolRow,
	ruleUUID:         uuidRow,
	ruleVersionstamp: versionstampRow,
	ruleKey:          keyRow,
	// time.go
	ruleTime:     timeRow,
	ruleDuration: durationRow,
	// custom.go
	ruleCustom: customRow,
	// nested.go
	ruleTuple:  tupleRow,
	ruleAny:    anyRow,
	ruleStruct: structRow,
}

// errNoArm is the error of a dispatcher that meets a row it has no arm
// for: a row added to the type table and not to every dispatcher, which
// TestDispatchersCoverTheTable catches first.
var errNoArm = fmt.Errorf("%w: the dispatcher has no arm for this row of the type table (a bug)", ErrUnsupportedType)

// elemOpts is what a plan's field tag adds to its type's element; the
// other paths use the zero value.
type elemOpts struct {
	desc    bool
	asBytes bool       // a string written as a byte string
	ext     types.Code // the value is this extension's, or 0
	unit    unit       // a time or duration in this unit (0: ns)
}

// appendValue appends rv, a value of g's type, as one element.
func (e *encoder) appendValue(dst []byte, g *goType, rv reflect.Value, o elemOpts, nested bool, depth int) ([]byte, error) {
	if g.err != nil && o.ext == 0 {
		return dst, &EncodeError{Type: g.t, Err: g.err}
	}
	// A nil pointer is a null, which sorts first, desc or not: the
	// pointer rule holds for every field, *big.Int's included.
	if g.rule == rulePointer {
		if rv.IsNil() {
			return appendNull(dst, nested), nil
		}
		g, rv = g.elem, rv.Elem()
	}
	switch {
	case o.desc: // before ext: the extension's element, inverted
		return e.appendDescValue(dst, g, rv, o, depth)
	case o.ext != 0:
		return e.appendExt(dst, rv, o.ext)
	}
	return e.appendRule(dst, g, rv, o, nested, depth)
}

// scanValue scans the element at in[at] (a nested null when st is
// wirecore.StepNull) into rv, a settable variable of g's type, and returns the
// offset after it. dst is what errors name the type of.
func (s *scanner) scanValue(st wirecore.Step, at, depth int, g *goType, rv reflect.Value, o elemOpts, dst any) (int, error) {
	if err := g.decodeErr(); err != nil && o.ext == 0 {
		return 0, s.fail(at, ErrUnsupportedType, err.Error())
	}
	if st == wirecore.StepNull || s.in[at] == byte(types.CodeNull) {
		return s.scanNullValue(st, at, g, rv, o, dst)
	}
	if g.rule == rulePointer {
		return s.scanPointerValue(at, depth, g, rv, o, dst)
	}
	switch {
	case o.desc: // before ext: the extension's element, inverted
		return s.scanDescValue(at, depth, g, rv, o, dst)
	case o.ext != 0:
		return s.scanExt(at, depth, rv, o.ext, dst)
	}
	return s.scanRule(at, depth, g, rv, o, dst)
}

// appendRule appends rv by its type's rule.
func (e *encoder) appendRule(dst []byte, g *goType, rv reflect.Value, o elemOpts, nested bool, depth int) ([]byte, error) {
	switch g.rule {
	case ruleBytes, ruleInt, ruleUint, ruleBool, ruleFloat64:
		out, _ := appendScalar(dst, g.rule, rv)
		return out, nil
	case ruleString:
		return e.appendString(dst, g, rv, o.asBytes)
	case ruleKey:
		return appendKeyValue(dst, rv), nil
	case ruleFloat32:
		return appendFloat32Value(dst, rv), nil
	case ruleUUID:
		return appendUUIDValue(dst, addressable(rv)), nil
	case ruleBigInt:
		return appendBigValue(dst, g, rv)
	case ruleVersionstamp:
		return e.appendStamp(dst, *addressable(rv).Addr().Interface().(*Versionstamp)) // by address: no copy to the heap
	case ruleDuration:
		return appendDurationValue(dst, g, rv, o.unit)
	case ruleTime:
		return appendTimeValue(dst, g, rv, o.unit)
	case ruleTuple:
		return e.appendTupleValue(dst, rv, depth)
	case ruleAny:
		return e.appendAnyValue(dst, rv, nested, depth)
	case ruleCustom:
		return e.appendCustom(dst, g, rv, depth)
	case ruleStruct:
		return e.appendStructValue(dst, g, rv, depth)
	}
	return dst, &EncodeError{Type: g.t, Err: errNoArm}
}

// scanRule scans a non-null element into rv by its type's rule.
func (s *scanner) scanRule(at, depth int, g *goType, rv reflect.Value, o elemOpts, dst any) (int, error) {
	switch g.rule {
	case ruleString:
		if o.asBytes {
			return s.scanStringAsBytes(at, rv, dst)
		}
		return s.scanStringValue(at, rv, dst)
	case ruleBytes, ruleInt, ruleUint, ruleBool, ruleFloat64, ruleUUID:
		end, _, err := s.scanScalar(at, depth, g.rule, rv, dst)
		return end, err
	case ruleBigInt:
		return s.scanBigValue(at, rv, dst)
	case ruleFloat32:
		return s.scanFloat32Value(at, depth, rv)
	case ruleVersionstamp:
		return s.scanStampValue(at, rv, dst)
	case ruleDuration:
		return s.scanDurationValue(at, rv, o.unit, dst)
	case ruleTime:
		return s.scanTimeValue(at, rv, o.unit, dst)
	case ruleTuple:
		return s.scanTupleValue(at, depth, rv, dst)
	case ruleAny:
		return s.scanAnyValue(at, depth, rv)
	case ruleCustom:
		return s.scanCustomValue(at, depth, rv)
	case ruleStruct:
		return s.scanStructValue(at, depth, g, rv, dst)
	}
	return 0, s.fail(at, errNoArm, fmt.Sprintf("cannot scan into %v", reflect.TypeOf(dst)))
}

// appendScalar appends rv by the rows that reflect's readers read, which
// keep an AppendElems argument on the stack: byte strings, integers,
// booleans and float64s. It is the one writer of those rows for
// AppendElems, Pack and a plan's fields; ok is false for the other rows.
func appendScalar(dst []byte, r rule, rv reflect.Value) ([]byte, bool) {
	switch r {
	case ruleBytes:
		return tuplewire.AppendBytes(dst, rv.Bytes()), true
	case ruleInt:
		return tuplewire.AppendInt(dst, rv.Int()), true
	case ruleUint:
		return tuplewire.AppendUint(dst, rv.Uint()), true
	case ruleBool:
		return tuplewire.AppendBool(dst, rv.Bool()), true
	case ruleFloat64:
		return tuplewire.AppendFloat64(dst, rv.Float()), true
	}
	return dst, false
}

// scanScalar scans the element at in[pos] into e by the rows that
// reflect's setters fill, which keep a Scan destination on the stack:
// strings, byte strings, integers, booleans, float64s and UUIDs. It is
// the one reader of those rows for Scan and for a plan's fields; ok is
// false for the other rows.
func (s *scanner) scanScalar(pos, depth int, r rule, e reflect.Value, dst any) (end int, ok bool, err error) {
	switch r {
	case ruleString:
		end, err = s.scanStringValue(pos, e, dst)
	case ruleBytes:
		end, err = s.scanBytesValue(pos, e, dst)
	case ruleInt, ruleDuration: // a duration in its default unit, ns
		end, err = s.scanIntValue(pos, e, dst)
	case ruleUint:
		end, err = s.scanUintValue(pos, e, dst)
	case ruleBool:
		end, err = s.scanBoolValue(pos, depth, e)
	case ruleFloat64:
		end, err = s.scanFloat64Value(pos, depth, e)
	case ruleUUID:
		end, err = s.scanUUIDValue(pos, e, dst)
	default:
		return 0, false, nil
	}
	return end, true, err
}

// appendLooseValue appends rv by its type's row of the type table,
// reading it with reflect's readers only: it calls no method of the value
// and takes no interface of it, so that AppendElems's arguments stay on
// the stack. The rows that need a method call (a custom type, an
// fdb.KeyConvertible that is no byte slice) are Codec.Pack's, and a
// struct is a Plan's; an error here says what to do instead. (A named
// float32 type is read through float64, which quiets a signalling NaN,
// so a NaN of one is refused: a float32 keeps its bits, and so do Pack
// and a Plan.)
func appendLooseValue(dst []byte, g *goType, rv reflect.Value, nested bool, depth int, tr *trail) ([]byte, error) {
	if g.err != nil {
		return dst, &EncodeError{Type: g.t, Err: g.err}
	}
	if out, ok := appendScalar(dst, g.rule, rv); ok {
		return out, nil
	}
	switch g.rule {
	case rulePointer:
		if rv.IsNil() {
			return appendNull(dst, nested), nil
		}
		return appendLooseValue(dst, g.elem, rv.Elem(), nested, depth, tr)
	case ruleString:
		return appendLooseString(dst, g, rv)
	case ruleDuration: // in its default unit, ns
		return appendDurationValue(dst, g, rv, 0)
	case ruleFloat32:
		return appendLooseFloat32(dst, g, rv)
	case ruleUUID:
		return appendLooseUUID(dst, rv), nil
	case ruleTuple:
		return appendLooseTuple(dst, rv, depth, tr)
	case ruleCustom, ruleKey, ruleStruct, ruleAny, ruleBigInt, ruleVersionstamp, ruleTime:
		return dst, &EncodeError{Type: g.t, Err: looseRefusal(g)}
	}
	return dst, &EncodeError{Type: g.t, Err: errNoArm}
}

// reflected scans into the destinations the type switches of one and
// rare do not name, by the type table: named types of strings, byte
// strings, integers, floats, booleans, UUIDs and tuples. It sets them
// with reflect's setters, which keep destinations on the stack; the rows
// that would need a method call on the destination or a pointer stored
// into it (a custom type, a **T of a named type, a struct) are a Plan's,
// and an error here says so. A destination that is no pointer is an
// error: a forgotten &, or a constant not marked Const.
func (s *scanner) reflected(d any, pos, depth int) (int, error) {
	rv := reflect.ValueOf(d)
	switch {
	case rv.Kind() != reflect.Pointer:
		return 0, s.fail(pos, ErrNotPointer, fmt.Sprintf("destination %v is no pointer: pass &v to set v, or tuple.Const(v) to match a constant", reflect.TypeOf(d)))
	case rv.IsNil():
		return 0, s.fail(pos, ErrUnsupportedType, fmt.Sprintf("destination %v is a nil pointer", reflect.TypeOf(d)))
	}
	g, e := typeOf(rv.Type().Elem()), rv.Elem()
	if err := g.decodeErr(); err != nil {
		return 0, s.fail(pos, ErrUnsupportedType, err.Error())
	}
	if end, ok, err := s.scanScalar(pos, depth, g.rule, e, d); ok {
		return end, err
	}
	switch g.rule {
	case ruleFloat32:
		return s.scanLooseFloat32(pos, depth, e)
	case ruleTuple:
		return s.scanLooseTuple(pos, depth, e)
	case ruleCustom:
		return 0, s.fail(pos, ErrUnsupportedType, fmt.Sprintf("Scan keeps its destinations on the stack, so it calls no method of one: pass tuple.Element(&v) for %s, or scan it as a Plan's field", withArticle(e.Type().String())))
	case rulePointer, ruleAny, ruleStruct, ruleBigInt, ruleVersionstamp, ruleTime:
		return 0, s.fail(pos, ErrUnsupportedType, fmt.Sprintf("Scan keeps its destinations on the stack, so it stores no pointer it cannot type: scan %s as a Plan's field, or into a **T of the standard type", withArticle(e.Type().String())))
	}
	return 0, s.fail(pos, errNoArm, fmt.Sprintf("cannot scan into %v", reflect.TypeOf(d)))
}

// looseRefusal is the error of a value of a row AppendElems does not
// write, with what to do instead, which works for its type: AppendElems
// keeps its values on the stack, so it calls no method of one and takes
// no interface of it.
func looseRefusal(g *goType) error {
	const why = "AppendElems keeps its values on the stack, so it calls no method of one"
	a := withArticle(g.t.String())
	switch g.rule {
	case ruleCustom:
		return fmt.Errorf("%w: %s; pass tuple.Element(&v) for %s, or pack it with Codec.Pack or as a Plan's field", ErrUnsupportedType, why, a)
	case ruleKey: // an fdb.KeyConvertible: a subspace, a directory
		return fmt.Errorf("%w: %s, and %s is written as the byte string of its key; pass []byte(v.FDBKey()), or pack it with Codec.Pack", ErrUnsupportedType, why, a)
	case ruleStruct:
		return fmt.Errorf("%w %v: a struct is a key of its own; encode it with a Plan (NewPlan), or pass its fields to AppendElems", ErrUnsupportedType, g.t)
	case ruleAny: // a pointer to an interface
		return fmt.Errorf("%w: AppendElems takes the value an interface holds, not a pointer to the interface; pass v, not &v, or pack it with Codec.Pack", ErrUnsupportedType)
	}
	return fmt.Errorf("%w: %s, and reads %s only through one; pack it with Codec.Pack", ErrUnsupportedType, why, a)
}

// fieldDirect appends the element of the direct field f, whose value is
// fv.
func (e *encoder) fieldDirect(dst []byte, f *planField, fv reflect.Value, depth int) ([]byte, error) {
	if f.desc {
		return e.appendDescDirect(dst, f, fv, depth)
	}
	if f.gt.rule == ruleStruct {
		return e.appendStructDirect(dst, f, fv, depth)
	}
	return e.scalarDirect(dst, f, fv)
}

// fieldDirect scans the element at in[at] into the direct field f.
func (s *scanner) fieldDirect(at, depth int, f *planField, fv reflect.Value) (int, error) {
	switch {
	case f.constant != nil || s.in[at] == byte(types.CodeNull):
		return s.notDirect(wirecore.StepElem, at, depth, f)
	case f.desc:
		return s.scanDescDirect(at, depth, f, fv)
	case f.gt.rule == ruleStruct:
		return s.scanStructDirect(at, depth, f, fv)
	}
	if f.asBytes {
		return s.scanStringAsBytes(at, fv, f.zero)
	}
	end, _, err := s.scanScalar(at, depth, f.gt.rule, fv, f.zero) // directKind: a row it reads
	return end, err
}

// scalarDirect appends fv, the value of the field f of a direct kind, by
// the writers of its row that reflect's readers serve.
func (e *encoder) scalarDirect(dst []byte, f *planField, fv reflect.Value) ([]byte, error) {
	switch f.gt.rule {
	case ruleString:
		return e.appendString(dst, f.gt, fv, f.asBytes)
	case ruleUUID: // fields are addressable
		return appendUUIDValue(dst, fv), nil
	}
	out, _ := appendScalar(dst, f.gt.rule, fv) // directKind: a row it writes
	return out, nil
}

// notDirect is the general path's answer for an element that sets no
// field: a constant, or a null, which no direct field holds (an error).
// It is given no field to set, and reaches none.
func (s *scanner) notDirect(st wirecore.Step, at, depth int, f *planField) (int, error) {
	if f.constant != nil {
		return s.field(st, at, depth, f, reflect.Value{})
	}
	return s.scanValue(st, at, depth, f.gt, reflect.Value{}, f.elemOpts(), f.zero)
}

// addressable returns rv, or a copy of it that can be addressed: the
// readers that keep bits (a float32's, an array's) need an address.
func addressable(rv reflect.Value) reflect.Value {
	if rv.CanAddr() {
		return rv
	}
	c := reflect.New(rv.Type()).Elem()
	c.Set(rv)
	return c
}
