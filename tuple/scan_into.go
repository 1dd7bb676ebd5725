package tuple

import (
	"math/big"
	"time"

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
		return s.scanFloat64(p, pos, d)
	case *float32:
		return s.scanFloat32(p, pos, d)
	case *bool:
		return s.scanBool(p, pos, d)
	case *Versionstamp:
		return s.scanStamp(p, pos, d)
	case []any:
		return s.scanNested(p, pos, depth)
	case Hook:
		return s.hook(pos, depth, p)
	case Desc:
		return s.desc(pos, depth, p)
	case *big.Int:
		return s.scanBig(p, pos, d)
	case *Tuple:
		return s.scanTuple(p, pos, depth)
	case *any:
		return s.scanAny(p, pos, depth)
	case *time.Time:
		return s.scanTime(p, pos, d)
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

// skip frames the element at in[pos] for a nil destination.
func (s *scanner) skip(pos, depth int) (int, error) {
	end, f := s.frame(pos, depth)
	if f.Failed() {
		return 0, s.fault(f)
	}
	return end, nil
}
