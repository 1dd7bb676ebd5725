package tuple

// Per-type encoders. Each appends one complete element, type code included,
// to dst and returns the extended slice. None retains dst or changes
// dst[:len(dst)], and none allocates when cap(dst) has room for the element
// (see the Size functions).
//
// Integers. Zero is the single byte 14. A magnitude of n <= 8 bytes follows
// code 14+n (positive) or 14-n (negative); negative values are written as
// the one's complement of the magnitude, so that larger magnitudes give
// smaller bytes. Magnitudes of 9 to 255 bytes use 1D (positive) or 0B
// (negative) followed by one length byte (inverted for negatives, so longer
// negatives sort first). Because 2^64-1 fits in eight bytes, it is written
// 1C FF*8, as the Go and Java bindings do; the Python binding's 1D 08 FF*8
// is accepted on decode (apple/foundationdb#1296).
//
// Floats. The IEEE bits are taken big-endian; a positive value has only its
// sign bit flipped and a negative one has every bit flipped. That maps the
// IEEE total order (negative NaNs, -Inf, negatives, -0, +0, positives, +Inf,
// positive NaNs) onto unsigned byte order. NaN payloads are kept.
