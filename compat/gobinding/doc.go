// Package gobinding holds, in a module of its own, the checks of this
// repository against the official FoundationDB Go binding: a differential
// test over every vector row and 100,000 random tuples, the official
// binding's own tuple and subspace tests run against this module, and
// benchmarks of both packages in one binary.
//
// The official packages are fetched at a pinned version by fetch.sh and
// never committed; that is why this is a separate module: nothing in the
// main module imports a package that is not committed. Run ./run.sh.
package gobinding
