package dirdiff

// Side is one implementation of the directory layer driven through the
// protocol's requests: the Java oracle (Oracle) or this module's
// fdb/directory on fdb/memstore (GoSide). A fresh side, and one after
// Reset, has an empty store, only the default layer (id 0) and no handles.
type Side interface {
	// Name says which implementation this is, for reports.
	Name() string
	// Reset empties the store and forgets every layer but 0 and every
	// handle.
	Reset() error
	// Load stores pairs as they are, outside any transaction.
	Load(pairs []Pair) error
	// NewLayer adds a directory layer and returns its id (1, 2, ...).
	NewLayer(spec LayerSpec) (int, error)
	// Tx runs one transaction. The error is a fault of the side (it did
	// not answer); TxResult.Error is a protocol failure it reported.
	Tx(req TxRequest) (TxResult, error)
	// Dump returns every pair of the store, in key order.
	Dump() ([]Pair, error)
}
