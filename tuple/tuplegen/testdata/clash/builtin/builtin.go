// Package builtin declares a name of Go's own that the generated code
// uses.
package builtin

type K struct{ A string }

func len(s string) int { return 0 }
