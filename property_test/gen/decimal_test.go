package gen_test

import (
	"testing"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"pgregory.net/rapid"
)

// TestDecimalIn: every exponent drawn lies in the range asked for, also
// a range without small exponents.
func TestDecimalIn(t *testing.T) {
	for _, r := range [][2]int32{{-175, 140}, {0, 0}, {100, 200}, {-300, -250}} {
		rapid.Check(t, func(t *rapid.T) {
			d := gen.DecimalIn(r[0], r[1]).Draw(t, "d")
			if e := d.Exponent(); e < r[0] || e > r[1] {
				t.Fatalf("DecimalIn(%d, %d) drew %s, exponent %d", r[0], r[1], d, e)
			}
		})
	}
}
