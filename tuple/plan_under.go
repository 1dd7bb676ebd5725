package tuple

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
	"github.com/fdbtuple/fdbtuple/types"
)

// Codec returns the plan's codec: the one NewPlan was given, with the
// DescExtension it adds for desc fields. Its Scan, ScanPrefix and
// AppendElems read and write the plan's keys element by element.
func (p *Plan[T]) Codec() Codec {
	c := p.codec
	c.Extensions = slices.Clip(c.Extensions) // an append by the caller makes its own
	return c
}

// A PlanUnder is a Plan whose keys live under a prefix: a subspace's
// bytes, a table or tenant prefix, a packed tuple. Its keys are the
// prefix followed by the plan's elements; it adds the prefix when it
// encodes, checks and takes it off when it decodes, and its ranges are
// under it. Get one with Plan.Under. It is safe for concurrent use.
type PlanUnder[T any] struct {
	plan   *Plan[T]
	prefix []byte
}

// Under returns the plan's keys under prefix, which it copies: for a
// subspace, plan.Under(sub.Bytes()).
func (p *Plan[T]) Under(prefix []byte) *PlanUnder[T] {
	return &PlanUnder[T]{plan: p, prefix: bytes.Clone(prefix)}
}

// Prefix returns the prefix. The caller must not change it.
func (u *PlanUnder[T]) Prefix() []byte { return u.prefix }

// Plan returns the plan of the keys after the prefix.
func (u *PlanUnder[T]) Plan() *Plan[T] { return u.plan }

// Append appends the prefix and the key of *v to dst, as Plan.Append.
func (u *PlanUnder[T]) Append(dst []byte, v *T) ([]byte, error) {
	out, err := u.plan.Append(append(dst, u.prefix...), v)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// Marshal returns the prefix and the key of *v in a new slice: one
// allocation, as Plan.Marshal.
func (u *PlanUnder[T]) Marshal(v *T) ([]byte, error) {
	p := u.plan
	out, err := u.Append(make([]byte, 0, int64(len(u.prefix))+p.longest.Load()), v)
	if err != nil {
		return nil, err
	}
	if n := int64(len(out) - len(u.prefix)); n > p.longest.Load() {
		p.longest.Store(n)
	}
	return out[:len(out):len(out)], nil
}

// Unmarshal decodes a key made of the prefix and the elements of *v's
// fields, as Plan.Unmarshal; a key that does not start with the prefix
// is ErrNotUnderPrefix. Offsets in errors count from key[0], the prefix
// included.
func (u *PlanUnder[T]) Unmarshal(key []byte, v *T) error {
	if err := u.check(key); err != nil {
		return err
	}
	return u.plan.unmarshalAll(key, len(u.prefix), v)
}

// UnmarshalPrefix decodes the fields of *v from key after the prefix and
// returns the rest of the key, as Plan.UnmarshalPrefix.
func (u *PlanUnder[T]) UnmarshalPrefix(key []byte, v *T) (rest []byte, err error) {
	if err := u.check(key); err != nil {
		return nil, err
	}
	return u.plan.unmarshalAt(key, len(u.prefix), v)
}

// AppendPrefix appends the prefix and Plan.AppendPrefix of *v through
// the named field to dst.
func (u *PlanUnder[T]) AppendPrefix(dst []byte, v *T, through string) ([]byte, error) {
	out, err := u.plan.AppendPrefix(append(dst, u.prefix...), v, through)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// Range returns the range of the keys under AppendPrefix(v, through), as
// Plan.Range: with through "", every key of the plan under the prefix.
func (u *PlanUnder[T]) Range(v *T, through string) (begin, end []byte, err error) {
	if p := u.plan; p.layout.optFrom < len(p.layout.fields) {
		key, err := u.AppendPrefix(nil, v, through)
		return p.rangeThrough(key, err, reflect.ValueOf(v).Elem(), through)
	}
	return rangeOfPrefix(u.AppendPrefix(nil, v, through))
}

// check returns ErrNotUnderPrefix, at the first byte where key departs
// from the prefix, unless key starts with it.
func (u *PlanUnder[T]) check(key []byte) error {
	if bytes.HasPrefix(key, u.prefix) {
		return nil
	}
	at := 0
	for at < len(key) && key[at] == u.prefix[at] {
		at++
	}
	e := &DecodeError{Offset: at, Err: ErrNotUnderPrefix,
		Detail: fmt.Sprintf("the key starts %s, the prefix is %s", Printable(key[:min(len(key), len(u.prefix))]), Printable(u.prefix))}
	if at < len(key) {
		e.Code = types.Code(key[at])
	}
	return e
}

// Schema returns the layout of the keys as text: "under ", the prefix,
// a space and the plan's Schema, as in
//
//	under ("app", "comments") (Post int64, At desc(time(ms)), ID int64)
//
// The prefix is written as PrefixText writes it: its tuple text when it
// is a packed tuple, else 0x and its hex; an empty prefix writes the
// plan's Schema alone, as its keys are the plan's. Keep it in a golden
// test, as Plan.Schema: a renamed subspace moves every key, and changes
// the schema, which keyschema.Diff and `fdbtuple schema diff` report as
// a break. Keys in a directory are the exception: a directory's prefix
// is allocated by each store, so hold the Plan's Schema (or the
// PlanUnder of a fixed subspace) in a golden test, not one with an
// allocated prefix.
func (u *PlanUnder[T]) Schema() string {
	var b strings.Builder
	schematext.WriteUnder(&b, PrefixText(u.prefix))
	b.WriteString(u.plan.Schema())
	return b.String()
}

// Fields returns the names of the plan's fields in key order, as
// Plan.Fields: the names AppendPrefix, Range and Between take.
func (u *PlanUnder[T]) Fields() []string { return u.plan.Fields() }

// Codec returns the plan's codec, as Plan.Codec: it reads and writes the
// elements after the prefix.
func (u *PlanUnder[T]) Codec() Codec { return u.plan.Codec() }

// PrefixText is the text of a key prefix in a schema: its tuple text,
// ("app", "comments"), when it is a packed tuple that the strict codec
// unpacks and packs back to the same bytes, else 0x and its bytes in
// hex. It is "" for an empty prefix.
func PrefixText(prefix []byte) string {
	if len(prefix) == 0 {
		return ""
	}
	if t, err := (Codec{}).Unpack(prefix); err == nil {
		if text, err := t.AppendText(nil); err == nil {
			if back, err := (Codec{}).Parse(string(text)); err == nil {
				if again, err := (Codec{}).Pack(back); err == nil && bytes.Equal(again, prefix) {
					return string(text)
				}
			}
		}
	}
	return schematext.HexPrefix(prefix)
}
