package gen

import (
	"math"
	"math/big"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"
)

// Decimal generates decimals with up to 40 significant digits and
// exponents across and beyond DynamoDB's range (10^-130 to 10^126) and at
// both ends of decimal.Decimal's int32 exponent, both signs and zero,
// often with trailing zeros (1.50) and shared leading digits, so that
// canonical forms and near-equal orders are exercised.
//
// The exponents near ±2^31 are drawn by design: they are where an encoder
// of decimals breaks. They are also where decimal.Decimal is slow: Cmp,
// Equal or Sub of two values whose exponents lie far apart rescale one to
// the other's exponent, a number of up to 2^32 digits, and run for
// minutes. A property that
// compares decimals with those methods, or that only needs the values
// applications store, uses DecimalIn (DecimalIn(-175, 140) covers
// DynamoDB's range); a property that compares them through the tuple
// encoding (bytes.Compare of packed keys) can use Decimal.
func Decimal() *rapid.Generator[decimal.Decimal] {
	return decimals(rapid.OneOf(rapid.Int32Range(-20, 20), rapid.Int32Range(-175, 140), rapid.Int32Range(-2000, 2000),
		rapid.Int32Range(math.MaxInt32-50, math.MaxInt32), rapid.Int32Range(math.MinInt32, math.MinInt32+50)))
}

// DecimalIn generates decimals as Decimal does, with exponents from
// minExp to maxExp (inclusive; minExp <= maxExp), half of them from -20
// to 20 when the range holds such exponents: the everyday case, on which
// decimal.Decimal's methods are fast.
func DecimalIn(minExp, maxExp int32) *rapid.Generator[decimal.Decimal] {
	all := rapid.Int32Range(minExp, maxExp)
	lo, hi := max(minExp, -20), min(maxExp, 20)
	if lo > hi { // no small exponent in the range
		return decimals(all)
	}
	return decimals(rapid.OneOf(rapid.Int32Range(lo, hi), all))
}

// decimals draws a coefficient of 1 to 40 digits, a sign and an exponent.
func decimals(exponent *rapid.Generator[int32]) *rapid.Generator[decimal.Decimal] {
	return rapid.Custom(func(t *rapid.T) decimal.Decimal {
		digits := rapid.StringOfN(rapid.RuneFrom([]rune("0123456789")), 1, 40, -1).Draw(t, "digits")
		coef, _ := new(big.Int).SetString(digits, 10)
		if rapid.Bool().Draw(t, "negative") {
			coef.Neg(coef)
		}
		return decimal.NewFromBigInt(coef, exponent.Draw(t, "exponent"))
	})
}
