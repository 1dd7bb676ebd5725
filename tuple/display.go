package tuple

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// String returns t in the official Go binding's display form, character
// for character, so that logs and tests written against that binding read
// the same: (b"hello", "world", 42, <nil>, UUID(1100aabb-...),
// Versionstamp(\x00...\xdd, 620), ("nested")). It is not exact (a float64
// 1 prints as 1, a byte string's quote is not escaped); Text prints the
// exact form, and Parse reads both.
func (t Tuple) String() string {
	var b strings.Builder
	writeDisplay(&b, t, 0)
	return b.String()
}

func writeDisplay(b *strings.Builder, t Tuple, depth int) {
	if depth > MaxDepth { // only a cyclic tuple gets here; the official binding overflows its stack
		b.WriteString("(...)")
		return
	}
	b.WriteByte('(')
	for i, v := range t {
		if i > 0 {
			b.WriteString(", ")
		}
		switch v := v.(type) {
		case Tuple:
			writeDisplay(b, v, depth+1)
		case nil:
			b.WriteString("<nil>")
		case string:
			b.WriteString(strconv.Quote(v))
		case UUID:
			b.WriteString("UUID(" + v.String() + ")")
		case []byte:
			b.WriteString(`b"` + fdb.Printable(v) + `"`)
		case Versionstamp:
			fmt.Fprintf(b, "Versionstamp(%s, %d)", fdb.Printable(v.TransactionVersion[:]), v.UserVersion)
		default:
			fmt.Fprintf(b, "%v", v)
		}
	}
	b.WriteByte(')')
}
