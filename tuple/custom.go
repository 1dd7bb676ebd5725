package tuple

// ElementAppender is implemented by a type of the caller's own that is
// one tuple element: AppendTupleElement appends exactly one complete
// element, type code included, to dst (in the spirit of
// encoding.BinaryAppender). The element is checked: anything but one
// whole element is an error. Plans, Scan's counterpart AppendElems,
// Pack and Codec.Pack, Compare and the text form honour it; the method
// may be on the type or on its pointer.
type ElementAppender interface {
	AppendTupleElement(dst []byte) ([]byte, error)
}

// ElementScanner is implemented by a pointer to a type of the caller's
// own that reads itself from exactly one element, as framed by Next,
// nested tuples included (in the spirit of sql.Scanner). elem aliases
// the key: the method must copy what it keeps. Plans and Scan honour it.
// The element is read by the type's own rules: a lenient codec frames it
// leniently, but what the method accepts inside it is the method's (one
// that reads with tuplewire's Consume functions is strict).
type ElementScanner interface {
	ScanTupleElement(elem []byte) error
}
