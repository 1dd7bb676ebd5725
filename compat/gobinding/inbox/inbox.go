// Package inbox is a small message layer written against the official Go
// binding's key API (tuple, subspace, and fdb's key types) over an ordered
// in-memory store. It is this repository's own code base for the migration
// check: run.sh runs its tests twice, once on this module's packages and
// once, with only the import paths changed, on the official binding's.
package inbox

import (
	"bytes"
	"errors"
	"fmt"
	"sort"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// KV is one stored pair.
type KV struct {
	Key   fdb.Key
	Value []byte
}

// Store is an ordered key-value map that resolves key selectors as
// FoundationDB does.
type Store struct {
	kvs []KV // sorted by key
}

func (s *Store) find(k []byte) (int, bool) {
	i := sort.Search(len(s.kvs), func(i int) bool { return bytes.Compare(s.kvs[i].Key, k) >= 0 })
	return i, i < len(s.kvs) && bytes.Equal(s.kvs[i].Key, k)
}

// Set stores value under key.
func (s *Store) Set(key fdb.KeyConvertible, value []byte) {
	k := append(fdb.Key(nil), key.FDBKey()...)
	i, found := s.find(k)
	if found {
		s.kvs[i].Value = value
		return
	}
	s.kvs = append(s.kvs, KV{})
	copy(s.kvs[i+1:], s.kvs[i:])
	s.kvs[i] = KV{k, value}
}

// Get returns the value under key, or nil.
func (s *Store) Get(key fdb.KeyConvertible) []byte {
	if i, found := s.find(key.FDBKey()); found {
		return s.kvs[i].Value
	}
	return nil
}

// ClearRange removes every key in r.
func (s *Store) ClearRange(r fdb.ExactRange) {
	b, e := r.FDBRangeKeys()
	i, _ := s.find(b.FDBKey())
	j, _ := s.find(e.FDBKey())
	if j > i {
		s.kvs = append(s.kvs[:i], s.kvs[j:]...)
	}
}

// resolve returns the index a selector names: the last key less than (or
// equal to) its key, moved by its offset.
func (s *Store) resolve(sel fdb.Selectable) int {
	ks := sel.FDBKeySelector()
	i, found := s.find(ks.Key.FDBKey())
	last := i - 1 // the last key less than the selector's key
	if found && ks.OrEqual {
		last = i
	}
	return min(max(last+ks.Offset, 0), len(s.kvs))
}

// GetRange returns up to limit pairs (0: all) of r, in reverse order if
// asked.
func (s *Store) GetRange(r fdb.Range, limit int, reverse bool) []KV {
	b, e := r.FDBRangeKeySelectors()
	i, j := s.resolve(b), s.resolve(e)
	if j <= i {
		return nil
	}
	out := append([]KV(nil), s.kvs[i:j]...)
	if reverse {
		for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
			out[l], out[r] = out[r], out[l]
		}
	}
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// Inbox keeps messages under ("inbox", user, id) and an index of unread
// ones under ("unread", user, id), below a root subspace.
type Inbox struct {
	store    *Store
	messages subspace.Subspace
	unread   subspace.Subspace
}

// New returns the inbox layer under root.
func New(store *Store, root subspace.Subspace) *Inbox {
	return &Inbox{store: store, messages: root.Sub("inbox"), unread: root.Sub("unread")}
}

// Message is one message.
type Message struct {
	User string
	ID   int64
	From string
	Body string
}

// Send stores a message, unread.
func (in *Inbox) Send(m Message) {
	in.store.Set(in.messages.Pack(tuple.Tuple{m.User, m.ID}), tuple.Tuple{m.From, m.Body}.Pack())
	in.store.Set(in.unread.Pack(tuple.Tuple{m.User, m.ID}), nil)
}

// ErrNoMessage is returned for a message that is not stored.
var ErrNoMessage = errors.New("inbox: no such message")

// Read returns a message and marks it read.
func (in *Inbox) Read(user string, id int64) (Message, error) {
	v := in.store.Get(in.messages.Pack(tuple.Tuple{user, id}))
	if v == nil {
		return Message{}, ErrNoMessage
	}
	t, err := tuple.Unpack(v)
	if err != nil {
		return Message{}, err
	}
	in.store.ClearRange(fdb.KeyRange{Begin: in.unread.Pack(tuple.Tuple{user, id}), End: fdb.Key(append(in.unread.Pack(tuple.Tuple{user, id}), 0))})
	return Message{User: user, ID: id, From: t[0].(string), Body: t[1].(string)}, nil
}

// List returns a user's messages by id, newest first if asked, at most
// limit (0: all).
func (in *Inbox) List(user string, newestFirst bool, limit int) ([]Message, error) {
	var out []Message
	for _, kv := range in.store.GetRange(in.messages.Sub(user), limit, newestFirst) {
		k, err := in.messages.Unpack(kv.Key)
		if err != nil {
			return nil, err
		}
		v, err := tuple.Unpack(kv.Value)
		if err != nil {
			return nil, err
		}
		out = append(out, Message{User: k[0].(string), ID: k[1].(int64), From: v[0].(string), Body: v[1].(string)})
	}
	return out, nil
}

// After returns up to limit of a user's messages with ids after id.
func (in *Inbox) After(user string, id int64, limit int) ([]int64, error) {
	begin := fdb.FirstGreaterThan(in.messages.Pack(tuple.Tuple{user, id}))
	_, end := in.messages.Sub(user).FDBRangeKeys()
	var ids []int64
	for _, kv := range in.store.GetRange(fdb.SelectorRange{Begin: begin, End: fdb.FirstGreaterOrEqual(end)}, limit, false) {
		k, err := in.messages.Unpack(kv.Key)
		if err != nil {
			return nil, err
		}
		ids = append(ids, k[1].(int64))
	}
	return ids, nil
}

// Unread returns the ids of a user's unread messages.
func (in *Inbox) Unread(user string) ([]int64, error) {
	r, err := fdb.PrefixRange(in.unread.Pack(tuple.Tuple{user}))
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, kv := range in.store.GetRange(r, 0, false) {
		k, err := in.unread.Unpack(kv.Key)
		if err != nil {
			return nil, err
		}
		ids = append(ids, k[1].(int64))
	}
	return ids, nil
}

// DeleteUser removes every message of a user, read or not.
func (in *Inbox) DeleteUser(user string) {
	in.store.ClearRange(in.messages.Sub(user))
	in.store.ClearRange(in.unread.Sub(user))
}

// Describe prints every stored key, for logs.
func (in *Inbox) Describe() string {
	var b bytes.Buffer
	for _, kv := range in.store.kvs {
		fmt.Fprintf(&b, "%s\n", fdb.Printable(kv.Key))
	}
	return b.String()
}
