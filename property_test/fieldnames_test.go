package property_test

// Which fields a key holds, over random struct types whose fields are
// drawn from a few names so that they meet: exported, unexported and
// blank fields, tags that rename, leave out, make a constant or do
// nothing, structs embedded by value and through pointers (whose fields
// an outer one may shadow) and nested. A plan refuses exactly the types
// that would lose a field silently or name two alike: an unexported
// field neither a constant nor tagged "-", a named integer constant
// (which holds a value the key does not), and two fields of one level
// with one name; each refusal names a field it is about. What it accepts
// holds every exported field that is not left out (a value comes back
// whole), and its Schema is one keyschema.Parse reads.

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/keyschema"
)

// A nameField is a drawn field.
type nameField struct {
	goName   string
	tag      string // the tuple tag's value
	hasTag   bool
	embedded bool // an anonymous struct field
	ptr      bool // an embedded pointer
	constant bool // of type struct{} or int16, tagged NAME,const
	sub      *nameStruct
	typ      reflect.Type
}

// A nameStruct is a drawn struct type.
type nameStruct struct {
	fields []*nameField
	typ    reflect.Type
}

// The names fields draw from: exported ones, unexported ones, and the
// blank one; and the names tags give.
var (
	goNames  = []string{"A", "B", "ID", "a", "b", "_"}
	tagNames = []string{"A", "B", "ID"}
)

func drawNameStruct(t *rapid.T, depth int, embedded *int) *nameStruct {
	s := &nameStruct{}
	used := map[string]bool{}
	var sfs []reflect.StructField
	for range rapid.IntRange(1, 4).Draw(t, "fields") {
		f := &nameField{}
		switch how := rapid.IntRange(0, 9).Draw(t, "field kind"); {
		case how >= 8 && depth > 0: // embedded, named after its type
			*embedded++
			f.goName, f.embedded, f.ptr = fmt.Sprintf("Base%d", *embedded), true, rapid.Bool().Draw(t, "pointer")
			f.sub = drawNameStruct(t, depth-1, embedded)
			f.typ = f.sub.typ
			if f.ptr {
				f.typ = reflect.PointerTo(f.typ)
			}
		case how == 7 && depth > 0: // a nested struct
			f.sub = drawNameStruct(t, depth-1, embedded)
			f.typ = f.sub.typ
		case how == 6: // a constant: a string, or an integer (which must be blank)
			f.constant = true
			f.typ = rapid.SampledFrom([]reflect.Type{reflect.TypeFor[struct{}](), reflect.TypeFor[int16]()}).Draw(t, "constant type")
		default:
			f.typ = rapid.SampledFrom([]reflect.Type{reflect.TypeFor[int64](), reflect.TypeFor[string]()}).Draw(t, "type")
		}
		if !f.embedded {
			names := goNames[:3] // exported, mostly
			if rare(t, 3, "unexported") {
				names = goNames[3:]
			}
			names = slices.DeleteFunc(slices.Clone(names), func(n string) bool { return used[n] })
			if len(names) == 0 {
				continue
			}
			f.goName = rapid.SampledFrom(names).Draw(t, "name")
		}
		used[f.goName] = f.goName != "_" || used["_"] // one blank field is enough
		switch {
		case f.constant:
			f.tag, f.hasTag = rapid.SampledFrom([]string{"K", "L"}).Draw(t, "constant")+",const", true
			if f.typ.Kind() == reflect.Int16 {
				f.tag = rapid.SampledFrom([]string{"7", "-1"}).Draw(t, "constant") + ",const"
			}
		default:
			switch rapid.IntRange(0, 9).Draw(t, "tag") {
			case 0:
				f.tag, f.hasTag = "-", true
			case 1, 2:
				f.tag, f.hasTag = rapid.SampledFrom(tagNames).Draw(t, "tag name"), true
			case 3:
				if f.sub == nil {
					f.tag, f.hasTag = ",desc", true
				}
			}
		}
		s.fields = append(s.fields, f)
		sf := reflect.StructField{Name: f.goName, Type: f.typ, Anonymous: f.embedded}
		if f.hasTag {
			sf.Tag = reflect.StructTag(fmt.Sprintf(`tuple:%q`, f.tag))
		}
		if !f.exported() {
			sf.PkgPath = "property_test"
		}
		sfs = append(sfs, sf)
	}
	if len(sfs) == 0 { // every name taken: a field of its own
		f := &nameField{goName: "Z", typ: reflect.TypeFor[int64]()}
		s.fields = append(s.fields, f)
		sfs = append(sfs, reflect.StructField{Name: "Z", Type: f.typ})
	}
	s.typ = reflect.StructOf(sfs)
	return s
}

func (f *nameField) exported() bool { return f.goName[0] >= 'A' && f.goName[0] <= 'Z' }

// A nameReason is why the model says a plan must refuse a type: the
// sentinel and a name the error must hold.
type nameReason struct {
	err  error
	name string
}

// reasons lists every reason a plan must refuse s as a key: unexported
// fields that would leave the key, two fields of a level with one name,
// and the refusals this property does not aim at (an embedded struct
// that adds no field, a struct with no field a key can hold).
func (s *nameStruct) reasons() []nameReason {
	var out []nameReason
	if !s.holdsAny() {
		out = append(out, nameReason{tuple.ErrUnsupportedType, ""})
	}
	return append(out, s.levelReasons()...)
}

// levelReasons are the reasons of s's level and of the levels nested in
// it.
func (s *nameStruct) levelReasons() []nameReason {
	var out []nameReason
	var names []string
	var walk func(s *nameStruct)
	walk = func(s *nameStruct) {
		for _, f := range s.fields {
			switch {
			case f.tag == "-":
			case f.embedded && !f.hasTag:
				before := len(names)
				walk(f.sub)
				if len(names) == before && !f.sub.holdsConst() {
					out = append(out, nameReason{tuple.ErrUnsupportedType, f.goName})
				}
			case !f.exported() && !f.constant:
				switch {
				case f.goName == "_" && !f.hasTag:
				case f.hasTag:
					out = append(out, nameReason{tuple.ErrBadTag, f.goName})
				default:
					out = append(out, nameReason{tuple.ErrUnsupportedType, f.goName})
				}
			case f.constant && f.typ.Kind() == reflect.Int16 && f.goName != "_": // holds a value the key does not
				out = append(out, nameReason{tuple.ErrBadTag, f.goName})
			case f.constant:
			default:
				name, _, _ := strings.Cut(f.tag, ",")
				if name == "" {
					name = f.goName
				}
				names = append(names, name)
				if f.sub != nil {
					if !f.sub.holdsAny() {
						out = append(out, nameReason{tuple.ErrUnsupportedType, f.goName})
					}
					for _, r := range f.sub.levelReasons() {
						out = append(out, nameReason{r.err, r.name})
					}
				}
			}
		}
	}
	walk(s)
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			out = append(out, nameReason{tuple.ErrDuplicateName, n})
		}
	}
	return out
}

// holdsAny reports whether s has a field a key could hold (the plan's
// test of a struct with no exported field): an exported one or a
// constant, not left out, here or in a struct it embeds.
func (s *nameStruct) holdsAny() bool {
	for _, f := range s.fields {
		switch {
		case f.tag == "-":
		case f.exported() || f.constant:
			return true
		case f.embedded && f.sub.holdsAny():
			return true
		}
	}
	return false
}

// holdsConst reports whether an embedded s adds a constant to the key.
func (s *nameStruct) holdsConst() bool {
	for _, f := range s.fields {
		if f.tag != "-" && (f.constant || f.embedded && !f.hasTag && f.sub.holdsConst()) {
			return true
		}
	}
	return false
}

// fill sets every exported field of v that the key holds to a value
// drawn for it, allocating embedded pointers.
func (s *nameStruct) fill(t *rapid.T, v reflect.Value) {
	for i, f := range s.fields {
		fv := v.Field(i)
		if !f.exported() || f.constant || f.tag == "-" {
			continue
		}
		switch {
		case f.sub != nil && f.ptr:
			fv.Set(reflect.New(f.sub.typ))
			f.sub.fill(t, fv.Elem())
		case f.sub != nil:
			f.sub.fill(t, fv)
		case fv.Kind() == reflect.String:
			fv.SetString(rapid.StringMatching(`[a-z]{0,3}`).Draw(t, "string"))
		default:
			fv.SetInt(rapid.Int64().Draw(t, "int"))
		}
	}
}

// nameStats counts the verdicts of a run: accepted, and refused by the
// sentinel of the error.
type nameStats struct {
	accepted, unexported, badTag, duplicate, other atomic.Int64
}

func keyFieldNames(t *rapid.T, st *nameStats) {
	embedded := 0
	s := drawNameStruct(t, 2, &embedded)
	reasons := s.reasons()
	p, err := tuple.NewDynamicPlan(tuple.Codec{}, s.typ)
	if err != nil {
		if len(reasons) == 0 {
			t.Fatalf("NewDynamicPlan refuses %v, which loses and repeats no field: %v", s.typ, err)
		}
		for _, r := range reasons {
			if errors.Is(err, r.err) && strings.Contains(err.Error(), r.name) {
				switch {
				case r.err == tuple.ErrDuplicateName:
					st.duplicate.Add(1)
				case r.err == tuple.ErrBadTag:
					st.badTag.Add(1)
				case strings.Contains(err.Error(), "unexported"):
					st.unexported.Add(1)
				default:
					st.other.Add(1)
				}
				return
			}
		}
		t.Fatalf("NewDynamicPlan refuses %v with %v\nwhich is none of the reasons %v", s.typ, err, reasons)
	}
	if len(reasons) > 0 {
		t.Fatalf("NewDynamicPlan accepts %v (schema %s), which it must refuse: %v", s.typ, p.Schema(), reasons)
	}
	if _, err := keyschema.Parse(p.Schema()); err != nil {
		t.Fatalf("keyschema.Parse refuses the Schema of %v, %s: %v", s.typ, p.Schema(), err)
	}
	st.accepted.Add(1)
	v := reflect.New(s.typ)
	s.fill(t, v.Elem())
	key, err := p.Marshal(v.Interface())
	if err != nil {
		t.Fatalf("Marshal of %+v (%v): %v", v.Elem(), s.typ, err)
	}
	back := reflect.New(s.typ)
	if err := p.Unmarshal(key, back.Interface()); err != nil {
		t.Fatalf("Unmarshal of %x (%v): %v", key, s.typ, err)
	}
	if !reflect.DeepEqual(back.Elem().Interface(), v.Elem().Interface()) {
		t.Fatalf("%+v (%v, schema %s) comes back as %+v: a field left the key", v.Elem(), s.typ, p.Schema(), back.Elem())
	}
}

func TestFieldNames(t *testing.T) {
	var st nameStats
	rapid.Check(t, func(t *rapid.T) { keyFieldNames(t, &st) })
	t.Logf("%d types accepted; refused: %d for an unexported field, %d for a tag that does nothing (on an unexported field, a named integer constant), %d for two fields of one name, %d for another reason (an embedded struct adding nothing, a struct of no field a key holds)",
		st.accepted.Load(), st.unexported.Load(), st.badTag.Load(), st.duplicate.Load(), st.other.Load())
}

func FuzzFieldNames(f *testing.F) {
	var st nameStats
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) { keyFieldNames(t, &st) }))
}
