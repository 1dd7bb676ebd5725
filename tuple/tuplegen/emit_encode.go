package tuplegen

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// appendMethod writes AppendTupleKey of the current type.
func (e *emitter) appendMethod() {
	t := e.typ
	e.printf(`
// AppendTupleKey appends the key of *v to dst: the bytes tuple.Plan[%[1]s]
// writes with tuple.Codec{}. On error it returns dst unchanged and the
// plan's error.
func (v *%[2]s) AppendTupleKey(dst []byte) ([]byte, error) {
	if tupleKeyStale%[1]s != nil {
		return dst, tupleKeyStale%[1]s
	}
`, t.name, t.expr())
	outer := e.w
	e.w = new(bytes.Buffer)
	e.optionalGaps(t.fields, "v")
	for i := range t.fields {
		e.encodeField(&t.fields[i], "v", "dst", false, 0)
	}
	body := e.w.String()
	e.w = outer
	if strings.Contains(body, "dst[:start]") { // an error path returns dst as it came
		e.printf("start := len(dst)\n")
	}
	e.printf("%sreturn dst, nil\n}\n", body)
	if plainFields(t.fields) {
		fixed, terms := sizeOf(t.fields, "v")
		e.printf(`
// MarshalTupleKey returns the key of *v in a new slice of its exact
// length: one allocation, of the key's length as if its strings held no
// 00, and %[3]d bytes more: room for %[3]d of them (a 00 is written 00 FF);
// more grow the slice once.
func (v *%[1]s) MarshalTupleKey() ([]byte, error) {
	if tupleKeyStale%[4]s != nil { // before the size, which reads the fields by the file's layout
		return nil, tupleKeyStale%[4]s
	}
	key, err := v.AppendTupleKey(make([]byte, 0, %[2]s))
	if err != nil {
		return nil, err
	}
	return key, nil
}
`, t.expr(), strings.Join(append([]string{strconv.Itoa(fixed + marshalSlack)}, terms...), "+"), marshalSlack, t.name)
		return
	}
	e.printf(`
// MarshalTupleKey returns the key of *v in a new slice of its exact
// length.
func (v *%[1]s) MarshalTupleKey() ([]byte, error) {
	var buf [128]byte
	key, err := v.AppendTupleKey(buf[:0])
	if err != nil {
		return nil, err
	}
	return append([]byte(nil), key...), nil
}
`, t.expr())
}

// marshalSlack is the room MarshalTupleKey of a type of plain fields makes
// beyond the key's length without 00s: eight 00s (a string's 00 takes two
// bytes), and the integers' 8-byte store past the last one (see
// tuplewire.IntRoom), without counting them in every string, which would
// cost a pass over it.
const marshalSlack = 8

// sizeOf returns the length of the key of fields (plainFields) of the
// struct value base, strings counted as if they held no 00: a constant
// and the expressions to add to it.
func sizeOf(fields []field, base string) (fixed int, terms []string) {
	for i := range fields {
		f := &fields[i]
		x := base + f.sel
		switch f.kind {
		case kindConst:
			fixed += len(f.constEnc)
		case kindString, kindBytesString:
			fixed += 2
			terms = append(terms, "len("+x+")")
		case kindBool:
			fixed++
		case kindInt:
			terms = append(terms, "tuplewire.SizeInt("+conv("int64", f.goType, x)+")")
		case kindUint:
			terms = append(terms, "tuplewire.SizeUint("+conv("uint64", f.goType, x)+")")
		case kindFloat32:
			fixed += 5
		case kindFloat64:
			fixed += 9
		case kindUUID:
			fixed += 17
		case kindVersionstamp:
			fixed += 13
		case kindNested:
			n, more := sizeOf(f.nested, x)
			fixed += 2 + n
			terms = append(terms, more...)
		default:
			panic(fmt.Sprintf("tuplegen: no size for kind %d", f.kind))
		}
	}
	return fixed, terms
}

// optionalGaps writes the check that no optional field of fields, the
// key's own, is set after a nil one, whose error names both as the
// plan's does (ErrOptionalGap): before any field is written, as the plan
// checks it first.
func (e *emitter) optionalGaps(fields []field, base string) {
	for i := firstOptional(fields); i < len(fields)-1; i++ {
		f := &fields[i]
		e.printf("// the key ends at %s when it is nil: no optional field after it may be set\nif %s {\n", f.name, isAbsent(f, base))
		for j := i + 1; j < len(fields); j++ {
			g := &fields[j]
			detail := fmt.Sprintf("%s is set and %s before it is nil; the key ends at %s, so it cannot hold %s (set %s, or leave %s nil)", g.name, f.name, f.name, g.name, f.name, g.name)
			e.printf("if %s {\nreturn dst, &tuple.EncodeError{Type: reflect.TypeFor[%s](), Field: %q, Err: tuple.ErrOptionalGap, Detail: %q}\n}\n",
				isSet(g, base), g.fieldType, g.planName(), detail)
		}
		e.printf("}\n")
	}
}

// isAbsent is the condition that the optional field f of the struct value
// base is left out of the key: it is nil, or an embedded pointer on the
// way to it is (as the plan reads it).
func isAbsent(f *field, base string) string {
	var nils []string
	for _, p := range f.via {
		nils = append(nils, base+p.sel+" == nil")
	}
	return strings.Join(append(nils, base+f.sel+" == nil"), " || ")
}

// isSet is the negation of isAbsent: the optional field f is in the key.
func isSet(f *field, base string) string {
	var set []string
	for _, p := range f.via {
		set = append(set, base+p.sel+" != nil")
	}
	return strings.Join(append(set, base+f.sel+" != nil"), " && ")
}

// encodeField writes the code that appends field f of the struct value
// base to the slice named out (a nested tuple's element when nested,
// inside depth nested tuples).
func (e *emitter) encodeField(f *field, base, out string, nested bool, depth int) {
	fieldExpr := base + f.sel
	e.printf("// %s\n", f.errField())
	if f.optional { // a nil one ends the key; none after it is set (optionalGaps)
		e.printf("if %s {\nreturn dst, nil\n}\n", isAbsent(f, base))
		e.encodeValue(f, "(*"+fieldExpr+")", fieldExpr, out, nested, depth)
		return
	}
	for _, p := range f.via { // as the plan refuses it, constants included
		e.uses["nilEmbedded"] = true
		e.printf("if %s == nil {\nreturn dst[:start], tupleKeyNilEmbedded(reflect.TypeFor[%s](), %q)\n}\n", base+p.sel, f.fieldType, f.planName())
	}
	switch {
	case f.kind == kindConst:
		e.printf("%s = append(%[1]s, %s...)\n", out, strconv.Quote(string(f.constEnc)))
		return
	case f.nullable:
		null := "append(" + out + ", 0x00)"
		if nested {
			null = "tuplewire.AppendNestedNull(" + out + ")"
		}
		e.printf("if %s == nil {\n%s = %s\n} else {\n", fieldExpr, out, null)
		e.encodeValue(f, "(*"+fieldExpr+")", fieldExpr, out, nested, depth)
		e.printf("}\n")
		return
	}
	e.encodeValue(f, fieldExpr, fieldExpr, out, nested, depth)
}

// encodeValue writes the code that appends the value x of field f
// (fieldExpr is the field itself, for the type errors name).
func (e *emitter) encodeValue(f *field, x, fieldExpr, out string, nested bool, depth int) {
	ef := strconv.Quote(f.errField())
	if f.desc {
		buf, asc := e.id("ascBuf"), e.id("asc")
		e.printf("var %s [64]byte\n%s := %[1]s[:0]\n", buf, asc)
		g := *f
		g.desc = false
		e.encodeValue(&g, x, fieldExpr, asc, false, depth)
		e.printf("%s = tuplewire.AppendDesc(%[1]s, %#02x, %s)\n", out, descCode, asc)
		return
	}
	switch f.kind {
	case kindString:
		o := e.id("out")
		e.printf("%s, err := tuplewire.AppendStringChecked(%s, %s)\nif err != nil {\nreturn dst[:start], tupleKeyEncodeErr(%s, err, %s)\n}\n%[2]s = %[1]s\n", o, out, conv("string", f.goType, x), x, ef) // the value's type, as the plan names it
	case kindBytesString:
		e.uses["strings"] = true
		e.printf("%s = tupleKeyAppendBytesString(%[1]s, %s)\n", out, conv("string", f.goType, x))
	case kindByteSlice:
		if f.byteElems {
			e.uses["byteElems"] = true
			e.printf("%s = tupleKeyAppendByteElems(%[1]s, %s)\n", out, x)
			break
		}
		e.printf("%s = tuplewire.AppendBytes(%[1]s, %s)\n", out, x)
	case kindInt, kindUint:
		// The room check keeps the integer's one 8-byte store inlined
		// (AppendInt, which checks it, is a call), and the key from growing
		// dst when it fits.
		fn, v := wireFuncs[f.kind].append, conv(f.basic, f.goType, x)
		e.printf("if cap(%s)-len(%[1]s) >= tuplewire.IntRoom {\n%[1]s = tuplewire.%[2]sInRoom(%[1]s, %[3]s)\n} else {\n%[1]s = tuplewire.%[2]s(%[1]s, %[3]s)\n}\n", out, fn, v)
	case kindBool, kindFloat32, kindFloat64, kindVersionstamp:
		e.printf("%[1]s = tuplewire.%[2]s(%[1]s, %[3]s)\n", out, wireFuncs[f.kind].append, conv(f.basic, f.goType, x))
	case kindUUID:
		if f.byteElems {
			e.uses["uuidElems"] = true
			e.printf("%s = tupleKeyAppendUUIDElems(%[1]s, %s)\n", out, x)
			break
		}
		e.printf("%s = append(append(%[1]s, 0x30), %s[:]...)\n", out, x)
	case kindNested:
		e.printf("%s = tuplewire.BeginNested(%[1]s)\n", out)
		for i := range f.nested {
			e.encodeField(&f.nested[i], x, out, true, depth+1)
		}
		e.printf("%s = tuplewire.EndNested(%[1]s)\n", out)
	case kindTime, kindDuration:
		e.uses["named"] = true
		call := map[kind]string{kindTime: "AppendTime", kindDuration: "AppendDuration"}[f.kind]
		o := e.id("out")
		e.printf("%s, err := tuple.%s(%s, %s, %s)\nif err != nil {\nreturn dst[:start], tupleKeyNamed(err, %s)\n}\n%[3]s = %[1]s\n", o, call, out, x, f.unit, ef)
	case kindBigInt:
		o := e.id("out")
		e.printf("%s, err := tuplewire.AppendBigInt(%s, %s)\nif err != nil {\nreturn dst[:start], tupleKeyEncodeErr(%s, err, %s)\n}\n%[2]s = %[1]s\n", o, out, addr(x), x, ef)
	case kindCustom:
		e.uses["named"] = true
		o := e.id("out")
		e.printf("%s, err := %s.AppendCustom(%s, %s, %d)\nif err != nil {\nreturn dst[:start], tupleKeyNamed(err, %s)\n}\n%[3]s = %[1]s\n", o, e.codec(e.typ.hasDesc), out, addr(x), depth, ef)
	default:
		panic(fmt.Sprintf("tuplegen: no encoder for kind %d", f.kind))
	}
}

// addr is the address of the addressable expression x.
func addr(x string) string {
	if strings.HasPrefix(x, "(*") && strings.HasSuffix(x, ")") {
		return x[2 : len(x)-1]
	}
	return "&" + x
}

// codec is the expression of the plan's codec, with the descending
// extension or without it, for the tuple functions that take one.
func (e *emitter) codec(desc bool) string {
	if desc {
		e.uses["descCodec"] = true
		return "tupleKeyDescCodec"
	}
	return "tuple.Codec{}"
}

// plainFields reports whether fields are of the kinds whose code
// allocates nothing but the strings it decodes: no pointer, no
// descending field (its buffer), no byte slice, big integer, time or
// custom element. The comments of the methods of such a type state what
// they allocate; of another type, they do not (a key of a string and a
// descending string costs three allocations to read).
func plainFields(fields []field) bool {
	for i := range fields {
		f := &fields[i]
		if f.nullable || f.desc || len(f.via) > 0 {
			return false
		}
		switch f.kind {
		case kindConst, kindString, kindBytesString, kindBool, kindInt, kindUint, kindFloat32, kindFloat64, kindUUID, kindVersionstamp:
		case kindNested:
			if !plainFields(f.nested) {
				return false
			}
		default:
			return false
		}
	}
	return true
}
