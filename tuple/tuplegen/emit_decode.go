package tuplegen

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// decodeCtx is where decoding code runs.
type decodeCtx struct {
	in       string // the slice read: "key", or what a descending element wraps
	open     string // the variable holding the offset of the nested tuple being read; "" at the top
	descCode bool   // the codec has the descending extension: its code is of the wrong type, not invalid
	// deferStrings: strings are appended to the method's one buffer and
	// assigned at its end (false where a field may not be reached: behind
	// a pointer, inside a descending element).
	deferStrings bool
	depth        int  // the nested tuples ctx.in[pos] is inside of
	notNull      bool // ctx.in[pos] is known to be no null
}

// unmarshalMethod writes UnmarshalTupleKey of the current type.
func (e *emitter) unmarshalMethod() {
	t := e.typ
	outer := e.w
	e.w = new(bytes.Buffer)
	e.deferred = nil
	ctx := decodeCtx{in: "key", descCode: t.hasDesc, deferStrings: true}
	for i := range t.fields {
		e.decodeField(ctx, &t.fields[i], "v")
	}
	body := e.w.String()
	e.w = outer
	allocs := " Nothing decoded aliases key."
	if plainFields(t.fields) {
		allocs = "\n// Its strings share one allocation (two beyond 128 bytes of them), and\n// nothing else allocates; nothing decoded aliases key."
	}
	e.printf(`
// UnmarshalTupleKey reads the fields of *v from the start of key, as
// tuple.Plan[%[1]s].UnmarshalPrefix does with tuple.Codec{}, and returns
// the number of bytes read. Its errors are the plan's (sentinel, field and
// offset).%[3]s
func (v *%[2]s) UnmarshalTupleKey(key []byte) (int, error) {
	if tupleKeyStale%[1]s != nil {
		return 0, tupleKeyStale%[1]s
	}
	pos := 0
`, t.name, t.expr(), allocs)
	if len(e.deferred) > 0 {
		e.printf("var text [128]byte\nbuf := text[:0]\n")
	}
	e.w.WriteString(body)
	if len(e.deferred) > 0 {
		e.printf("all := string(buf)\n")
		for i, d := range e.deferred {
			lo := ""
			if i > 0 {
				lo = "e" + strconv.Itoa(i-1)
			}
			e.printf("%s = %s\n", d.target, conv(d.goType, "string", "all["+lo+":e"+strconv.Itoa(i)+"]"))
		}
	}
	e.printf("return pos, nil\n}\n")
}

// decodeField writes the code that reads field f of the struct value
// base from ctx.in[pos:], stepping pos over it.
func (e *emitter) decodeField(ctx decodeCtx, f *field, base string) {
	ef := strconv.Quote(f.errField())
	in := ctx.in
	e.printf("// %s\n", f.errField())
	if f.optional {
		e.decodeOptional(ctx, f, base)
		return
	}
	if ctx.open == "" {
		e.printf("if pos >= len(%s) {\nreturn 0, tupleKeyFail(%[1]s, pos, tuple.ErrTooFewElements, %s, \"the key ends before this field\")\n}\n", in, ef)
	} else {
		e.printf("if pos >= len(%s) {\nreturn 0, tupleKeyFail(%[1]s, %s, tuple.ErrUnterminated, %s, \"nested tuple has no closing 00\")\n}\n", in, ctx.open, ef)
		e.printf("if %s[pos] == 0x00 && (pos+1 >= len(%[1]s) || %[1]s[pos+1] != 0xFF) {\nreturn 0, tupleKeyFail(%[1]s, pos, tuple.ErrTooFewElements, %s, \"the nested tuple ends before this field\")\n}\n", in, ef)
	}
	fieldExpr := base + f.sel
	for _, p := range f.via { // allocated on the way, as the plan does
		e.printf("if %s == nil {\n%[1]s = new(%s)\n}\n", base+p.sel, p.goType)
	}
	switch {
	case f.kind == kindConst:
		c := strconv.Quote(string(f.constEnc))
		e.printf("if len(%s)-pos < %d || string(%[1]s[pos:pos+%[2]d]) != %s {\nreturn 0, tupleKeyFail(%[1]s, pos, tuple.ErrConstMismatch, %[4]s, %[5]q)\n}\npos += %[2]d\n",
			in, len(f.constEnc), c, ef, "want the constant "+c)
	case f.nullable:
		size := 1
		if ctx.open != "" {
			size = 2 // a nested null is 00 FF
		}
		p := e.id("p")
		e.printf("if %s[pos] == 0x00 {\n%s = nil\npos += %d\n} else {\n%s := new(%s)\n%[2]s = %[4]s\n", in, fieldExpr, size, p, f.goType)
		inner := ctx
		inner.deferStrings, inner.notNull = false, true
		e.decodeValue(inner, f, "(*"+p+")")
		e.printf("}\n")
	default:
		e.decodeValue(ctx, f, fieldExpr)
	}
}

// decodeOptional writes the code that reads the optional field f, one of
// the key's own, as the plan reads it: nil when the key ends before it
// (overwriting what it held), and a null where it would be refused: a
// nil is left out of the key, never written as a null.
func (e *emitter) decodeOptional(ctx decodeCtx, f *field, base string) {
	in, fieldExpr := ctx.in, base+f.sel
	e.printf("if pos >= len(%s) { // the key ends before it\n", in)
	var on []string
	for _, p := range f.via { // the plan allocates none to set a nil
		on = append(on, base+p.sel+" != nil")
	}
	if len(on) > 0 {
		e.printf("if %s {\n%s = nil\n}\n", strings.Join(on, " && "), fieldExpr)
	} else {
		e.printf("%s = nil\n", fieldExpr)
	}
	e.printf("} else if %s[pos] == 0x00 {\nreturn 0, tupleKeyFail(%[1]s, pos, tuple.ErrWrongType, %q, %q)\n} else {\n",
		in, f.errField(), "a null, but an optional field is left out of the key when nil, never written as a null")
	for _, p := range f.via { // allocated on the way, as the plan does
		e.printf("if %s == nil {\n%[1]s = new(%s)\n}\n", base+p.sel, p.goType)
	}
	p := e.id("p")
	e.printf("%s := new(%s)\n%s = %[1]s\n", p, f.goType, fieldExpr)
	inner := ctx
	inner.deferStrings, inner.notNull = false, true
	e.decodeValue(inner, f, "(*"+p+")")
	e.printf("}\n")
}

// decodeValue writes the code that reads the element at ctx.in[pos] into
// target, an addressable expression of the field's (pointed-to) type.
func (e *emitter) decodeValue(ctx decodeCtx, f *field, target string) {
	ef := strconv.Quote(f.errField())
	in := ctx.in
	if f.desc {
		e.decodeDesc(ctx, f, target)
		return
	}
	if f.kind == kindCustom && !ctx.notNull { // the plan hands no null to the method
		e.printf("if %s[pos] == 0x00 {\nreturn 0, tupleKeyFail(%[1]s, pos, tuple.ErrWrongType, %s, %q)\n}\n", in, ef, "a null element cannot go into "+f.typeText)
	}
	if ctx.descCode && f.kind != kindNested && f.kind != kindCustom { // a custom type frames the element, and may take a descending one
		e.printf("if %s[pos] == %#02x {\nreturn 0, tupleKeyKind(%[1]s, pos, true, %[3]s)\n}\n", in, descCode, ef)
	}
	// consume calls a tuplewire.Consume function and assigns its value,
	// converted to the field's type (by convert, when Go has no
	// conversion).
	var convert string
	consume := func(call, valueType string, check func(x string) string) {
		x, n := e.id("x"), e.id("n")
		fn, arg := "tuplewire."+call, ""
		switch f.kind {
		case kindTime:
			fn, arg = "tuple.ConsumeTime", ", "+f.unit
		case kindDuration:
			fn, arg = "tuple.ConsumeDuration", ", "+f.unit
		}
		e.printf("%s, %s, err := %s(%s[pos:]%s)\nif err != nil {\nreturn 0, tupleKeyErr(err, pos, %s)\n}\n", x, n, fn, in, arg, ef)
		if check != nil {
			e.printf("if %s {\nreturn 0, tupleKeyFail(%s, pos, tuple.ErrOutOfRange, %s, \"the value does not fit in %s\")\n}\n", check(x), in, ef, f.typeText)
		}
		value := conv(f.goType, valueType, x)
		if convert != "" {
			value = convert + "[" + f.goType + "](" + x + ")"
		}
		e.printf("%s = %s\npos += %s\n", target, value, n)
	}
	appendTo := func(call string) {
		b, n := e.id("b"), e.id("n")
		e.printf("%s, %s, err := tuplewire.%s(buf, %s[pos:])\nif err != nil {\nreturn 0, tupleKeyErr(err, pos, %s)\n}\nbuf = %[1]s\npos += %[2]s\n", b, n, call, in, ef)
		e.printf("e%d := len(buf)\n", len(e.deferred))
		e.deferred = append(e.deferred, deferredString{target: target, goType: f.goType})
	}
	switch f.kind {
	case kindString:
		if ctx.deferStrings {
			appendTo("ConsumeStringAppend")
		} else {
			consume("ConsumeString", "string", nil)
		}
	case kindBytesString:
		if ctx.deferStrings {
			appendTo("ConsumeBytesAppend")
		} else {
			x, n := e.id("x"), e.id("n")
			e.printf("%s, %s, err := tuplewire.ConsumeBytes(%s[pos:])\nif err != nil {\nreturn 0, tupleKeyErr(err, pos, %s)\n}\n%s = %s\npos += %[2]s\n",
				x, n, in, ef, target, conv(f.goType, "string", "string("+x+")"))
		}
	case kindByteSlice:
		if f.byteElems {
			e.uses["byteElems"] = true
			convert = "tupleKeyByteElems"
		}
		consume("ConsumeBytes", "[]byte", nil)
	case kindBool, kindInt, kindUint, kindFloat32, kindFloat64, kindVersionstamp:
		var check func(string) string
		if (f.kind == kindInt || f.kind == kindUint) && f.sized != f.basic {
			// For int and uint, a check the compiler drops on a 64-bit platform.
			check = func(x string) string { return fmt.Sprintf("%s(%s(%s)) != %[3]s", f.basic, f.sized, x) }
		}
		consume(wireFuncs[f.kind].consume, f.basic, check)
	case kindUUID:
		if f.byteElems {
			e.uses["uuidElems"] = true
			convert = "tupleKeyUUIDElems"
		}
		consume("ConsumeUUID", e.names.markOf("github.com/google/uuid", "uuid")+".UUID", nil)
	case kindNested:
		e.decodeNested(ctx, f, target)
	case kindTime:
		consume("", e.names.markOf("time", "time")+".Time", nil)
	case kindDuration:
		consume("", e.names.markOf("time", "time")+".Duration", nil)
	case kindBigInt:
		x, n := e.id("x"), e.id("n")
		e.printf("%s, %s, err := tuplewire.ConsumeBigInt(%s[pos:])\nif err != nil {\nreturn 0, tupleKeyErr(err, pos, %s)\n}\n%s = *%[1]s\npos += %[2]s\n", x, n, in, ef, target)
	case kindCustom:
		n := e.id("n")
		e.printf("%s, err := %s.ScanCustom(%s[pos:], %s, %d)\nif err != nil {\nreturn 0, tupleKeyErr(err, pos, %s)\n}\npos += %[1]s\n", n, e.codec(ctx.descCode), in, addr(target), ctx.depth, ef)
	default:
		panic(fmt.Sprintf("tuplegen: no decoder for kind %d", f.kind))
	}
}

// decodeNested writes the code that reads a nested tuple into the struct
// target, checking its framing as the plan's scanner does.
func (e *emitter) decodeNested(ctx decodeCtx, f *field, target string) {
	ef := strconv.Quote(f.errField())
	in := ctx.in
	open := e.id("open")
	e.printf("if %s[pos] != 0x05 {\nreturn 0, tupleKeyKind(%[1]s, pos, %t, %s)\n}\n%s := pos\npos++\n", in, ctx.descCode, ef, open)
	inner := ctx
	inner.open, inner.notNull = open, false
	inner.depth++
	for i := range f.nested {
		e.decodeField(inner, &f.nested[i], target)
	}
	e.printf("if pos >= len(%s) {\nreturn 0, tupleKeyFail(%[1]s, %s, tuple.ErrUnterminated, %s, \"nested tuple has no closing 00\")\n}\n", in, open, ef)
	e.printf("if %s[pos] != 0x00 || (pos+1 < len(%[1]s) && %[1]s[pos+1] == 0xFF) {\nreturn 0, tupleKeyFail(%[1]s, pos, tuple.ErrTooManyElements, %s, \"the nested tuple holds more elements than the struct has fields\")\n}\npos++\n", in, ef)
}

// decodeDesc writes the code that reads a descending element: its
// framing here, what it wraps by a function of its own (written to the
// helpers), whose errors are placed in the key as the plan places them
// (tuplewire.DescOffset).
func (e *emitter) decodeDesc(ctx decodeCtx, f *field, target string) {
	ef := strconv.Quote(f.errField())
	in := ctx.in
	fn := fmt.Sprintf("tupleKey%sDesc%d", e.typ.name, e.n+1)
	e.n++
	buf, asc, n, end := e.id("ascBuf"), e.id("asc"), e.id("n"), e.id("end")
	e.printf("if %s[pos] != %#02x {\nreturn 0, tupleKeyKind(%[1]s, pos, %[3]t, %[4]s)\n}\n", in, descCode, ctx.descCode, ef)
	e.printf("var %[1]s [64]byte\n%[2]s, %[3]s, err := tuplewire.ConsumeDesc(%[1]s[:0], %[4]s[pos:])\nif err != nil {\nreturn 0, tupleKeyErr(err, pos, %[5]s)\n}\n", buf, asc, n, in, ef)
	e.printf("if len(%s) == 0 {\nreturn 0, tupleKeyFail(%s, pos, tuple.ErrInvalidCode, %s, \"descending element holds no element\")\n}\n", asc, in, ef)
	e.printf("%s, err := %s(%s, %s)\nif err != nil {\nreturn 0, tupleKeyDescErr(err, %[3]s, pos, %[5]s)\n}\n", end, fn, asc, addr(target), ef)
	e.uses["desc"] = true
	e.printf("if %s != len(%s) {\nreturn 0, tupleKeyFail(%s, pos, tuple.ErrInvalidCode, %s, \"descending element holds more than one element\")\n}\npos += %s\n", end, asc, in, ef, n)

	// The function, written apart from the method being written.
	outer := e.w
	e.w = new(bytes.Buffer)
	g := *f
	g.desc = false
	e.printf("\n// %[1]s reads the element that the descending field %[2]s wraps.\nfunc %[1]s(in []byte, p *%[3]s) (int, error) {\npos := 0\n", fn, f.errField(), f.goType)
	e.decodeValue(decodeCtx{in: "in", depth: ctx.depth}, &g, "(*p)")
	e.printf("return pos, nil\n}\n")
	e.helpers.Write(e.w.Bytes())
	e.w = outer
}
