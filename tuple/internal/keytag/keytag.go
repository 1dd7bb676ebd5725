// Package keytag reads the `tuple:"..."` tags of key struct fields: the
// one reader of the tag grammar, which tuple's plans and the generator
// (tuple/tuplegen) share, so that both accept the same tags and refuse
// the same mistakes with the same words.
//
//	tag    = "-" / [name] *("," option)
//	option = "const" / "desc" / "bytes" / "optional" / "unit=" unit / "ext=" code
//	unit   = "ns" / "us" / "ms" / "s"
//	code   = 0x40 to 0x4f, in any base strconv.ParseUint reads with base 0
//
// An option may be given once: every option changes the bytes, so two of
// one kind (unit=ms,unit=s) leave no right answer. A constant takes no
// other option. An optional field takes no desc: it is left out of the
// key when nil, and a key that ends there sorts before every value of
// the field in either direction, so it could not be descending. What an
// option means for a field's Go type (bytes only on a string, unit only on a time or a duration, ext= with neither) is the
// caller's to check: keytag knows no Go types.
//
// Place in the import DAG: tuple/internal/schematext (the units, which a
// schema spells as the tag does) and the standard library.
package keytag

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
)

// A Tag is a field's tuple tag, read.
type Tag struct {
	// Name is what comes before the first comma: the field's name in
	// schemas and errors, or a constant's value.
	Name string
	// Omit is a tag of "-": the field is not part of the key.
	Omit bool
	// Const, Desc and Bytes are the options of those names.
	Const, Desc, Bytes bool
	// Optional is the optional option: a trailing pointer field left out
	// of the key when nil (the caller checks the pointer and the place).
	Optional bool
	// Unit is the unit= option (time.Nanosecond, time.Microsecond,
	// time.Millisecond or time.Second), 0 without one.
	Unit time.Duration
	// Ext is the code of the ext= option (0x40 to 0x4f), 0 without one.
	Ext byte
}

// Parse reads tag, the value of a struct tag's tuple key. A name that is
// not a constant must be a Go identifier. Its errors say
// which option is wrong and why; the caller names the field.
func Parse(tag string) (Tag, error) {
	if tag == "-" {
		return Tag{Omit: true}, nil
	}
	name, opts, _ := strings.Cut(tag, ",")
	t := Tag{Name: name}
	if opts == "" {
		return t, t.checkName()
	}
	seen := map[string]bool{}
	for o := range strings.SplitSeq(opts, ",") {
		key, value, _ := strings.Cut(o, "=")
		if o != "" && seen[key] {
			return Tag{}, fmt.Errorf("option %q given twice", key)
		}
		seen[key] = true
		switch {
		case o == "":
		case o == "const":
			t.Const = true
		case o == "desc":
			t.Desc = true
		case o == "bytes":
			t.Bytes = true
		case o == "optional":
			t.Optional = true
		case key == "ext":
			code, err := strconv.ParseUint(value, 0, 8)
			if err != nil || code < 0x40 || code > 0x4f {
				return Tag{}, fmt.Errorf("option %q: an extension's code is 0x40 to 0x4f", o)
			}
			t.Ext = byte(code)
		case key == "unit":
			u, ok := schematext.UnitNanos(value) // the units of time(UNIT) in a schema
			if !ok {
				return Tag{}, fmt.Errorf("unit %q, want ns, us, ms or s", value)
			}
			t.Unit = time.Duration(u)
		default:
			return Tag{}, fmt.Errorf("unknown option %q (want desc, bytes, optional, ext=0xNN, unit=ns|us|ms|s or const)", o)
		}
	}
	if t.Const && (t.Desc || t.Bytes || t.Optional || t.Unit != 0 || t.Ext != 0) {
		return Tag{}, fmt.Errorf("a constant takes no other option")
	}
	if t.Optional && t.Desc {
		return Tag{}, fmt.Errorf("optional takes no desc: a key that leaves the field out sorts before every value of it, in either direction, so the field could not be descending")
	}
	return t, t.checkName()
}

// checkName refuses a field's name that is not a Go identifier: a key's
// schema prints it, and package keyschema reads only identifiers there.
// A constant's name is its value, any text.
func (t *Tag) checkName() error {
	if t.Const || t.Name == "" || isIdent(t.Name) {
		return nil
	}
	name := t.Name
	*t = Tag{}
	return fmt.Errorf("name %q: a field's name is a Go identifier (letters, digits and _, not starting with a digit), as a key's schema prints it", name)
}

// isIdent reports whether s is a Go identifier, as a schema's field name
// is (package keyschema reads it so).
func isIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))) {
			return false
		}
	}
	return s != ""
}

// IsConst reports whether tag marks a constant, without reading the rest:
// a field that is unexported is part of a key only as a constant, which
// is decided before its tag is checked.
func IsConst(tag string) bool {
	_, opts, _ := strings.Cut(tag, ",")
	for o := range strings.SplitSeq(opts, ",") {
		if o == "const" {
			return true
		}
	}
	return false
}

// Unexported is the rule for an unexported field named field that is no
// constant and not tagged "-" (which leaves any field out), by its tuple
// tag: a plan can neither read nor set such a field, so it would leave
// the key unnoticed, and two values that differ only in it would share
// one key. A blank field (_) with no tag holds nothing a value sets and
// is left out without a word (problem ""); any other is refused, and
// problem says why and how to mend it. badTag: the problem is the field's
// tag, which does nothing there; else the field itself.
func Unexported(field, tag string, hasTag bool) (problem string, badTag bool) {
	name, _, _ := strings.Cut(tag, ",")
	switch {
	case field == "_" && tag == "":
		return "", false
	case hasTag && tag != "" && name != "": // a forgotten ,const, most likely
		return fmt.Sprintf("a tuple tag on an unexported field does nothing; add ,const for a constant (tuple:\"%s,const\"), export the field, or tag it `tuple:\"-\"` to leave it out of the key", name), true
	case hasTag && tag != "":
		return "a tuple tag on an unexported field does nothing; export the field, or tag it `tuple:\"-\"` to leave it out of the key", true
	}
	return "the field is unexported, so a plan can neither read nor set it and it would be left out of the key (values that differ only in it would share a key); export it, or tag it `tuple:\"-\"` to leave it out of the key", false
}
