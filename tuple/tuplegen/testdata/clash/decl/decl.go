// Package decl declares a name the generated file declares too.
package decl

type K struct{ A int64 }

func tupleKeyErr() {}
