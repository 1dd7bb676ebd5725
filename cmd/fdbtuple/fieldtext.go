package main

import (
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"time"
	"unicode"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/keyschema"
)

// The field text of a key: its fields as the program holds them, one
// Name=value pair each, in key order, separated by spaces, which
// "unpack -schema" prints and "pack -schema" reads:
//
//	User=UUID("…") Post=42 At=2024-03-01T12:00:00.000Z Wait=1h30m0s Note=nil
//
// A nested struct's fields are named by their path, Meta.At; a nullable
// one that is nil is Meta=nil (and one that is not, but holds constants
// alone, Meta=()). A constant is no field: the schema holds it. A value
// is written by its field's type:
//
//   - time(unit): RFC 3339 in UTC with the unit's digits after the second
//     (none for s, 3 for ms, 6 for us, 9 for ns); a time outside the years
//     0000 to 9999, which RFC 3339 cannot write, as its integer count of
//     units since the Unix epoch. Reading, any RFC 3339 time (any offset,
//     any fraction the unit holds) or such an integer.
//   - duration(unit): a Go duration, 1h30m0s, 1.5s, -250ms.
//   - nil: a nullable field's nil (and an any field's null), and an
//     optional field's, which a key leaves out; reading, an optional
//     field may be left out of the text too.
//   - anything else: the element the field holds in the tuple text form,
//     as unpack prints elements: "text", b"\x00", 42, float32(1.5),
//     UUID("…"), decimal("19.99") for ext(0x40), ("a", 1) for a tuple;
//     a descending field's value as it is, not reversed; a custom type's
//     element as the element it writes.

// unitLayouts are the RFC 3339 layouts of each unit's precision.
var unitLayouts = map[string]string{
	"s":  "2006-01-02T15:04:05Z07:00",
	"ms": "2006-01-02T15:04:05.000Z07:00",
	"us": "2006-01-02T15:04:05.000000Z07:00",
	"ns": "2006-01-02T15:04:05.000000000Z07:00",
}

// unitDurations are the units as time.Durations.
var unitDurations = map[string]time.Duration{"s": time.Second, "ms": time.Millisecond, "us": time.Microsecond, "ns": time.Nanosecond}

// format writes v, a decoded value of the plan's type, as field text.
func (sp *schemaPlan) format(v reflect.Value) string {
	var pairs []string
	sp.formatLevel(&pairs, v, sp.schema.Items, "")
	return strings.Join(pairs, " ")
}

func (sp *schemaPlan) formatLevel(pairs *[]string, v reflect.Value, items []keyschema.Item, prefix string) {
	for i, it := range items {
		if it.IsConst() {
			continue
		}
		path := prefix + it.Name
		f, t := v.Field(i), plainType(it.Type)
		if isPointer(t) {
			if f.IsNil() {
				*pairs = append(*pairs, path+"=nil")
				continue
			}
			f, t = f.Elem(), plainType(t.Elem)
		}
		if t.Kind == keyschema.KindStruct {
			before := len(*pairs)
			sp.formatLevel(pairs, f, t.Items, path+".")
			if len(*pairs) == before && isPointer(it.Type) {
				*pairs = append(*pairs, path+"=()") // not nil, and no field says so
			}
			continue
		}
		*pairs = append(*pairs, path+"="+sp.valueText(f, t))
	}
}

// isPointer reports whether a field of type t is a pointer, whose nil is
// written nil: a nullable field (*T), or an optional one, which a nil
// leaves out of the key.
func isPointer(t *keyschema.Type) bool {
	return t.Kind == keyschema.KindNullable || t.Kind == keyschema.KindOptional
}

// plainType strips desc(...): a descending field's value is the value.
func plainType(t *keyschema.Type) *keyschema.Type {
	for t.Kind == keyschema.KindDesc {
		t = t.Elem
	}
	return t
}

// valueText writes one value of a field of type t (not nullable, not a
// struct).
func (sp *schemaPlan) valueText(f reflect.Value, t *keyschema.Type) string {
	switch t.Kind {
	case keyschema.KindTime:
		tm := f.Interface().(time.Time).UTC()
		if y := tm.Year(); y >= 0 && y <= 9999 {
			return tm.Format(unitLayouts[t.Unit])
		}
		units, err := tuple.AppendTime(nil, tm, unitDurations[t.Unit])
		if err == nil {
			if n, err := tuple.Unpack(units); err == nil {
				return tuple.Codec{}.FormatElement(n[0])
			}
		}
		return fmt.Sprintf("unprintable(%v)", err) // a decoded time is a whole number of units
	case keyschema.KindDuration:
		return time.Duration(f.Int()).String()
	case keyschema.KindCustom:
		if el, err := extCodec.Unpack(f.Bytes()); err == nil && len(el) == 1 { // as ScanTupleElement checked
			return extCodec.FormatElement(el[0])
		}
	}
	return sp.codec.FormatElement(f.Interface())
}

// parse reads field text into a new value of the plan's type. Every
// field takes a value (nil for a nullable one), once; a name the schema
// does not have is an error that lists the ones it has.
func (sp *schemaPlan) parse(text string) (reflect.Value, error) {
	pairs, order, err := splitPairs(text)
	if err != nil {
		return reflect.Value{}, err
	}
	r := fieldReader{sp: sp, pairs: pairs, used: map[string]bool{}, names: fieldPaths(sp.schema.Items, "")}
	v := reflect.New(sp.plan.Type()).Elem()
	if err := r.level(v, sp.schema.Items, ""); err != nil {
		return reflect.Value{}, err
	}
	for _, name := range order {
		if !r.used[name] {
			return reflect.Value{}, fmt.Errorf("%s: the schema has no such field; its fields are %s", name, strings.Join(r.names, ", "))
		}
	}
	if len(r.missing) > 0 {
		return reflect.Value{}, fmt.Errorf("missing %s: every field takes a value (nil for a nullable one; an optional one left out is nil)", strings.Join(r.missing, ", "))
	}
	return v, nil
}

// fieldReader sets a value's fields from their text.
type fieldReader struct {
	sp      *schemaPlan
	pairs   map[string]string
	used    map[string]bool
	names   []string // every field's path, for an unknown name's error
	missing []string
}

// fieldPaths lists the paths field text names: every field, a nested
// struct's as Meta.At, and a nullable struct itself (Meta=nil).
func fieldPaths(items []keyschema.Item, prefix string) []string {
	var out []string
	for _, it := range items {
		if it.IsConst() {
			continue
		}
		t := plainType(it.Type)
		if isPointer(t) {
			t = plainType(t.Elem)
			if t.Kind == keyschema.KindStruct {
				out = append(out, prefix+it.Name)
			}
		}
		if t.Kind == keyschema.KindStruct {
			out = append(out, fieldPaths(t.Items, prefix+it.Name+".")...)
			continue
		}
		out = append(out, prefix+it.Name)
	}
	return out
}

// anyUnder reports whether a field below path is given.
func (r *fieldReader) anyUnder(path string) bool {
	for name := range r.pairs {
		if strings.HasPrefix(name, path+".") {
			return true
		}
	}
	return false
}

func (r *fieldReader) level(v reflect.Value, items []keyschema.Item, prefix string) error {
	for i, it := range items {
		if it.IsConst() {
			continue
		}
		path := prefix + it.Name
		f, t := v.Field(i), plainType(it.Type)
		text, given := r.pairs[path]
		r.used[path] = given
		if t.Kind == keyschema.KindOptional && !given && !r.anyUnder(path) {
			continue // left out: nil, as a key that ends before it reads
		}
		if isPointer(t) {
			if given && text == "nil" {
				continue
			}
			inner := plainType(t.Elem)
			empty := inner.Kind == keyschema.KindStruct && len(fieldPaths(inner.Items, "")) == 0
			if !given && inner.Kind == keyschema.KindStruct && !r.anyUnder(path) {
				r.missing = append(r.missing, path) // neither nil nor a field of it
				continue
			}
			f.Set(reflect.New(f.Type().Elem()))
			if given && text == "()" && empty {
				continue // a struct of constants alone, not nil
			}
			f, t = f.Elem(), inner
		}
		if t.Kind == keyschema.KindStruct {
			if given {
				return fmt.Errorf("%s=%s: a struct field is given by its fields, %s.Name=value (or nil, when it is nullable)", path, text, path)
			}
			if err := r.level(f, t.Items, path+"."); err != nil {
				return err
			}
			continue
		}
		if !given {
			r.missing = append(r.missing, path)
			continue
		}
		if err := r.sp.setValue(f, t, text); err != nil {
			return fmt.Errorf("%s=%s: %w", path, text, err)
		}
	}
	return nil
}

// setValue reads text into f, a field of type t (not nullable, not a
// struct).
func (sp *schemaPlan) setValue(f reflect.Value, t *keyschema.Type, text string) error {
	switch t.Kind {
	case keyschema.KindTime:
		tm, err := parseTime(text, t.Unit)
		if err != nil {
			return err
		}
		f.Set(reflect.ValueOf(tm))
		return nil
	case keyschema.KindDuration:
		d, err := time.ParseDuration(text)
		if err != nil {
			return fmt.Errorf("not a Go duration (1h30m0s, 1.5s, -250ms)")
		}
		f.SetInt(int64(d))
		return nil
	}
	el, err := parseTuple("("+text+",)", sp.codec)
	switch {
	case err != nil:
		return fmt.Errorf("not an element in the tuple text form: %w", err)
	case len(el) != 1:
		return fmt.Errorf("%d elements where the field holds one", len(el))
	}
	return sp.setElement(f, t, el[0])
}

// setElement stores the element e in f, a field of type t, if it is a
// value of f's Go type: an integer that fits, a float32 for a float32
// (float32(1.5)), and so on.
func (sp *schemaPlan) setElement(f reflect.Value, t *keyschema.Type, e any) error {
	ft := f.Type()
	switch {
	case ft == rawElementType:
		b, err := extCodec.Pack(tuple.Tuple{e})
		if err != nil {
			return err
		}
		f.SetBytes(b)
		return nil
	case ft.Kind() == reflect.Interface: // any: the element itself
		if e != nil {
			f.Set(reflect.ValueOf(e))
		}
		return nil
	}
	if n, ok := integer(e); ok {
		switch ft.Kind() {
		case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			if !n.IsInt64() || f.OverflowInt(n.Int64()) {
				return fmt.Errorf("outside %v", t)
			}
			f.SetInt(n.Int64())
			return nil
		case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			if !n.IsUint64() || f.OverflowUint(n.Uint64()) {
				return fmt.Errorf("outside %v", t)
			}
			f.SetUint(n.Uint64())
			return nil
		case reflect.Struct: // big.Int
			f.Set(reflect.ValueOf(*n))
			return nil
		}
	}
	ev := reflect.ValueOf(e)
	if e == nil || !ev.Type().AssignableTo(ft) {
		return fmt.Errorf("%s is %s, not a value of %v%s", sp.codec.FormatElement(e), kindOf(e), t, writtenAs(t))
	}
	f.Set(ev)
	return nil
}

// integer returns an integer element as a big.Int.
func integer(e any) (*big.Int, bool) {
	switch n := e.(type) {
	case int64:
		return big.NewInt(n), true
	case uint64:
		return new(big.Int).SetUint64(n), true
	case *big.Int:
		return n, true
	}
	return nil, false
}

// kindOf names an element's kind for an error.
func kindOf(e any) string {
	switch e.(type) {
	case nil:
		return "a null"
	case string:
		return "a string"
	case []byte:
		return "a byte string"
	case int64, uint64, *big.Int:
		return "an integer"
	case float32:
		return "a float32"
	case float64:
		return "a float64"
	case bool:
		return "a bool"
	case tuple.Tuple:
		return "a tuple"
	}
	return fmt.Sprintf("a %T", e)
}

// writtenAs says how to write a value of t, where the text form marks
// its kind.
func writtenAs(t *keyschema.Type) string {
	switch t.Kind {
	case keyschema.KindFloat32:
		return ", written float32(1.5)"
	case keyschema.KindFloat64:
		return ", written with a point or an exponent (1.0, 2e-3)"
	case keyschema.KindBytes:
		return `, written b"..."`
	case keyschema.KindUUID:
		return `, written UUID("...")`
	case keyschema.KindExt:
		return `, written decimal("19.99")`
	}
	return ""
}

// parseTime reads a time in RFC 3339 or as an integer count of units
// since the Unix epoch, as format writes times outside years 0000-9999.
func parseTime(text, unit string) (time.Time, error) {
	if n, ok := new(big.Int).SetString(text, 10); ok && strings.Trim(text, "-0123456789") == "" {
		units, err := tuple.Codec{}.Pack(tuple.Tuple{n})
		if err != nil {
			return time.Time{}, err
		}
		tm, _, err := tuple.ConsumeTime(units, unitDurations[unit])
		if err != nil {
			return time.Time{}, fmt.Errorf("%s %s since the Unix epoch is past what a time.Time holds", text, unit)
		}
		return tm, nil
	}
	tm, err := time.Parse(time.RFC3339Nano, text)
	if err != nil {
		return time.Time{}, fmt.Errorf("not an RFC 3339 time (2024-03-01T12:00:00Z) nor a count of %s since the Unix epoch", unit)
	}
	return tm, nil
}

// splitPairs reads Name=value pairs separated by white space: a value
// ends at white space outside quotes and parentheses, so that "a b",
// ("a", 1) and Versionstamp(…, 1) are one value each.
func splitPairs(text string) (map[string]string, []string, error) {
	pairs := map[string]string{}
	var order []string
	i := 0
	for {
		for i < len(text) && unicode.IsSpace(rune(text[i])) {
			i++
		}
		if i == len(text) {
			return pairs, order, nil
		}
		eq := strings.IndexByte(text[i:], '=')
		if eq < 0 {
			return nil, nil, fmt.Errorf("%q at offset %d: want Name=value", shorten(text[i:]), i)
		}
		name := text[i : i+eq]
		if !isPath(name) {
			return nil, nil, fmt.Errorf("%q at offset %d: want a field name (Post, or Meta.At for a nested field) before =", shorten(name), i)
		}
		start := i + eq + 1
		end, err := valueEnd(text, start)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		if end == start {
			return nil, nil, fmt.Errorf("%s= at offset %d: no value (nil, for a nullable field's nil)", name, i)
		}
		if _, dup := pairs[name]; dup {
			return nil, nil, fmt.Errorf("%s: given twice", name)
		}
		pairs[name] = text[start:end]
		order = append(order, name)
		i = end
	}
}

// valueEnd returns where the value starting at text[start] ends.
func valueEnd(text string, start int) (int, error) {
	depth, quoted := 0, false
	for i := start; i < len(text); i++ {
		switch c := text[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case depth == 0 && unicode.IsSpace(rune(c)):
			return i, nil
		}
	}
	if quoted || depth != 0 {
		return 0, fmt.Errorf("the value at offset %d does not end: a quote or a parenthesis is not closed", start)
	}
	return len(text), nil
}

// isPath reports whether s is a field path: Go identifiers joined by dots.
func isPath(s string) bool {
	for _, part := range strings.Split(s, ".") {
		if part == "" {
			return false
		}
		for j, r := range part {
			if !(r == '_' || unicode.IsLetter(r) || (j > 0 && unicode.IsDigit(r))) {
				return false
			}
		}
	}
	return true
}
