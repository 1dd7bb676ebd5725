package keyschema

import (
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
)

// TestEveryWordParses: every type that the schema grammar's vocabulary
// (tuple/internal/schematext, which Plan.Schema and tuplegen write with)
// spells is read by Parse as one kind, and written back by String as
// itself.
func TestEveryWordParses(t *testing.T) {
	words := append([]string(nil), schematext.Scalars...)
	for _, u := range schematext.Units {
		words = append(words, schematext.Time(u.Name), schematext.Duration(u.Name))
	}
	words = append(words, schematext.Ext(0x40), schematext.Ext(0x4f), schematext.Custom("pkg.T"), schematext.Custom("[2]pkg.T"))
	kinds := map[Kind]string{}
	for _, w := range words {
		text := "(F " + w + ", N " + schematext.Nullable + w + ")"
		s, err := Parse(text)
		if err != nil {
			t.Errorf("Parse(%s): %v", text, err)
			continue
		}
		if got := s.String(); got != text {
			t.Errorf("Parse(%s).String() = %s", text, got)
		}
		k := s.Items[0].Type.Kind
		if other, dup := kinds[k]; dup && k != KindTime && k != KindDuration && k != KindExt && k != KindCustom {
			t.Errorf("%s and %s are both kind %d", other, w, k)
		}
		kinds[k] = w
	}
	for _, code := range []byte{schematext.DefaultDescCode, 0x40} {
		var b strings.Builder
		b.WriteString("(D ")
		schematext.WriteDesc(&b, code, func() { b.WriteString(schematext.String) })
		b.WriteString(")")
		text := b.String()
		s, err := Parse(text)
		if err != nil || s.Items[0].Type.Kind != KindDesc || s.Items[0].Type.Code != code || s.String() != text {
			t.Errorf("Parse(%s) = %v, %v", text, s, err)
		}
	}
}
