package dirdiff

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// ProtocolVersion is the version of the directory protocol
// (compat/DIRECTORY_PROTOCOL.md) that this package speaks.
const ProtocolVersion = 1

// Hex is a byte string written as lowercase hex in JSON.
type Hex []byte

// MarshalJSON writes h as a hex string.
func (h Hex) MarshalJSON() ([]byte, error) { return json.Marshal(hex.EncodeToString(h)) }

// UnmarshalJSON reads a hex string.
func (h *Hex) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	d, err := hex.DecodeString(s)
	if err != nil {
		return fmt.Errorf("hex %q: %w", s, err)
	}
	*h = d
	return nil
}

// Pair is one key and its value, as load takes and dump gives them:
// ["key hex", "value hex"].
type Pair [2]Hex

// Draw is one draw of the allocator: [bound, value], value in [0, bound).
type Draw [2]int64

// LayerSpec is a directory layer of new_layer: the raw prefixes of its
// node and content subspaces, and whether it takes manual prefixes.
type LayerSpec struct {
	Node    Hex  `json:"node"`
	Content Hex  `json:"content"`
	Manual  bool `json:"manual"`
}

// The directory operations of a transaction.
const (
	OpCreateOrOpen   = "create_or_open"
	OpOpen           = "open"
	OpCreate         = "create"
	OpCreatePrefix   = "create_prefix"
	OpMove           = "move"
	OpMoveTo         = "move_to"
	OpRemove         = "remove"
	OpRemoveIfExists = "remove_if_exists"
	OpList           = "list"
	OpExists         = "exists"
)

// Op is one directory operation. It runs on the directory layer LayerID
// (0: the default layer) or, when Handle is set, on the directory an
// earlier operation returned (paths are then relative to it; an empty path
// is the directory itself). Path is the operation's path (move's source,
// move_to's new absolute path), Path2 move's destination. Layer is the
// layer argument, absent (nil) for the call without one; Prefix is
// create_prefix's manual prefix.
type Op struct {
	Op      string   `json:"op"`
	LayerID int      `json:"layer_id,omitempty"`
	Handle  int      `json:"handle,omitempty"`
	Path    []string `json:"path"`
	Path2   []string `json:"path2,omitempty"`
	Layer   *Hex     `json:"layer,omitempty"`
	Prefix  *Hex     `json:"prefix,omitempty"`
}

// TxRequest runs Ops in one transaction, which commits only if every op
// succeeds. The allocator replays Draws when they are given (even empty),
// else records draws from Seed.
type TxRequest struct {
	Ops   []Op   `json:"ops"`
	Draws []Draw `json:"draws,omitempty"`
	Seed  *int64 `json:"seed,omitempty"`
	// ThenSeed, with Draws, lets the replay go on past the script with
	// draws from a stream seeded with it, and not use the script up:
	// what a side does on its own after the draws it shares with the
	// other, to see where they part.
	ThenSeed *int64 `json:"then_seed,omitempty"`
}

// Replay returns a request that runs the same ops replaying draws.
func (r TxRequest) Replay(draws []Draw) TxRequest {
	if draws == nil {
		draws = []Draw{}
	}
	return TxRequest{Ops: r.Ops, Draws: draws}
}

// MarshalJSON writes draws as an array even when empty, since an empty
// script ("no draw allowed") differs from no script (record mode).
func (r TxRequest) MarshalJSON() ([]byte, error) {
	type plain struct {
		Ops      []Op    `json:"ops"`
		Draws    *[]Draw `json:"draws,omitempty"`
		Seed     *int64  `json:"seed,omitempty"`
		ThenSeed *int64  `json:"then_seed,omitempty"`
	}
	p := plain{Ops: r.Ops, Seed: r.Seed, ThenSeed: r.ThenSeed}
	if r.Draws != nil {
		p.Draws = &r.Draws
	}
	return json.Marshal(p)
}

// Dir is a directory an operation returned: its absolute path, its layer,
// and its prefix, or Partition for the root of a partition, which has no
// prefix to show (Java's getKey throws).
type Dir struct {
	Path      []string `json:"path"`
	Layer     Hex      `json:"layer"`
	Prefix    *Hex     `json:"prefix,omitempty"`
	Partition bool     `json:"partition,omitempty"`
}

// OpResult is the answer to one operation: Error (an error class, see
// ErrorClasses) and Message, or the result of its kind: Dir and Handle
// (the id later operations name it by), Names, Exists, Removed; remove
// answers nothing.
type OpResult struct {
	Error   string   `json:"error,omitempty"`
	Message string   `json:"message,omitempty"`
	Dir     *Dir     `json:"dir,omitempty"`
	Handle  int      `json:"handle,omitempty"`
	Names   []string `json:"names,omitempty"`
	Exists  *bool    `json:"exists,omitempty"`
	Removed *bool    `json:"removed,omitempty"`
}

// TxResult is the answer to a transaction: one result per operation run
// (the run stops at the first error), whether it committed, and the draws
// it made. Error is a protocol failure (a replayed script that does not
// fit the draws asked for, or was not used up), not a directory error.
type TxResult struct {
	Results   []OpResult `json:"results"`
	Committed bool       `json:"committed"`
	Draws     []Draw     `json:"draws"`
	Error     string     `json:"error,omitempty"`
}
