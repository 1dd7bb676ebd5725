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
func Decimal() *rapid.Generator[decimal.Decimal] {
	return rapid.Custom(func(t *rapid.T) decimal.Decimal {
		digits := rapid.StringOfN(rapid.RuneFrom([]rune("0123456789")), 1, 40, -1).Draw(t, "digits")
		coef, _ := new(big.Int).SetString(digits, 10)
		if rapid.Bool().Draw(t, "negative") {
			coef.Neg(coef)
		}
		exp := rapid.OneOf(rapid.Int32Range(-20, 20), rapid.Int32Range(-175, 140), rapid.Int32Range(-2000, 2000),
			rapid.Int32Range(math.MaxInt32-50, math.MaxInt32), rapid.Int32Range(math.MinInt32, math.MinInt32+50)).Draw(t, "exponent")
		return decimal.NewFromBigInt(coef, exp)
	})
}
