package tuple

// Reading one element into a Go variable by its type's entry in the type
// table: the one decoder of every type the fast paths of Scan and the
// plans leave out, and of every option a plan's tag adds.

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"reflect"

	"github.com/fdbtuple/fdbtuple/types"
)

// scanValue scans the element at in[at] (a nested null when st is
// stepNull) into rv, a settable variable of g's type, and returns the
// offset after it. dst is what errors name the type of.
func (s *scanner) scanValue(st step, at, depth int, g *goType, rv reflect.Value, o elemOpts, dst any) (int, error) {
	if err := g.decodeErr(); err != nil && o.ext == 0 {
		return 0, s.fail(at, ErrUnsupportedType, err.Error())
	}
	if st == stepNull || s.in[at] == byte(types.CodeNull) {
		next := at + 1
		if st == stepNull {
			next = at + 2
		}
		if g.rule == rulePointer || g.rule == ruleAny {
			rv.SetZero()
			return next, nil
		}
		return 0, s.fail(at, ErrWrongType, fmt.Sprintf("a null element cannot go into %v", reflect.TypeOf(dst)))
	}
	if g.rule == rulePointer {
		nv := reflect.New(g.elem.t)
		end, err := s.scanValue(stepElem, at, depth, g.elem, nv.Elem(), o, dst)
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
			return in.scanValue(stepElem, 0, depth, g, rv, inner, dst)
		})
	case o.ext != 0:
		return s.scanExt(at, depth, rv, o.ext, dst)
	}
	return s.scanRule(at, depth, g, rv, o, dst)
}

// scanRule scans a non-null element into rv by its type's rule.
func (s *scanner) scanRule(at, depth int, g *goType, rv reflect.Value, o elemOpts, dst any) (int, error) {
	in := s.in
	switch g.rule {
	case ruleString, ruleBytes, ruleInt, ruleUint, ruleBool, ruleFloat64, ruleUUID:
		return s.scalar(at, g.rule, o.asBytes, rv, dst)
	case ruleDuration:
		return s.integer(at, dst, func(iv intValue) bool {
			v, ok := iv.int64()
			if ok {
				v, ok = durationOf(v, o.unit)
			}
			if ok {
				rv.SetInt(v)
			}
			return ok
		})
	case ruleBigInt:
		return s.integer(at, dst, func(iv intValue) bool {
			v := iv.big
			if v == nil {
				if v = new(big.Int).SetUint64(iv.mag); iv.neg {
					v.Neg(v)
				}
			}
			rv.Set(reflect.ValueOf(v).Elem())
			return true
		})
	case ruleTime:
		return s.integer(at, dst, func(iv intValue) bool {
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
			rv.Set(reflect.ValueOf(decodeVersionstamp(in[at+1 : end])))
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
		end, err := s.skip(at, depth)
		if err != nil {
			return 0, err
		}
		if err := rv.Addr().Interface().(ElementScanner).ScanTupleElement(in[at:end]); err != nil {
			return 0, s.shifted(err, at)
		}
		return end, nil
	case ruleStruct:
		if types.Code(in[at]) != types.CodeNested {
			return 0, s.wrongKind(at, dst)
		}
		if depth >= MaxDepth {
			return 0, s.fault(fault{at, faultTooDeep})
		}
		return s.structFields(nestedLevel(at), depth+1, g.lay, rv)
	}
	return 0, s.fail(at, ErrUnsupportedType, fmt.Sprintf("cannot scan into %v", reflect.TypeOf(dst)))
}

// scalar scans the element at in[at] into rv, a settable variable of a
// plain row of the table (a string, possibly as bytes, byte string,
// integer, boolean, float64 or UUID), with reflect's typed setters only:
// they do not make the struct rv is a field of escape, so that a direct
// plan's (plan_direct.go) stays where its caller declared it. dst is what
// errors name the type of.
func (s *scanner) scalar(at int, r rule, asBytes bool, rv reflect.Value, dst any) (int, error) {
	in := s.in
	switch r {
	case ruleString:
		if asBytes {
			return s.bytes(at, dst, func(b []byte) { rv.SetString(string(b)) })
		}
		v, end, err := s.string(at, dst)
		if err == nil {
			rv.SetString(v)
		}
		return end, err
	case ruleBytes:
		return s.bytes(at, dst, func(b []byte) { rv.SetBytes(b) })
	case ruleInt:
		return s.integer(at, dst, func(iv intValue) bool {
			v, ok := iv.int64()
			if ok = ok && !rv.OverflowInt(v); ok {
				rv.SetInt(v)
			}
			return ok
		})
	case ruleUint:
		return s.integer(at, dst, func(iv intValue) bool {
			ok := iv.big == nil && !iv.neg && !rv.OverflowUint(iv.mag)
			if ok {
				rv.SetUint(iv.mag)
			}
			return ok
		})
	case ruleBool:
		if c := types.Code(in[at]); c != types.CodeFalse && c != types.CodeTrue {
			return 0, s.wrongKind(at, dst)
		}
		rv.SetBool(types.Code(in[at]) == types.CodeTrue)
		return at + 1, nil
	case ruleFloat64:
		end, err := s.fixed(at, types.CodeFloat64, dst)
		if err == nil {
			rv.SetFloat(decodeFloat64(binary.BigEndian.Uint64(in[at+1:])))
		}
		return end, err
	case ruleUUID:
		end, err := s.fixed(at, types.CodeUUID, dst)
		if err == nil {
			copy(rv.Bytes(), in[at+1:end]) // the array itself, of any byte type
		}
		return end, err
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
	if f.failed() {
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
