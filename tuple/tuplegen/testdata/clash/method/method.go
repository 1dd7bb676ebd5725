// Package method has key types with a field or method of a generated
// method's name, and one that embeds such a method, which the generated
// method shadows.
package method

type Field struct {
	A               int64
	MarshalTupleKey bool `tuple:"-"`
}

type Method struct{ A int64 }

func (*Method) TupleKeyFields() string { return "" }

type Embeds struct {
	Method
	B int64
}
