// Package tuplewire reads and writes the FoundationDB tuple format one
// element at a time, with no reflection and no boxed values: the layer
// beneath package tuple, in the way protowire sits beneath protobuf-go's
// proto. Generated codecs and loops that must not allocate call it
// directly; everything else should use package tuple (Tuple, Pack,
// Unpack, Codec, Scan, Plan).
//
// # Appending
//
// Each Append function appends one complete element, type code included,
// to dst and returns the extended slice: AppendNull, AppendBool,
// AppendInt, AppendUint, AppendBigInt, AppendFloat32, AppendFloat64,
// AppendBytes, AppendString (AppendStringChecked checks UTF-8),
// AppendUUID, AppendVersionstamp. BeginNested, AppendNestedNull and
// EndNested build a nested tuple. None retains dst or changes
// dst[:len(dst)], and none allocates when cap(dst) has room. SizeInt,
// SizeUint, SizeBigInt, SizeBytes and SizeString report what the matching
// function writes, so that a caller can size a buffer once. A packed
// tuple is the concatenation of its elements. AppendIntInRoom and
// AppendUintInRoom are AppendInt and AppendUint small enough for the
// compiler to inline, for a dst with IntRoom bytes of room: they write
// the magnitude with one 8-byte store that may reach past the element, so
// check the room first (with less they grow dst, where AppendInt might
// have fit); generated code calls them so.
//
// # Consuming
//
// The Consume functions decode the first element of b, which must be of
// the kind they are named for, and report its encoded length n, so that
// b[n:] starts at the next element. They decode strictly, as tuple.Unpack
// does, and fail with a *DecodeError wrapping ErrWrongType when the
// element is of another kind (Expect makes that check alone). Except for
// ConsumeBytes, ConsumeString and ConsumeBigInt, which return new memory,
// they do not allocate. ConsumeBytesAppend and ConsumeStringAppend decode
// into a caller's buffer instead; ConsumeStringAppendUnchecked reads a
// string that is not valid UTF-8 as it is. Their results never alias b.
//
// Next reports the code and length of the next element without decoding
// it. Elements and NestedElements range over a key's elements (and a
// nested tuple's) as subslices of it.
//
// # Descending elements
//
// AppendDesc and ConsumeDesc write and read the descending form of one
// element that package tuple's DescExtension uses, under a user type
// code: the element's ascending encoding, inverted.
//
// # Errors
//
// Every decoding error is a *DecodeError: the byte offset, the path of
// element indices into nested tuples, the type code, and a sentinel
// (ErrTruncated, ErrInvalidCode, ErrUnterminated, ErrInvalidUTF8,
// ErrNonCanonical, ErrTooDeep, ErrWrongType, ErrOutOfRange) for errors.Is.
// Package tuple declares DecodeError as this type and re-exports the same
// sentinels, so errors.Is and errors.As work with either package's names.
// Offsets count from the b a function was given; DecodeError.Rebase moves
// them into a larger input.
//
// The format is specified in design/tuple.md of apple/foundationdb.
//
// Place in the import DAG: tuplewire imports only package types and the
// internal engine beneath it (tuple/internal/wirecore). It must not
// import package tuple, reflect, or anything that knows Tuple, Codec or
// extensions; package tuple imports it.
package tuplewire
