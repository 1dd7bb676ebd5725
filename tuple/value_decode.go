package tuple

// Reading one element into a Go variable by its type's entry in the type
// table: the one decoder of every type the fast paths of Scan and the
// plans leave out, and of every option a plan's tag adds.

import (
	"fmt"
	"reflect"

	"github.com/fdbtuple/fdbtuple/types"
)

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
