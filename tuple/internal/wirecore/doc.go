// Package wirecore is the engine beneath every layer of the tuple codec:
// the framing of packed tuples (where each element starts and ends), the
// faults a reader can meet and their explanations, and the per-kind
// primitives that the wire package (tuplewire) and the decoder, the
// typed keys and the text form of package tuple all share. It is
// internal so that these pieces can change without a release: the public
// contract is tuplewire's.
//
// It builds no error values of its own but the sentinels: a fault is
// explained as a [Problem], which tuplewire and tuple turn into their
// *DecodeError (the two have the same fields), so that errors.Is and
// errors.As work at every layer.
//
// Place in the import DAG: wirecore imports only package types (and the
// standard library). It must not import tuplewire, tuple, or anything
// that uses reflect; everything else of ours sits above it.
package wirecore
