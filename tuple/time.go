package tuple

// time.Time and time.Duration as plain integer elements, which every
// binding reads: a time is its nanoseconds since the Unix epoch (UTC),
// exact for every time.Time (a big integer element beyond int64, that is
// before 1678 or after 2262), and decodes as a UTC time; a duration is its
// nanoseconds. A plan's field may take a coarser unit (unit=us, ms or s),
// in which a value that is not a whole number of units is ErrInexact,
// never rounded. Integer order is time order, so keys sort by time.

import (
	"math"
	"math/big"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// timeValue is the Go type of the time rule.
type timeValue = time.Time

// unixToInternal is the seconds from year 1 to the Unix epoch, which
// time.Time adds to a Unix time: a Unix second past
// math.MaxInt64-unixToInternal has no time.Time.
const unixToInternal = 62135596800

var unixEpoch = time.Unix(0, 0)

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

// intOf and bigIntValue make an wirecore.IntValue of v.
func intOf(v int64) wirecore.IntValue {
	if v < 0 {
		return wirecore.IntValue{Mag: uint64(-v), Neg: true} // -MinInt64 wraps to its magnitude
	}
	return wirecore.IntValue{Mag: uint64(v)}
}

func bigIntValue(v *big.Int) wirecore.IntValue {
	if v.IsInt64() {
		return intOf(v.Int64())
	}
	if v.IsUint64() {
		return wirecore.IntValue{Mag: v.Uint64()}
	}
	return wirecore.IntValue{Big: v, Neg: v.Sign() < 0}
}

// appendIntValue appends an integer of any size.
func appendIntValue(dst []byte, iv wirecore.IntValue) ([]byte, error) {
	switch {
	case iv.Big != nil:
		return tuplewire.AppendBigInt(dst, iv.Big)
	case iv.Neg:
		if v, ok := iv.Int64(); ok {
			return tuplewire.AppendInt(dst, v), nil
		}
		return tuplewire.AppendBigInt(dst, new(big.Int).Neg(new(big.Int).SetUint64(iv.Mag)))
	}
	return tuplewire.AppendUint(dst, iv.Mag), nil
}
