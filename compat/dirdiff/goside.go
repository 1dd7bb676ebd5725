package dirdiff

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/subspace"
)

// GoSide is this module's directory layer (fdb/directory) as a Side: the
// protocol's requests run in process on a store that newStore makes (a
// new one at each Reset). The allocator's draws go through
// directory.Options.Rand, which every layer of the side is made with.
type GoSide struct {
	name     string
	newStore func() fdb.Transactor
	store    fdb.Transactor
	layers   []directory.Directory
	handles  map[int]directory.Directory
	next     int
	draws    drawSource
}

// NewGoSide returns a side running fdb/directory on the stores newStore
// makes. A store that has Dump() []fdb.KeyValue and Load([]fdb.KeyValue)
// error (fdb/memstore) is dumped and loaded through them; another through
// a range read and sets.
func NewGoSide(name string, newStore func() fdb.Transactor) *GoSide {
	g := &GoSide{name: name, newStore: newStore}
	g.reset()
	return g
}

// NewMemSide is the Go side of the differential: fdb/directory on
// fdb/memstore, the in-memory store with FoundationDB's semantics.
func NewMemSide() *GoSide {
	return NewGoSide("fdb/directory", func() fdb.Transactor { return memstore.New(nil) })
}

// Name implements Side.
func (g *GoSide) Name() string { return g.name }

// Reset implements Side.
func (g *GoSide) Reset() error {
	g.reset()
	return nil
}

func (g *GoSide) reset() {
	g.store = g.newStore()
	g.layers = []directory.Directory{g.layer(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(), false)}
	g.handles = map[int]directory.Directory{}
	g.next = 1
}

func (g *GoSide) layer(node, content subspace.Subspace, manual bool) directory.Directory {
	return directory.NewDirectoryLayerWith(node, content, directory.Options{AllowManualPrefixes: manual, Rand: g.draws.next})
}

// Load implements Side.
func (g *GoSide) Load(pairs []Pair) error {
	kvs := make([]fdb.KeyValue, len(pairs))
	for i, p := range pairs {
		kvs[i] = fdb.KeyValue{Key: fdb.Key(p[0]), Value: p[1]}
	}
	if l, ok := g.store.(interface{ Load([]fdb.KeyValue) error }); ok {
		return l.Load(kvs)
	}
	_, err := g.store.Transact(func(tr fdb.Transaction) (any, error) {
		for _, kv := range kvs {
			if err := tr.Set(kv.Key, kv.Value); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	return err
}

// NewLayer implements Side.
func (g *GoSide) NewLayer(spec LayerSpec) (int, error) {
	g.layers = append(g.layers, g.layer(subspace.FromBytes(spec.Node), subspace.FromBytes(spec.Content), spec.Manual))
	return len(g.layers) - 1, nil
}

// Dump implements Side.
func (g *GoSide) Dump() ([]Pair, error) {
	var kvs []fdb.KeyValue
	if d, ok := g.store.(interface{ Dump() []fdb.KeyValue }); ok {
		kvs = d.Dump()
	} else {
		r, err := g.store.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
			return rt.GetRange(fdb.KeyRange{Begin: fdb.Key{}, End: fdb.Key{0xff}}, fdb.RangeOptions{})
		})
		if err != nil {
			return nil, err
		}
		kvs = r.([]fdb.KeyValue)
	}
	pairs := make([]Pair, len(kvs))
	for i, kv := range kvs {
		pairs[i] = Pair{Hex(kv.Key), Hex(kv.Value)}
	}
	return pairs, nil
}

// Tx implements Side.
func (g *GoSide) Tx(req TxRequest) (TxResult, error) {
	switch {
	case req.Draws != nil && req.ThenSeed != nil:
		g.draws.replay(req.Draws)
		g.draws.then = rand.New(rand.NewPCG(uint64(*req.ThenSeed), 1))
	case req.Draws != nil:
		g.draws.replay(req.Draws)
	case req.Seed != nil:
		g.draws.record(*req.Seed)
	default:
		return TxResult{}, errors.New("tx: give draws (replay) or seed (record)")
	}
	var results []OpResult
	var protocol error
	attempts := 0
	_, err := g.store.Transact(func(tr fdb.Transaction) (any, error) {
		attempts++
		results = nil
		for _, op := range req.Ops {
			r, err := g.run(tr, op)
			if g.draws.failure != "" {
				return nil, errDrawScript
			}
			if err != nil {
				var perr *protocolError
				if errors.As(err, &perr) {
					protocol = err
					return nil, err
				}
				r = OpResult{Error: goClass(err), Message: err.Error()}
			}
			results = append(results, r)
			if r.Error != "" {
				return nil, errOpFailed
			}
		}
		if g.draws.script != nil && g.draws.then == nil && len(g.draws.log) != len(g.draws.script) {
			g.draws.failure = fmt.Sprintf("the transaction drew %d of the script's %d draws", len(g.draws.log), len(g.draws.script))
			return nil, errDrawScript
		}
		return nil, nil
	})
	if protocol != nil {
		return TxResult{}, protocol
	}
	if attempts != 1 {
		return TxResult{}, fmt.Errorf("the store ran the transaction %d times", attempts)
	}
	res := TxResult{Results: results, Committed: err == nil, Draws: g.draws.log}
	if res.Draws == nil {
		res.Draws = []Draw{}
	}
	switch {
	case g.draws.failure != "":
		res.Error = g.draws.failure
	case err != nil && !errors.Is(err, errOpFailed):
		return res, fmt.Errorf("the store failed the transaction: %w", err)
	}
	return res, nil
}

var (
	errOpFailed   = errors.New("an operation failed")
	errDrawScript = errors.New("the draw script does not fit")
)

// protocolError is a request the side cannot carry out: a handle or layer
// that does not exist, an unknown operation.
type protocolError struct{ msg string }

func (e *protocolError) Error() string { return e.msg }

func (g *GoSide) target(op Op) (directory.Directory, error) {
	if op.Handle != 0 {
		d, ok := g.handles[op.Handle]
		if !ok {
			return nil, &protocolError{fmt.Sprintf("no handle %d", op.Handle)}
		}
		return d, nil
	}
	if op.LayerID < 0 || op.LayerID >= len(g.layers) {
		return nil, &protocolError{fmt.Sprintf("no layer %d", op.LayerID)}
	}
	return g.layers[op.LayerID], nil
}

// run runs one operation in tr (a transaction is a Transactor that runs
// in itself).
func (g *GoSide) run(tr fdb.Transaction, op Op) (OpResult, error) {
	d, err := g.target(op)
	if err != nil {
		return OpResult{}, err
	}
	path := op.Path
	if path == nil {
		path = []string{}
	}
	var layer []byte
	if op.Layer != nil {
		layer = []byte(*op.Layer)
	}
	var dir directory.DirectorySubspace
	switch op.Op {
	case OpCreateOrOpen:
		dir, err = d.CreateOrOpen(tr, path, layer)
	case OpOpen:
		dir, err = d.Open(tr, path, layer)
	case OpCreate:
		dir, err = d.Create(tr, path, layer)
	case OpCreatePrefix:
		if op.Prefix == nil {
			return OpResult{}, &protocolError{"create_prefix needs a prefix"}
		}
		dir, err = d.CreatePrefix(tr, path, layer, []byte(*op.Prefix))
	case OpMove:
		path2 := op.Path2
		if path2 == nil {
			path2 = []string{}
		}
		dir, err = d.Move(tr, path, path2)
	case OpMoveTo:
		dir, err = d.MoveTo(tr, path)
	case OpRemove, OpRemoveIfExists:
		removed, err := d.Remove(tr, path)
		if err != nil {
			return OpResult{}, err
		}
		if op.Op == OpRemove {
			if !removed {
				return OpResult{Error: ClassNotExists, Message: "Remove answered false"}, nil
			}
			return OpResult{}, nil
		}
		return OpResult{Removed: &removed}, nil
	case OpList:
		names, err := d.List(tr, path)
		if err != nil {
			return OpResult{}, err
		}
		return OpResult{Names: names}, nil
	case OpExists:
		ok, err := d.Exists(tr, path)
		if err != nil {
			return OpResult{}, err
		}
		return OpResult{Exists: &ok}, nil
	default:
		return OpResult{}, &protocolError{fmt.Sprintf("unknown directory op %q", op.Op)}
	}
	if err != nil {
		return OpResult{}, err
	}
	h := g.next
	g.next++
	g.handles[h] = dir
	res := &Dir{Path: dir.GetPath(), Layer: Hex(dir.GetLayer())}
	if res.Path == nil {
		res.Path = []string{}
	}
	if directory.IsPartition(dir) {
		res.Partition = true
	} else {
		p := Hex(slices.Clone(dir.Bytes()))
		res.Prefix = &p
	}
	return OpResult{Dir: res, Handle: h}, nil
}

// drawSource is the Go side's allocator randomness: a script to replay
// exactly, or a seeded stream to record from; every draw is logged.
type drawSource struct {
	script  []Draw
	rng     *rand.Rand
	then    *rand.Rand // after the script, if set
	log     []Draw
	failure string
}

func (s *drawSource) replay(draws []Draw) {
	*s = drawSource{script: draws}
}

func (s *drawSource) record(seed int64) {
	*s = drawSource{rng: rand.New(rand.NewPCG(uint64(seed), 1))}
}

// next is the layers' Options.Rand. A draw the script cannot serve is
// answered with -1, which fails the operation (ErrInvalidArgument); Tx
// reports the failure as a protocol failure instead.
func (s *drawSource) next(n int64) int64 {
	i := len(s.log)
	if s.failure != "" {
		return -1
	}
	var v int64
	switch {
	case s.rng != nil:
		v = s.rng.Int64N(n)
	case i >= len(s.script) && s.then != nil:
		v = s.then.Int64N(n)
	case i >= len(s.script):
		s.failure = fmt.Sprintf("draw %d: the layer asked for a draw below %d, the script holds only %d draws", i, n, len(s.script))
		return -1
	case s.script[i][0] != n:
		s.failure = fmt.Sprintf("draw %d: the layer asked for a draw below %d, the script has bound %d (value %d)", i, n, s.script[i][0], s.script[i][1])
		return -1
	case s.script[i][1] < 0 || s.script[i][1] >= n:
		s.failure = fmt.Sprintf("draw %d: the script's value %d is outside [0, %d)", i, s.script[i][1], n)
		return -1
	default:
		v = s.script[i][1]
	}
	s.log = append(s.log, Draw{n, v})
	return v
}
