package tuple

// time.Time and time.Duration as plain integer elements, which every
// binding reads: a time is its nanoseconds since the Unix epoch (UTC),
// exact for every time.Time (a big integer element beyond int64, that is
// before 1678 or after 2262), and decodes as a UTC time; a duration is its
// nanoseconds. A plan's field may take a coarser unit (unit=us, ms or s),
// in which a value that is not a whole number of units is ErrInexact,
// never rounded. Integer order is time order, so keys sort by time.
//
// Both ways, for every caller: the dispatchers' arms (value.go), Scan's
// *time.Time, AppendElems's time.Time, and AppendTime, ConsumeTime,
// AppendDuration and ConsumeDuration, which generated codecs call. A
// plan's unit= tag is read by tuple/internal/keytag into the field's
// unit.

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// The rows' facts (gotype.go's row), which rows (value.go) lists: an
// integer in the field's unit.
var (
	timeRow     = row{types: []reflect.Type{timeType}, schema: func(_ *goType, u unit) string { return schematext.Time(unitOr(u).String()) }, reads: kinds(types.KindInt)}
	durationRow = row{types: []reflect.Type{durationType}, schema: func(_ *goType, u unit) string { return schematext.Duration(unitOr(u).String()) }, reads: kinds(types.KindInt)}
)

// timeValue is the Go type of the time rule.
type timeValue = time.Time

// unixToInternal is the seconds from year 1 to the Unix epoch, which
// time.Time adds to a Unix time: a Unix second past
// math.MaxInt64-unixToInternal has no time.Time.
const unixToInternal = 62135596800

var unixEpoch = time.Unix(0, 0)

// A unit is the number of nanoseconds in one unit of a time or duration
// field: 1 (ns, the default), 1e3 (us), 1e6 (ms) or 1e9 (s).
type unit int64

func (u unit) String() string { return schematext.UnitName(int64(u)) }

func unitOr(u unit) unit {
	if u == 0 {
		return 1
	}
	return u
}

// timeIn returns t in units since the Unix epoch.
func timeIn(t time.Time, u unit) (wirecore.IntValue, error) {
	u = unitOr(u)
	sec, nsec := t.Unix(), int64(t.Nanosecond())
	if sec > 0 && t.Before(unixEpoch) { // Unix() wrapped: no such second
		return wirecore.IntValue{}, ErrOutOfRange
	}
	if nsec%int64(u) != 0 {
		return wirecore.IntValue{}, ErrInexact
	}
	perSec := int64(1e9) / int64(u)
	frac := nsec / int64(u)
	if sec > math.MinInt64/perSec+1 && sec < math.MaxInt64/perSec-1 {
		return intOf(sec*perSec + frac), nil
	}
	v := new(big.Int).Mul(big.NewInt(sec), big.NewInt(perSec))
	return bigIntValue(v.Add(v, big.NewInt(frac))), nil
}

// timeOf is the UTC time iv units after the Unix epoch.
func timeOf(iv wirecore.IntValue, u unit) (time.Time, bool) {
	u = unitOr(u)
	perSec := int64(1e9) / int64(u)
	if v, ok := iv.Int64(); ok {
		sec, rem := v/perSec, v%perSec
		if rem < 0 {
			sec, rem = sec-1, rem+perSec
		}
		return time.Unix(sec, rem*int64(u)).UTC(), sec <= math.MaxInt64-unixToInternal
	}
	b := iv.Big
	if b == nil { // a magnitude of 2^63 to 2^64-1
		if b = new(big.Int).SetUint64(iv.Mag); iv.Neg {
			b.Neg(b)
		}
	}
	sec, rem := new(big.Int).DivMod(b, big.NewInt(perSec), new(big.Int)) // rem >= 0
	if !sec.IsInt64() || sec.Int64() > math.MaxInt64-unixToInternal {
		return time.Time{}, false
	}
	return time.Unix(sec.Int64(), rem.Int64()*int64(u)).UTC(), true
}

// durationIn returns d in units.
func durationIn(d int64, u unit) (int64, error) {
	u = unitOr(u)
	if d%int64(u) != 0 {
		return 0, ErrInexact
	}
	return d / int64(u), nil
}

// durationOf is n units as nanoseconds, if it fits.
func durationOf(n int64, u unit) (int64, bool) {
	u = unitOr(u)
	if n > math.MaxInt64/int64(u) || n < math.MinInt64/int64(u) {
		return 0, false
	}
	return n * int64(u), true
}

// unitError is the *EncodeError of a value of type typ (a time.Time or a
// duration) that timeIn or durationIn refused in unit u: an inexact
// one's detail names the unit and how to make the value whole.
func unitError(typ reflect.Type, err error, u unit) *EncodeError {
	e := &EncodeError{Type: typ, Err: err}
	if err == ErrInexact {
		v := "t"
		if typ.Kind() == reflect.Int64 {
			v = "d"
		}
		e.Detail = fmt.Sprintf("the unit is %v: truncate the value first, %s.Truncate(%s)", u, v, unitConst[u])
	}
	return e
}

// unitConst is the time package's constant of each unit.
var unitConst = map[unit]string{1: "time.Nanosecond", 1e3: "time.Microsecond", 1e6: "time.Millisecond", 1e9: "time.Second"}

// AppendTime appends t to dst as one integer element: the number of
// whole units from the Unix epoch to t (a big integer element beyond
// int64), the bytes a plan writes for a time.Time field with that unit.
// unit is time.Nanosecond (a field's default), time.Microsecond,
// time.Millisecond or time.Second; any other is an error.
//
// A t that is not a whole number of units is an *EncodeError wrapping
// ErrInexact: it is never rounded, so truncate it first
// (t.Truncate(time.Millisecond)) to store it coarser. A t with no Unix
// second (before year 1 by time.Time's reckoning, which wraps) is an
// *EncodeError wrapping ErrOutOfRange. On error dst is returned
// unchanged. Generated codecs (`fdbtuple gen`) write time fields with it.
func AppendTime(dst []byte, t time.Time, unit time.Duration) ([]byte, error) {
	u, err := unitOf(unit)
	if err != nil {
		return dst, err
	}
	iv, err := timeIn(t, u)
	if err != nil {
		return dst, unitError(timeType, err, u)
	}
	return appendIntValue(dst, iv)
}

// ConsumeTime decodes the integer element at the start of b, a number of
// units since the Unix epoch, as a UTC time, and returns the time and the
// element's length: what a plan reads for a time.Time field with that
// unit. unit is as for AppendTime. Errors are
// *DecodeErrors with offsets into b: an element of another kind is
// ErrWrongType (ErrInvalidCode for an unknown code), an integer past
// time.Time's range ErrOutOfRange.
func ConsumeTime(b []byte, unit time.Duration) (t time.Time, n int, err error) {
	u, err := unitOf(unit)
	if err != nil {
		return time.Time{}, 0, err
	}
	iv, n, err := consumeIntValue(b)
	if err != nil {
		return time.Time{}, 0, err
	}
	t, ok := timeOf(iv, u)
	if !ok {
		return time.Time{}, 0, &DecodeError{Code: types.Code(b[0]), Err: ErrOutOfRange, Detail: "the value does not fit in time.Time"}
	}
	return t, n, nil
}

// AppendDuration appends d to dst as one integer element: the number of
// whole units in d, the bytes a plan writes for a time.Duration field
// with that unit. unit is as for AppendTime. A d that is not a whole
// number of units is an *EncodeError wrapping ErrInexact: it is never
// rounded, so truncate it first (d.Truncate(time.Millisecond)). On error
// dst is returned unchanged.
func AppendDuration(dst []byte, d time.Duration, unit time.Duration) ([]byte, error) {
	u, err := unitOf(unit)
	if err != nil {
		return dst, err
	}
	n, err := durationIn(int64(d), u)
	if err != nil {
		return dst, unitError(durationType, err, u)
	}
	return tuplewire.AppendInt(dst, n), nil
}

// ConsumeDuration decodes the integer element at the start of b, a
// number of units, as a duration, and returns the duration and the
// element's length: what a plan reads for a time.Duration field with that
// unit. unit is as for AppendTime. Errors are
// *DecodeErrors with offsets into b: an element of another kind is
// ErrWrongType (ErrInvalidCode for an unknown code), a number of units
// past time.Duration's range ErrOutOfRange.
func ConsumeDuration(b []byte, unit time.Duration) (d time.Duration, n int, err error) {
	u, err := unitOf(unit)
	if err != nil {
		return 0, 0, err
	}
	v, n, err := tuplewire.ConsumeInt(b)
	if err != nil {
		return 0, 0, err
	}
	ns, ok := durationOf(v, u)
	if !ok {
		return 0, 0, &DecodeError{Code: types.Code(b[0]), Err: ErrOutOfRange, Detail: "the value does not fit in time.Duration"}
	}
	return time.Duration(ns), n, nil
}

// unitOf is the unit of a time.Duration of one unit, or the error of a
// duration that is none.
func unitOf(d time.Duration) (unit, error) {
	if _, ok := unitConst[unit(d)]; ok {
		return unit(d), nil
	}
	return 0, fmt.Errorf("tuple: unit %v: want time.Nanosecond, time.Microsecond, time.Millisecond or time.Second", d)
}

// consumeIntValue decodes the integer element at the start of b, of any
// size: without an allocation when it fits in an int64.
func consumeIntValue(b []byte) (wirecore.IntValue, int, error) {
	v, n, err := tuplewire.ConsumeInt(b)
	if err == nil {
		return intOf(v), n, nil
	}
	if !errors.Is(err, ErrOutOfRange) { // not an integer, or damaged
		return wirecore.IntValue{}, 0, err
	}
	bv, n, err := tuplewire.ConsumeBigInt(b)
	if err != nil {
		return wirecore.IntValue{}, 0, err
	}
	return bigIntValue(bv), n, nil
}

// appendTimeValue appends rv, a time.Time, in unit u (0: ns).
func appendTimeValue(dst []byte, g *goType, rv reflect.Value, u unit) ([]byte, error) {
	v, err := timeIn(timeFrom(rv), u)
	if err != nil {
		return dst, unitError(g.t, err, unitOr(u))
	}
	return appendIntValue(dst, v)
}

// timeFrom reads the time.Time rv holds through its address: a plan's
// field is addressable (reached through the caller's *T), and an address
// in an interface is one word, where Interface of the value itself copies
// its 24 bytes to the heap, one allocation per time field per key.
func timeFrom(rv reflect.Value) timeValue {
	return *addressable(rv).Addr().Interface().(*timeValue)
}

// appendDurationValue appends rv, a time.Duration, in unit u (0: ns).
func appendDurationValue(dst []byte, g *goType, rv reflect.Value, u unit) ([]byte, error) {
	n, err := durationIn(rv.Int(), u)
	if err != nil {
		return dst, unitError(g.t, err, unitOr(u))
	}
	return tuplewire.AppendInt(dst, n), nil
}

// appendLooseTime appends t in nanoseconds, for AppendElems.
func appendLooseTime(dst []byte, t time.Time) ([]byte, error) {
	iv, err := timeIn(t, 1)
	if err != nil {
		return dst, encodeError(t, err)
	}
	return appendIntValue(dst, iv)
}

// scanTimeValue reads the integer at in[pos], in unit u (0: ns), into
// rv, a time.Time.
func (s *scanner) scanTimeValue(pos int, rv reflect.Value, u unit, dst any) (int, error) {
	return s.integer(pos, dst, func(iv wirecore.IntValue) bool {
		t, ok := timeOf(iv, u)
		if ok {
			rv.Set(reflect.ValueOf(t))
		}
		return ok
	})
}

// scanDurationValue reads the integer at in[pos], in unit u (0: ns),
// into rv, a time.Duration: ErrOutOfRange past its nanoseconds.
func (s *scanner) scanDurationValue(pos int, rv reflect.Value, u unit, dst any) (int, error) {
	if unitOr(u) == 1 {
		return s.scanIntValue(pos, rv, dst)
	}
	return s.integer(pos, dst, func(iv wirecore.IntValue) bool {
		v, ok := iv.Int64()
		if ok {
			v, ok = durationOf(v, u)
		}
		if ok {
			rv.SetInt(v)
		}
		return ok
	})
}

// scanTime reads the integer at in[pos], in nanoseconds, into *p.
func (s *scanner) scanTime(p *time.Time, pos int, dst any) (int, error) {
	return s.integer(pos, dst, func(iv wirecore.IntValue) bool {
		t, ok := timeOf(iv, 1)
		if ok {
			*p = t
		}
		return ok
	})
}
