package tuple

// The per-kind Append, Consume and Size functions are tuplewire's; this
// package adds the Consume functions that return its own values (Tuple,
// any).

// ConsumeElement decodes the first element of b, of any kind, into the Go
// type Unpack would give it.
func ConsumeElement(b []byte) (v any, n int, err error) {
	return Codec{}.ConsumeElement(b)
}
