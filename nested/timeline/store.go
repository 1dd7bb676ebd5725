package timeline

import (
	"context"
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// The keys of one record, all written in one transaction:
//
//   - the item: its key path, packed, and its value;
//   - its naive string key (USER#…#POST#10), for the demo's comparison;
//   - for a comment, a secondary index entry (as a DynamoDB GSI entry is
//     written with its item): ("idx", "recent-comments", <post key>,
//     desc(<timestamp>)), whose value is the comment's key, so that one
//     forward range read lists a post's comments newest first.
//
// Item keys start with 05 (a nested tuple), index keys with 02 (a
// string), naive keys with a letter: the three never mix.

// indexCodec packs index keys, whose timestamps sort descending.
var indexCodec = tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}

// CommentIndex is the first element of every comment index key.
const CommentIndex = "recent-comments"

// indexPrefix is the key prefix of a post's comment index entries.
func indexPrefix(postKey []byte) ([]byte, error) {
	return indexCodec.Pack(tuple.Tuple{"idx", CommentIndex, postKey})
}

// pairs returns the keys a record is stored under.
func (r Record) pairs() ([]fdb.KeyValue, error) {
	key, err := r.Path.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("timeline: %s: %w", r.Path, err)
	}
	ps := []fdb.KeyValue{{Key: key, Value: []byte(r.Value)}, {Key: fdb.Key(NaiveKey(r.Path)), Value: []byte(r.Value)}}
	if r.Path.Kind() == "comment" && len(r.Path.ID()) == 1 {
		postKey, err := r.Path.Parent().MarshalBinary()
		if err != nil {
			return nil, err
		}
		idx, err := indexCodec.Pack(tuple.Tuple{"idx", CommentIndex, postKey, tuple.Desc{V: r.Path.ID()[0]}})
		if err != nil {
			return nil, fmt.Errorf("timeline: index of %s: %w", r.Path, err)
		}
		ps = append(ps, fdb.KeyValue{Key: idx, Value: key})
	}
	return ps, nil
}

// Load writes the records in transactions of batch records each (0: all
// in one), every record with its naive key and its index entry. A store's
// error comes back as a *KeyError naming the first key of the batch.
func Load(ctx context.Context, db fdb.Transactor, records []Record, batch int) error {
	if batch <= 0 {
		batch = len(records)
	}
	for start := 0; start < len(records); start += batch {
		var ps []fdb.KeyValue
		for _, r := range records[start:min(start+batch, len(records))] {
			rp, err := r.pairs()
			if err != nil {
				return err
			}
			ps = append(ps, rp...)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
			for _, p := range ps {
				if err := tr.Set(p.Key, p.Value); err != nil {
					return nil, err
				}
			}
			return nil, nil
		})
		if err != nil {
			return &KeyError{"put", ps[0].Key, err}
		}
	}
	return nil
}

// get reads one key in a read-only transaction of its own.
func get(ctx context.Context, db fdb.ReadTransactor, key []byte) ([]byte, bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	type got struct {
		v  []byte
		ok bool
	}
	r, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		v, ok, err := rt.Get(key)
		return got{v, ok}, err
	})
	if err != nil {
		return nil, false, &KeyError{"get", key, err}
	}
	g := r.(got)
	return g.v, g.ok, nil
}

// Entry is a record read back: its key decoded to a path.
type Entry struct {
	Item  Item
	Value string
}

// Path returns the entry's key path.
func (e Entry) Path() nested.Path { return e.Item.Path() }

// Scan reads the item keys in [begin, end), forward or backward, keeping
// those whose path has the given depth (0: all), at most limit of them (0:
// no limit). It reads the store through Pages, in pages of
// kvpage.DefaultPageSize keys.
func Scan(ctx context.Context, db fdb.ReadTransactor, begin, end []byte, reverse bool, depth, limit int) ([]Entry, error) {
	var out []Entry
	for p, err := range Pages(ctx, db, begin, end, reverse, 0) {
		if err != nil {
			return nil, err
		}
		it, err := ReadItem(p.Key)
		if err != nil {
			return nil, err
		}
		if depth > 0 && it.Depth != depth {
			continue
		}
		out = append(out, Entry{Item: it, Value: string(p.Value)})
		if limit > 0 && len(out) == limit {
			break
		}
	}
	return out, nil
}

// RecentComments lists a post's comments newest first, from the
// descending index: one forward range read, then each comment's item.
func RecentComments(ctx context.Context, db fdb.ReadTransactor, post nested.Path) ([]Entry, error) {
	postKey, err := post.MarshalBinary()
	if err != nil {
		return nil, err
	}
	prefix, err := indexPrefix(postKey)
	if err != nil {
		return nil, err
	}
	begin, end := tuple.RangeUnder(prefix)
	var out []Entry
	for p, err := range Pages(ctx, db, begin, end, false, 0) {
		if err != nil {
			return nil, err
		}
		item, ok, err := get(ctx, db, p.Value)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, &KeyError{"get", p.Value, fmt.Errorf("index entry %s has no item", tuple.Printable(p.Key))}
		}
		it, err := ReadItem(p.Value)
		if err != nil {
			return nil, err
		}
		out = append(out, Entry{Item: it, Value: string(item)})
	}
	return out, nil
}

// NaiveScan reads the naive keys that start with prefix, in store order.
func NaiveScan(ctx context.Context, db fdb.ReadTransactor, prefix string) ([]string, error) {
	end, err := tuple.PrefixEnd([]byte(prefix))
	if err != nil {
		return nil, err
	}
	var out []string
	for p, err := range Pages(ctx, db, []byte(prefix), end, false, 0) {
		if err != nil {
			return nil, err
		}
		out = append(out, string(p.Key))
	}
	return out, nil
}

// CheckIndex reports the first disagreement between comment items and
// their index entries: an entry without its item, or an item without its
// entry. All comments of the store are checked.
func CheckIndex(ctx context.Context, db fdb.ReadTransactor) error {
	indexed := map[string]bool{}
	begin, end := tuple.RangeUnder(mustPack(tuple.Tuple{"idx", CommentIndex}))
	for p, err := range Pages(ctx, db, begin, end, false, 0) {
		if err != nil {
			return err
		}
		_, ok, err := get(ctx, db, p.Value)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("timeline: index entry %s points at %s, which is not stored", tuple.Printable(p.Key), tuple.Printable(p.Value))
		}
		indexed[string(p.Value)] = true
	}
	for p, err := range Pages(ctx, db, []byte{0x05}, []byte{0x06}, false, 0) {
		if err != nil {
			return err
		}
		it, err := ReadItem(p.Key)
		if err != nil {
			return err
		}
		if it.Depth == 3 && !indexed[string(p.Key)] {
			return fmt.Errorf("timeline: comment %s has no index entry", it.Path())
		}
	}
	return nil
}

func mustPack(t tuple.Tuple) []byte {
	b, err := indexCodec.Pack(t)
	if err != nil {
		panic(err)
	}
	return b
}
