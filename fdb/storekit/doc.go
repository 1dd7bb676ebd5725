// Package storekit is what every store under the fdb transaction
// interfaces needs, written once: the rules of FoundationDB that a store
// must follow to be interchangeable with it, and the machinery a store
// without FoundationDB's transactions builds them from.
//
//   - WriteBuffer: a transaction's writes kept until its commit, merged
//     over the store's reads so that every read sees the transaction's own
//     writes (read-your-writes), snapshot reads included, pending adds
//     included; walked at the commit (ClearRanges, then Writes). A store
//     gives it a Reader of the store at the transaction's read version.
//   - LittleEndianAdd: FoundationDB's ADD on one value.
//   - CheckKey, CheckSet, CheckRange, CheckClearRange, CheckLimit,
//     CheckTransactionSize: FoundationDB's legal key range and size limits
//     (KeySizeLimit, ValueSizeLimit, TransactionSizeLimit), refused with
//     the fdb.Error codes FoundationDB returns (2004, 2102, 2103, 2005,
//     2012, 2101), wrapped with the key in fdb.Printable form.
//   - RetryPolicy: the retry loop of a store's Transact: retryable errors
//     (fdb.IsRetryable) run the transaction again after a jittered,
//     growing wait, up to a documented number of attempts.
//   - ReadStats: a counter of the reads a store serves, for benchmarks
//     that report reads per operation.
//
// A store on a key-value engine with transactions of its own (bbolt, see
// fdb/boltstore) needs only the checks, LittleEndianAdd and the retry
// loop. A store whose transactions do not see their own writes, or that
// detects conflicts itself (fdb/memstore, a network store), keeps a
// WriteBuffer per transaction:
//
//	var buf storekit.WriteBuffer
//	if err := buf.Set(key, value); err != nil { ... }      // checked as FoundationDB checks it
//	v, ok, err := buf.Get(reader, key)                      // sees the Set
//	kvs, err := buf.GetRange(reader, begin, end, fdb.RangeOptions{Limit: 10, Reverse: true})
//	for begin, end := range buf.ClearRanges() { ... }       // at the commit: first the clear ranges,
//	for w := range buf.Writes() { v, keep := w.Apply(stored) ... } // then each key's write
//
// A store that detects conflicts by ranges records a read conflict only
// where a read depends on the store (WriteBuffer.ReadsStore,
// WriteBuffer.StoreRanges), as FoundationDB does.
//
// Place in the import DAG: above fdb (and an internal ordered map), below
// the stores.
package storekit
