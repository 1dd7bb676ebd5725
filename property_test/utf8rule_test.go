package property_test

import (
	"errors"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

type utf8RuleKey struct {
	S string
}

// TestPropOneUTF8Rule: every reader of a string element, and the text
// parser reading a string literal, takes the same content under the same
// option: valid UTF-8, or anything with AllowInvalidUTF8; and each that
// refuses says ErrInvalidUTF8. The content is drawn mostly from bytes
// around the UTF-8 boundaries (continuation bytes, lead bytes of 2 to 4,
// 00 and FF), so that both answers come up.
func TestPropOneUTF8Rule(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		content := string(rapid.SliceOfN(rapid.SampledFrom([]byte{'a', 0x00, 0x7f, 0x80, 0xbf, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0xff}), 0, 12).Draw(t, "content"))
		allow := rapid.Bool().Draw(t, "AllowInvalidUTF8")
		want := allow || utf8.ValidString(content)
		c := tuple.Codec{AllowInvalidUTF8: allow}
		key := tuplewire.AppendString(nil, content)

		answers := map[string]error{}
		_, answers["Codec.Unpack"] = c.Unpack(key)
		var s string
		answers["Codec.Scan"] = c.Scan(key, &s)
		_, _, answers["Codec.ConsumeElement"] = c.ConsumeElement(key)
		plan, err := tuple.NewPlan[utf8RuleKey](c)
		if err != nil {
			t.Fatal(err)
		}
		var v utf8RuleKey
		answers["Plan.Unmarshal"] = plan.Unmarshal(key, &v)
		if allow {
			_, _, answers["tuplewire.ConsumeStringAppendUnchecked"] = tuplewire.ConsumeStringAppendUnchecked(nil, key)
		} else {
			_, _, answers["tuplewire.ConsumeString"] = tuplewire.ConsumeString(key)
			_, _, answers["tuplewire.ConsumeStringAppend"] = tuplewire.ConsumeStringAppend(nil, key)
		}
		// The text form prints such a string with \xNN escapes; the
		// parser reads them back under the same rule.
		_, answers["Codec.Parse"] = c.Parse(tuple.Tuple{content}.Text())
		// And the encoders that check, writing it.
		_, answers["Codec.Pack"] = c.Pack(tuple.Tuple{content})
		_, answers["Codec.AppendElems"] = c.AppendElems(nil, content)
		_, answers["Plan.Marshal"] = plan.Marshal(&utf8RuleKey{S: content})

		for name, err := range answers {
			switch {
			case want && err != nil:
				t.Errorf("%s refused %q under AllowInvalidUTF8 %v: %v", name, content, allow, err)
			case !want && !errors.Is(err, tuple.ErrInvalidUTF8):
				t.Errorf("%s took %q under AllowInvalidUTF8 %v: %v, want ErrInvalidUTF8", name, content, allow, err)
			}
		}
	})
}
