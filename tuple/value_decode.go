package tuple

// Reading one element into a Go variable by its type's entry in the type
// table: the one decoder of every type the fast paths of Scan and the
// plans leave out, and of every option a plan's tag adds.

import (
	"fmt"
	"math/big"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// scanValue scans the element at in[at] (a nested null when st is
// wirecore.StepNull) into rv, a settable variable of g's type, and returns the
// offset after it. dst is what errors name the type of.
func (s *scanner) scanValue(st wirecore.Step, at, depth int, g *goType, rv reflect.Value, o elemOpts, dst any) (int, error) {
	if err := g.decodeErr(); err != nil && o.ext == 0 {
		return 0, s.fail(at, ErrUnsupportedType, err.Error())
	}
	if st == wirecore.StepNull || s.in[at] == byte(types.CodeNull) {
		next := at + 1
		if st == wirecore.StepNull {
			next = at + 2
		}
		switch {
		case g.rule == rulePointer, g.rule == ruleAny && !o.desc:
			rv.SetZero()
			return next, nil
		case g.rule == ruleAny: // a nil pointer is a plain null, desc or not; an any's null is a value, written desc(nil)
			return 0, s.fail(at, ErrWrongType, fmt.Sprintf("a null element is not descending: a desc field of %v holds nil as desc(nil)", reflect.TypeOf(dst)))
		}
		return 0, s.fail(at, ErrWrongType, fmt.Sprintf("a null element cannot go into %v", reflect.TypeOf(dst)))
	}
	if g.rule == rulePointer {
		nv := reflect.New(g.elem.t)
		end, err := s.scanValue(wirecore.StepElem, at, depth, g.elem, nv.Elem(), o, dst)
		if err == nil {
			rv.Set(nv)
		}
		return end, err
	}
	switch {
	case o.desc: // before ext: the extension's element, inverted
		inner := o
		inner.desc = false
		return s.descended(at, dst, func(in *scanner) (int, error) {
			return in.scanValue(wirecore.StepElem, 0, depth, g, rv, inner, dst)
		})
	case o.ext != 0:
		return s.scanExt(at, depth, rv, o.ext, dst)
	}
	return s.scanRule(at, depth, g, rv, o, dst)
}

// scanRule scans a non-null element into rv by its type's rule.
func (s *scanner) scanRule(at, depth int, g *goType, rv reflect.Value, o elemOpts, dst any) (int, error) {
	in := s.in
	if g.rule == ruleString && o.asBytes {
		return s.bytes(at, dst, func(b []byte) { rv.SetString(string(b)) })
	}
	if g.rule == ruleDuration && unitOr(o.unit) != 1 {
		return s.integer(at, dst, func(iv wirecore.IntValue) bool {
			v, ok := iv.Int64()
			if ok {
				v, ok = durationOf(v, o.unit)
			}
			if ok {
				rv.SetInt(v)
			}
			return ok
		})
	}
	if end, ok, err := s.scanScalar(at, depth, g.rule, rv, dst); ok {
		return end, err
	}
	switch g.rule {
	case ruleBigInt:
		return s.integer(at, dst, func(iv wirecore.IntValue) bool {
			v := iv.Big
			if v == nil {
				if v = new(big.Int).SetUint64(iv.Mag); iv.Neg {
					v.Neg(v)
				}
			}
			rv.Set(reflect.ValueOf(v).Elem())
			return true
		})
	case ruleTime:
		return s.integer(at, dst, func(iv wirecore.IntValue) bool {
			t, ok := timeOf(iv, o.unit)
			if ok {
				rv.Set(reflect.ValueOf(t))
			}
			return ok
		})
	case ruleFloat32:
		var f float32
		end, err := s.one(&f, at, depth)
		if err == nil { // through a *float32, bit for bit
			*rv.Addr().Convert(float32PtrType).Interface().(*float32) = f
		}
		return end, err
	case ruleVersionstamp:
		end, err := s.fixed(at, types.CodeVersionstamp, dst)
		if err == nil {
			rv.Set(reflect.ValueOf(wirecore.DecodeVersionstamp(in[at+1 : end])))
		}
		return end, err
	case ruleTuple:
		if types.Code(in[at]) != types.CodeNested {
			return 0, s.wrongKind(at, dst)
		}
		v, end, err := s.element(at, depth)
		if err == nil {
			rv.Set(reflect.ValueOf(v).Convert(rv.Type()))
		}
		return end, err
	case ruleAny:
		v, end, err := s.element(at, depth)
		if err == nil {
			rv.Set(reflect.ValueOf(v))
		}
		return end, err
	case ruleCustom:
		return s.custom(at, depth, rv.Addr().Interface().(ElementScanner).ScanTupleElement)
	case ruleStruct:
		if types.Code(in[at]) != types.CodeNested {
			return 0, s.wrongKind(at, dst)
		}
		if depth >= wirecore.MaxDepth {
			return 0, s.fault(wirecore.FaultAt(at, wirecore.FaultTooDeep))
		}
		return s.structFields(wirecore.NestedLevel(at), depth+1, g.lay, rv)
	}
	return 0, s.fail(at, ErrUnsupportedType, fmt.Sprintf("cannot scan into %v", reflect.TypeOf(dst)))
}

// element decodes the element at in[at] into the value Unpack gives it,
// with the scanner's codec, leniency and depth.
func (s *scanner) element(at, depth int) (any, int, error) {
	var d decoder
	d.start(s.codec, s.in)
	var v any
	end, f := d.element(&v, at, depth)
	if f.Failed() {
		return nil, 0, d.error(f)
	}
	return v, end, nil
}

// scanExt scans a value of the codec's extension for code into rv.
func (s *scanner) scanExt(at, depth int, rv reflect.Value, code types.Code, dst any) (int, error) {
	if types.Code(s.in[at]) != code {
		return 0, s.wrongKind(at, dst)
	}
	var v any
	end, err := s.one(&v, at, depth)
	if err != nil {
		return 0, err
	}
	if vv := reflect.ValueOf(v); vv.Type().AssignableTo(rv.Type()) {
		rv.Set(vv)
		return end, nil
	}
	return 0, s.fail(at, ErrWrongType, fmt.Sprintf("a %T value cannot go into %v", v, rv.Type()))
}

// scanScalar scans the element at in[pos] into e by the rows that
// reflect's setters fill, which keep a Scan destination on the stack:
// strings, byte strings, integers, booleans, float64s and UUIDs. It is
// the one reader of those rows for Scan and for a plan's fields; ok is
// false for the other rows.
func (s *scanner) scanScalar(pos, depth int, r rule, e reflect.Value, dst any) (end int, ok bool, err error) {
	switch r {
	case ruleString:
		v, end, err := s.string(pos, dst)
		if err == nil {
			e.SetString(v)
		}
		return end, true, err
	case ruleBytes:
		end, err := s.bytes(pos, dst, func(v []byte) { e.SetBytes(v) })
		return end, true, err
	case ruleInt, ruleDuration: // a duration in its default unit, ns
		end, err := s.integer(pos, dst, func(iv wirecore.IntValue) bool {
			v, ok := iv.Int64()
			if ok = ok && !e.OverflowInt(v); ok {
				e.SetInt(v)
			}
			return ok
		})
		return end, true, err
	case ruleUint:
		end, err := s.integer(pos, dst, func(iv wirecore.IntValue) bool {
			ok := iv.Big == nil && !iv.Neg && !e.OverflowUint(iv.Mag)
			if ok {
				e.SetUint(iv.Mag)
			}
			return ok
		})
		return end, true, err
	case ruleBool:
		var b bool
		end, err := s.one(&b, pos, depth)
		if err == nil {
			e.SetBool(b)
		}
		return end, true, err
	case ruleFloat64:
		var f float64
		end, err := s.one(&f, pos, depth)
		if err == nil {
			e.SetFloat(f)
		}
		return end, true, err
	case ruleUUID:
		end, err := s.fixed(pos, types.CodeUUID, dst)
		if err == nil {
			copy(e.Bytes(), s.in[pos+1:end]) // the array itself, of any byte type
		}
		return end, true, err
	}
	return 0, false, nil
}
