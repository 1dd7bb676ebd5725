package main

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/google/uuid"
	"github.com/shopspring/decimal"
	"pgregory.net/rapid"
)

// milli is a custom element type of the program's own: an integer
// element of thousandths.
type milli struct{ n int64 }

func (m milli) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendInt(dst, m.n), nil
}

func (m *milli) ScanTupleElement(elem []byte) error {
	v, n, err := tuplewire.ConsumeInt(elem)
	if err == nil && n != len(elem) {
		err = fmt.Errorf("milli: %d bytes after the integer", len(elem)-n)
	}
	m.n = v
	return err
}

// A propField is one field of a random key struct type: what the test
// knows of it to print its value as the program holds it.
type propField struct {
	name   string // its name in the schema (the tag's)
	kind   string // a scalar's Go type, or "time", "duration", "struct", "const"
	unit   string // of a time or duration
	ptr    bool   // nullable
	goType reflect.Type
	inner  []*propField // a struct's fields
}

// propScalars are the Go types of the scalar fields drawn, by name.
var propScalars = map[string]reflect.Type{
	"bool": reflect.TypeFor[bool](), "string": reflect.TypeFor[string](), "bytes": reflect.TypeFor[[]byte](),
	"int8": reflect.TypeFor[int8](), "int16": reflect.TypeFor[int16](), "int32": reflect.TypeFor[int32](),
	"int64": reflect.TypeFor[int64](), "int": reflect.TypeFor[int](), "uint8": reflect.TypeFor[uint8](),
	"uint16": reflect.TypeFor[uint16](), "uint32": reflect.TypeFor[uint32](), "uint64": reflect.TypeFor[uint64](),
	"float32": reflect.TypeFor[float32](), "float64": reflect.TypeFor[float64](), "uuid": reflect.TypeFor[uuid.UUID](),
	"bigint": reflect.TypeFor[big.Int](), "tuple": reflect.TypeFor[tuple.Tuple](), "any": reflect.TypeFor[any](),
	"versionstamp": reflect.TypeFor[tuple.Versionstamp](), "decimal": reflect.TypeFor[decimal.Decimal](),
	"custom": reflect.TypeFor[milli](),
}

var propKinds = func() []string {
	out := []string{"time", "duration", "time", "duration", "struct", "const"}
	for k := range propScalars {
		out = append(out, k)
	}
	return out
}()

// drawFields draws a level of 1 to 5 fields (constants aside), nested
// structs depth levels deep at most, and its Go struct type.
func drawFields(t *rapid.T, depth int, label string) ([]*propField, reflect.Type) {
	names := []string{"ID", "At", "Note", "user", "Post_2", "Wait", "x", "Ö"}
	n := rapid.IntRange(1, 5).Draw(t, label+" fields")
	var fields []*propField
	var sfs []reflect.StructField
	for i := 0; len(fields) < n; i++ {
		kind := rapid.SampledFrom(propKinds).Draw(t, label+" kind")
		if kind == "struct" && depth == 0 {
			continue
		}
		f := &propField{kind: kind}
		var opts []string
		switch kind {
		case "const":
			f.name = rapid.SampledFrom([]string{"USER", "7", "-3", "ev ts"}).Draw(t, label+" constant")
			typ := reflect.TypeFor[struct{}]()
			if strings.Trim(f.name, "-0123456789") == "" {
				typ = reflect.TypeFor[int64]()
			}
			sfs = append(sfs, reflect.StructField{Name: "_", PkgPath: "main", Type: typ, Tag: reflect.StructTag(`tuple:"` + f.name + `,const"`)})
			fields = append(fields, f)
			continue
		case "time", "duration":
			f.unit = rapid.SampledFrom([]string{"ns", "us", "ms", "s"}).Draw(t, label+" unit")
			f.goType = map[string]reflect.Type{"time": reflect.TypeFor[time.Time](), "duration": reflect.TypeFor[time.Duration]()}[kind]
			if f.unit != "ns" || rapid.Bool().Draw(t, label+" unit tag") {
				opts = append(opts, "unit="+f.unit)
			}
		case "struct":
			f.inner, f.goType = drawFields(t, depth-1, label+"."+fmt.Sprint(i))
		case "decimal":
			f.goType = propScalars[kind]
			opts = append(opts, "ext=0x40")
		default:
			f.goType = propScalars[kind]
		}
		f.name = rapid.SampledFrom(names).Draw(t, label+" name")
		if used(fields, f.name) {
			continue
		}
		if kind != "struct" && kind != "any" && rapid.IntRange(0, 3).Draw(t, label+" desc") == 0 {
			opts = append(opts, "desc")
		}
		if kind != "any" && rapid.IntRange(0, 3).Draw(t, label+" nullable") == 0 {
			f.ptr = true
			f.goType = reflect.PointerTo(f.goType)
		}
		tag := strings.Join(append([]string{f.name}, opts...), ",")
		sfs = append(sfs, reflect.StructField{Name: fmt.Sprintf("G%d", i), Type: f.goType, Tag: reflect.StructTag("tuple:" + fmt.Sprintf("%q", tag))})
		fields = append(fields, f)
	}
	return fields, reflect.StructOf(sfs)
}

func used(fields []*propField, name string) bool {
	for _, f := range fields {
		if f.kind != "const" && f.name == name {
			return true
		}
	}
	return false
}

// drawValue fills v, a struct of fields, with random values a plan
// writes: times and durations whole in their units, at any year, floats
// of any bits, integers at their bounds too.
func drawValue(t *rapid.T, v reflect.Value, fields []*propField, label string) {
	for i, f := range fields {
		if f.kind == "const" {
			continue
		}
		fv := v.Field(i)
		if f.ptr {
			if rapid.IntRange(0, 3).Draw(t, label+f.name+" nil") == 0 {
				continue
			}
			fv.Set(reflect.New(fv.Type().Elem()))
			fv = fv.Elem()
		}
		if f.kind == "struct" {
			drawValue(t, fv, f.inner, label+f.name+".")
			continue
		}
		if x := drawScalar(t, f, label+f.name); x != nil { // an any field's nil is its zero value
			fv.Set(reflect.ValueOf(x).Convert(fv.Type()))
		}
	}
}

func drawScalar(t *rapid.T, f *propField, label string) any {
	unit := unitDurations[f.unit]
	switch f.kind {
	case "time":
		if unit == time.Nanosecond {
			return time.Unix(0, rapid.Int64().Draw(t, label)).UTC()
		}
		// Any second a time.Time holds, far years included, or one near now.
		sec := rapid.OneOf(rapid.Int64Range(-1<<40, 1<<40), rapid.Int64Range(0, 4e9)).Draw(t, label+" second")
		frac := rapid.Int64Range(0, int64(time.Second/unit)-1).Draw(t, label+" fraction")
		return time.Unix(sec, frac*int64(unit)).UTC()
	case "duration":
		n := rapid.Int64Range(math.MinInt64/int64(unit), math.MaxInt64/int64(unit)).Draw(t, label)
		return time.Duration(n * int64(unit))
	case "bool":
		return rapid.Bool().Draw(t, label)
	case "string":
		return rapid.String().Draw(t, label)
	case "bytes":
		return rapid.SliceOf(rapid.Byte()).Draw(t, label)
	case "int8":
		return rapid.Int8().Draw(t, label)
	case "int16":
		return rapid.Int16().Draw(t, label)
	case "int32":
		return rapid.Int32().Draw(t, label)
	case "int64", "int":
		return rapid.Int64().Draw(t, label)
	case "uint8":
		return rapid.Uint8().Draw(t, label)
	case "uint16":
		return rapid.Uint16().Draw(t, label)
	case "uint32":
		return rapid.Uint32().Draw(t, label)
	case "uint64":
		return rapid.Uint64().Draw(t, label)
	case "float32":
		return math.Float32frombits(rapid.Uint32().Draw(t, label))
	case "float64":
		return math.Float64frombits(rapid.Uint64().Draw(t, label))
	case "uuid":
		var u uuid.UUID
		copy(u[:], rapid.SliceOfN(rapid.Byte(), 16, 16).Draw(t, label))
		return u
	case "bigint":
		n := new(big.Int).SetBytes(rapid.SliceOfN(rapid.Byte(), 0, 40).Draw(t, label))
		if rapid.Bool().Draw(t, label+" sign") {
			n.Neg(n)
		}
		return *n
	case "tuple":
		return tuple.Tuple{rapid.Int64().Draw(t, label), rapid.String().Draw(t, label+" s"), nil, tuple.Tuple{"in"}}
	case "any":
		return rapid.SampledFrom([]any{nil, int64(-5), uint64(math.MaxUint64), "a b", []byte{0, 0xFF}, true, 1.5, tuple.Tuple{"x", nil}}).Draw(t, label)
	case "versionstamp":
		var vs tuple.Versionstamp
		copy(vs.TransactionVersion[:], rapid.SliceOfN(rapid.Byte(), 10, 10).Draw(t, label))
		vs.TransactionVersion[0] &= 0x7F // complete
		vs.UserVersion = rapid.Uint16().Draw(t, label+" user")
		return vs
	case "decimal":
		return decimal.New(rapid.Int64().Draw(t, label), rapid.Int32Range(-60, 60).Draw(t, label+" exp"))
	case "custom":
		return milli{rapid.Int64().Draw(t, label)}
	}
	panic("no kind " + f.kind)
}

// wantText is the field text of v as the program holds it, written here
// from the Go values: times in RFC 3339 at the unit's precision (or
// their count of units, past year 9999 or before 0000), durations as Go
// prints them, elements in the text form.
func wantText(v reflect.Value, fields []*propField, prefix string) []string {
	codec := tuple.Codec{Extensions: []tuple.Extension{tupledecimal.Extension(tupledecimal.DefaultCode)}}
	var out []string
	for i, f := range fields {
		if f.kind == "const" {
			continue
		}
		path, fv := prefix+f.name, v.Field(i)
		if f.ptr {
			if fv.IsNil() {
				out = append(out, path+"=nil")
				continue
			}
			fv = fv.Elem()
		}
		var text string
		switch f.kind {
		case "struct":
			inner := wantText(fv, f.inner, path+".")
			if len(inner) == 0 && f.ptr { // constants alone: () says it is not nil
				inner = []string{path + "=()"}
			}
			out = append(out, inner...)
			continue
		case "time":
			tm := fv.Interface().(time.Time)
			digits := map[string]int{"s": 0, "ms": 3, "us": 6, "ns": 9}[f.unit]
			if tm.Year() >= 0 && tm.Year() <= 9999 {
				text = tm.Format("2006-01-02T15:04:05")
				if digits > 0 {
					text += "." + fmt.Sprintf("%09d", tm.Nanosecond())[:digits]
				}
				text += "Z"
			} else { // units since the epoch: seconds × units a second + the fraction's
				perSec := int64(time.Second / unitDurations[f.unit])
				n := new(big.Int).Mul(big.NewInt(tm.Unix()), big.NewInt(perSec))
				text = n.Add(n, big.NewInt(int64(tm.Nanosecond())/int64(unitDurations[f.unit]))).String()
			}
		case "duration":
			text = fv.Interface().(time.Duration).String()
		case "custom":
			text = fmt.Sprint(fv.Interface().(milli).n)
		default:
			text = codec.FormatElement(fv.Interface())
		}
		out = append(out, path+"="+text)
	}
	return out
}

// runCLI runs fdbtuple in this process.
func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}, args)
	return code, out.String(), errOut.String()
}

// TestSchemaFieldsProperty: for random key struct types and values, the
// key the program's plan marshals, unpacked with -schema and the plan's
// Schema, prints every field's value as the program holds it, and pack
// -schema of that text writes the same key.
func TestSchemaFieldsProperty(t *testing.T) {
	codec := tuple.Codec{Extensions: []tuple.Extension{tupledecimal.Extension(tupledecimal.DefaultCode)}}
	rapid.Check(t, func(t *rapid.T) {
		fields, typ := drawFields(t, 2, "key")
		plan, err := tuple.NewDynamicPlan(codec, typ)
		if err != nil {
			t.Fatalf("the plan of %v: %v", typ, err)
		}
		v := reflect.New(typ)
		drawValue(t, v.Elem(), fields, "")
		key, err := plan.Marshal(v.Interface())
		if err != nil {
			t.Fatalf("Marshal %+v: %v", v.Elem(), err)
		}
		schema := plan.Schema()
		code, out, errText := runCLI("unpack", "-schema", schema, hex.EncodeToString(key))
		want := strings.Join(wantText(v.Elem(), fields, ""), " ") + "\n"
		if code != 0 || out != want {
			t.Fatalf("unpack -schema %s %x\n got (exit %d) %s%s\nwant %s", schema, key, code, out, errText, want)
		}
		code, packed, errText := runCLI("pack", "-schema", schema, strings.TrimSuffix(out, "\n"))
		if code != 0 || packed != hex.EncodeToString(key)+"\n" {
			t.Fatalf("pack -schema %s %s\n got (exit %d) %s%s\nwant %x", schema, out, code, packed, errText, key)
		}
		// A key cut short or with a byte changed is refused with its
		// offset, or is another key of the schema, which reads back.
		bad := append([]byte(nil), key[:rapid.IntRange(0, len(key)).Draw(t, "cut at")]...)
		if len(bad) > 0 && rapid.Bool().Draw(t, "flip") {
			bad[rapid.IntRange(0, len(bad)-1).Draw(t, "flip at")] ^= byte(rapid.IntRange(1, 255).Draw(t, "flip bits"))
		}
		code, out, errText = runCLI("unpack", "-schema", schema, "-input", "hex", hex.EncodeToString(bad))
		switch {
		case code == 1 && strings.Contains(errText, " offset ") && strings.Count(errText, "\n") == 1:
		case code == 1 && len(bad) == 0:
		case code == 0:
			if code, packed, errText = runCLI("pack", "-schema", schema, strings.TrimSuffix(out, "\n")); code != 0 || packed != hex.EncodeToString(bad)+"\n" {
				t.Fatalf("%x unpacks to %s which packs to %s%s", bad, out, packed, errText)
			}
		default:
			t.Fatalf("unpack -schema %s of %x: exit %d, %s", schema, bad, code, errText)
		}
	})
}
