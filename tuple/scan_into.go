package tuple

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"reflect"
	"time"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// one scans the element at in[pos] into d and returns the offset after
// it. It holds the commonest destinations of keys, so that it stays small
// (a large function spills more at every call); rare passes on the rest.
func (s *scanner) one(d any, pos, depth int) (int, error) {
	in := s.in
	if in[pos] == 0x00 && d != nil { // a top-level null
		return pos + 1, s.null(d, pos)
	}
	switch p := d.(type) {
	case *string:
		if end, ascii := wirecore.ShortEndASCII(in, pos+1); ascii && in[pos] == byte(types.CodeString) {
			// The common string (short, ASCII, no escaped zero; ascii
			// only where its end is found), inlined: a call to string
			// costs more than the copy.
			*p = s.keep(pos, end)
			return end + 1, nil
		}
		v, end, err := s.string(pos, d)
		if err == nil {
			*p = v
		}
		return end, err
	case *int64:
		return scanSigned(s, p, pos, d)
	case *int:
		return scanSigned(s, p, pos, d)
	case *UUID:
		end, err := s.fixed(pos, types.CodeUUID, d)
		if err == nil {
			copy(p[:], in[pos+1:end])
		}
		return end, err
	case Constant: // commonly a kind such as "user"
		if c, ok := p.v.(string); ok {
			// The common constant: short ASCII, matched as it stands (a
			// string that is not ASCII is checked by constant, UTF-8 and
			// all).
			if end, ascii := wirecore.ShortEndASCII(in, pos+1); ascii && in[pos] == byte(types.CodeString) && string(in[pos+1:end]) == c {
				return end + 1, nil
			}
		}
		return s.constant(p.v, pos, depth)
	}
	return s.rare(d, pos, depth)
}

// rare scans into the destinations one does not hold.
func (s *scanner) rare(d any, pos, depth int) (int, error) {
	in := s.in
	switch p := d.(type) {
	case nil:
		return s.skip(pos, depth)
	case *uint64:
		return scanUnsigned(s, p, pos, d)
	case *int32:
		return scanSigned(s, p, pos, d)
	case *uint32:
		return scanUnsigned(s, p, pos, d)
	case *[]byte:
		return s.bytes(pos, d, func(v []byte) { *p = v })
	case *float64:
		end, err := s.fixed(pos, types.CodeFloat64, d)
		if err == nil {
			*p = wirecore.DecodeFloat64(binary.BigEndian.Uint64(in[pos+1:]))
		}
		return end, err
	case *float32:
		end, err := s.fixed(pos, types.CodeFloat32, d)
		if err == nil {
			*p = wirecore.DecodeFloat32(binary.BigEndian.Uint32(in[pos+1:]))
		}
		return end, err
	case *bool:
		if c := types.Code(in[pos]); c != types.CodeFalse && c != types.CodeTrue {
			return 0, s.wrongKind(pos, d)
		}
		*p = types.Code(in[pos]) == types.CodeTrue
		return pos + 1, nil
	case *Versionstamp:
		end, err := s.fixed(pos, types.CodeVersionstamp, d)
		if err == nil {
			*p = wirecore.DecodeVersionstamp(in[pos+1 : end])
		}
		return end, err
	case []any:
		if types.Code(in[pos]) != types.CodeNested {
			return 0, s.wrongKind(pos, d)
		}
		if depth >= wirecore.MaxDepth {
			return 0, s.fault(wirecore.FaultAt(pos, wirecore.FaultTooDeep))
		}
		return s.tuple(wirecore.NestedLevel(pos), depth+1, p)
	case Hook:
		return s.hook(pos, depth, p)
	case Desc:
		return s.desc(pos, depth, p)
	case *big.Int:
		return s.integer(pos, d, func(iv wirecore.IntValue) bool {
			v := iv.Big
			if v == nil {
				if v = new(big.Int).SetUint64(iv.Mag); iv.Neg {
					v.Neg(v)
				}
			}
			// A store, not p.Set: reusing p's memory would make every
			// destination of every Scan call escape to the heap.
			*p = *v
			return true
		})
	case *Tuple:
		if types.Code(in[pos]) != types.CodeNested {
			return 0, s.wrongKind(pos, d)
		}
		v, end, err := s.element(pos, depth)
		if err == nil {
			*p = v.(Tuple)
		}
		return end, err
	case *any:
		v, end, err := s.element(pos, depth)
		if err == nil {
			*p = v
		}
		return end, err
	case *time.Time:
		return s.integer(pos, d, func(iv wirecore.IntValue) bool {
			t, ok := timeOf(iv, 1)
			if ok {
				*p = t
			}
			return ok
		})
	}
	if end, ok, err := s.nullable(d, pos, depth); ok {
		return end, err
	}
	return s.reflected(d, pos, depth)
}

// nullable scans a non-null element into a **T destination of a standard
// type of the table: a new T, its address stored in *p. It is the one
// **T path, one generic function; the list names the types because a
// pointer can be stored into the caller's variable without moving it to
// the heap only by a typed store (reflect's Set would move every
// destination of every Scan there). A **T of a named type is a Plan's.
func (s *scanner) nullable(d any, pos, depth int) (int, bool, error) {
	switch p := d.(type) {
	case **string:
		return nullable(s, p, pos, depth)
	case **[]byte:
		return nullable(s, p, pos, depth)
	case **int:
		return nullable(s, p, pos, depth)
	case **int8:
		return nullable(s, p, pos, depth)
	case **int16:
		return nullable(s, p, pos, depth)
	case **int32:
		return nullable(s, p, pos, depth)
	case **int64:
		return nullable(s, p, pos, depth)
	case **uint:
		return nullable(s, p, pos, depth)
	case **uint8:
		return nullable(s, p, pos, depth)
	case **uint16:
		return nullable(s, p, pos, depth)
	case **uint32:
		return nullable(s, p, pos, depth)
	case **uint64:
		return nullable(s, p, pos, depth)
	case **float32:
		return nullable(s, p, pos, depth)
	case **float64:
		return nullable(s, p, pos, depth)
	case **bool:
		return nullable(s, p, pos, depth)
	case **UUID:
		return nullable(s, p, pos, depth)
	case **[16]byte:
		return nullable(s, p, pos, depth)
	case **big.Int:
		return nullable(s, p, pos, depth)
	case **Versionstamp:
		return nullable(s, p, pos, depth)
	case **Tuple:
		return nullable(s, p, pos, depth)
	case **any:
		return nullable(s, p, pos, depth)
	case **time.Time:
		return nullable(s, p, pos, depth)
	case **time.Duration:
		return nullable(s, p, pos, depth)
	}
	return 0, false, nil
}

func nullable[T any](s *scanner, p **T, pos, depth int) (int, bool, error) {
	v := new(T)
	end, err := s.one(v, pos, depth)
	if err == nil {
		*p = v
	}
	return end, true, err
}

// integer decodes the integer at in[pos] and hands it to set, which
// reports whether it fits the destination d.
func (s *scanner) integer(pos int, dst any, set func(wirecore.IntValue) bool) (int, error) {
	if types.Code(s.in[pos]).Kind() != types.KindInt {
		return 0, s.wrongKind(pos, dst)
	}
	iv, end, f := wirecore.ReadInt(s.in, pos, s.lenient)
	if f.Failed() {
		return 0, s.fault(f)
	}
	if !set(iv) {
		return 0, s.fail(pos, ErrOutOfRange, fmt.Sprintf("the value does not fit in %v", reflect.TypeOf(dst)))
	}
	return end, nil
}

// scanSigned and scanUnsigned scan an integer into *p: a minimal
// fixed-size one that fits without a call, anything else (big, padded,
// not an integer, out of range) through integer and its errors.
func scanSigned[T ~int | ~int8 | ~int16 | ~int32 | ~int64](s *scanner, p *T, pos int, dst any) (int, error) {
	if iv, n, ok := wirecore.FixedInt(s.in[pos:]); ok && iv.Big == nil {
		if v, ok := iv.Int64(); ok && int64(T(v)) == v {
			*p = T(v)
			return pos + n, nil
		}
	}
	return s.integer(pos, dst, func(iv wirecore.IntValue) bool { return setSigned(p, iv) })
}

func scanUnsigned[T ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr](s *scanner, p *T, pos int, dst any) (int, error) {
	if iv, n, ok := wirecore.FixedInt(s.in[pos:]); ok && !iv.Neg && uint64(T(iv.Mag)) == iv.Mag {
		*p = T(iv.Mag)
		return pos + n, nil
	}
	return s.integer(pos, dst, func(iv wirecore.IntValue) bool { return setUnsigned(p, iv) })
}

func setSigned[T ~int | ~int8 | ~int16 | ~int32 | ~int64](p *T, iv wirecore.IntValue) bool {
	v, ok := iv.Int64()
	if !ok || int64(T(v)) != v {
		return false
	}
	*p = T(v)
	return true
}

func setUnsigned[T ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr](p *T, iv wirecore.IntValue) bool {
	if iv.Big != nil || iv.Neg || uint64(T(iv.Mag)) != iv.Mag {
		return false
	}
	*p = T(iv.Mag)
	return true
}

// fixed checks that in[pos] is a whole element of code and returns its end.
func (s *scanner) fixed(pos int, code types.Code, dst any) (int, error) {
	if types.Code(s.in[pos]) != code {
		return 0, s.wrongKind(pos, dst)
	}
	n := wirecore.FixedSize(byte(code))
	if n > len(s.in)-pos {
		return 0, s.fault(wirecore.FaultAt(pos, wirecore.FaultShort))
	}
	return pos + n, nil
}

// string decodes the string at in[pos] into the scanner's text, for
// the destination dst (named in errors).
func (s *scanner) string(pos int, dst any) (string, int, error) {
	if types.Code(s.in[pos]) != types.CodeString {
		return "", 0, s.wrongKind(pos, dst)
	}
	end, ascii := wirecore.ShortEndASCII(s.in, pos+1)
	next, esc := end+1, 0
	if end < 0 {
		var f wirecore.Fault
		if end, next, esc, f = wirecore.StringSpanLong(s.in, pos, s.lenient); f.Failed() {
			return "", 0, s.fault(f)
		}
	}
	var v string
	if esc == 0 {
		v = s.keep(pos, end)
	} else {
		s.growText(pos)
		start := s.text.Len()
		wirecore.WriteUnescaped(&s.text, s.in[:end], pos+1)
		v = s.text.String()[start:]
	}
	if !ascii && !s.codec.AllowInvalidUTF8 && !utf8.ValidString(v) {
		return "", 0, s.fault(wirecore.FaultAt(pos, wirecore.FaultUTF8))
	}
	return v, next, nil
}

// keep returns a string of the content in[pos+1:end] of the string
// element at in[pos], written into the scanner's one allocation for
// strings.
func (s *scanner) keep(pos, end int) string {
	s.growText(pos)
	start := s.text.Len()
	s.text.Write(s.in[pos+1 : end])
	return s.text.String()[start:]
}

// growText makes the scanner's room for strings at the first string that
// does not wait, the one at in[pos]: textRoom, what the strings it reads
// hold from the first waiting string on, or from this one; the waiting
// strings move into it.
func (s *scanner) growText(pos int) {
	if s.text.Cap() == 0 {
		if s.nwaiting > 0 {
			pos = int(s.waiting[0].start) - 1 // the type code of the first waiting string
		}
		s.text.Grow(s.textRoom(pos))
		s.moveWaiting()
	}
}

// bytes decodes the byte string at in[pos] into new memory.
func (s *scanner) bytes(pos int, dst any, set func([]byte)) (int, error) {
	if types.Code(s.in[pos]) != types.CodeBytes {
		return 0, s.wrongKind(pos, dst)
	}
	end, next, esc, f := wirecore.StringSpan(s.in, pos, s.lenient)
	if f.Failed() {
		return 0, s.fault(f)
	}
	raw := s.in[pos+1 : end]
	set(wirecore.Unescaped(make([]byte, 0, len(raw)-esc), raw, esc))
	return next, nil
}

// skip frames the element at in[pos] for a nil destination.
func (s *scanner) skip(pos, depth int) (int, error) {
	end, f := s.frame(pos, depth)
	if f.Failed() {
		return 0, s.fault(f)
	}
	return end, nil
}
