package tuple

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
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
	if depth > wirecore.MaxDepth { // only a cyclic tuple gets here; the official binding overflows its stack
		b.WriteString("(...)")
		return
	}
	b.WriteByte('(')
	for i, v := range t {
		if i > 0 {
			b.WriteString(", ")
		}
		writeDisplayElement(b, v, depth)
	}
	b.WriteByte(')')
}

// writeDisplayElement writes one element of a tuple at depth.
func writeDisplayElement(b *strings.Builder, v any, depth int) {
	switch v := v.(type) {
	case Tuple:
		writeDisplay(b, v, depth+1)
	case Desc: // as the text form writes it; the official binding has no Desc
		b.WriteString("desc(")
		writeDisplayElement(b, v.V, depth+1)
		b.WriteByte(')')
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

// Format makes the fmt verbs print what a user expects of a key: %v and
// %s print String (the official display, as fmt did for the official
// Tuple), %+v the exact text form (Text), %q String quoted, %#v GoString,
// and %x and %X the packed key in hex, with fmt's flags (% x spaces the
// bytes). A tuple that cannot be packed prints %!x(error) for %x.
func (t Tuple) Format(f fmt.State, verb rune) {
	switch verb {
	case 'v':
		switch {
		case f.Flag('#'):
			fmt.Fprint(f, t.GoString())
		case f.Flag('+'):
			fmt.Fprintf(f, fmt.FormatString(f, 's'), t.Text())
		default:
			fmt.Fprintf(f, fmt.FormatString(f, 's'), t.String())
		}
	case 's', 'q':
		fmt.Fprintf(f, fmt.FormatString(f, verb), t.String())
	case 'x', 'X':
		key, err := packAfter(nil, t, true)
		if err != nil {
			fmt.Fprintf(f, "%%!%c(%v)", verb, err)
			return
		}
		fmt.Fprintf(f, fmt.FormatString(f, verb), key)
	default:
		fmt.Fprintf(f, "%%!%c(tuple.Tuple=%s)", verb, t.String())
	}
}
