package timeline

import (
	"context"
	"fmt"

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
func (r Record) pairs() ([]Pair, error) {
	key, err := r.Path.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("timeline: %s: %w", r.Path, err)
	}
	ps := []Pair{{key, []byte(r.Value)}, {[]byte(NaiveKey(r.Path)), []byte(r.Value)}}
	if r.Path.Kind() == "comment" && len(r.Path.ID()) == 1 {
		postKey, err := r.Path.Parent().MarshalBinary()
		if err != nil {
			return nil, err
		}
		idx, err := indexCodec.Pack(tuple.Tuple{"idx", CommentIndex, postKey, tuple.Desc{V: r.Path.ID()[0]}})
		if err != nil {
			return nil, fmt.Errorf("timeline: index of %s: %w", r.Path, err)
		}
		ps = append(ps, Pair{idx, key})
	}
	return ps, nil
}

// Load writes the records in transactions of batch records each (0: all
// in one), every record with its naive key and its index entry.
func Load(ctx context.Context, kv KV, records []Record, batch int) error {
	if batch <= 0 {
		batch = len(records)
	}
	for start := 0; start < len(records); start += batch {
		var ps []Pair
		for _, r := range records[start:min(start+batch, len(records))] {
			rp, err := r.pairs()
			if err != nil {
				return err
			}
			ps = append(ps, rp...)
		}
		if err := kv.Apply(ctx, ps); err != nil {
			return err
		}
	}
	return nil
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
// no limit). It reads the store in pages (see Pages).
func Scan(ctx context.Context, kv KV, begin, end []byte, reverse bool, depth, limit int) ([]Entry, error) {
	var out []Entry
	for p, err := range Pages(ctx, kv, begin, end, reverse, 0) {
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
func RecentComments(ctx context.Context, kv KV, post nested.Path) ([]Entry, error) {
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
	for p, err := range Pages(ctx, kv, begin, end, false, 0) {
		if err != nil {
			return nil, err
		}
		item, err := kv.Get(ctx, p.Value)
		if err != nil {
			return nil, err
		}
		if item == nil {
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
func NaiveScan(ctx context.Context, kv KV, prefix string) ([]string, error) {
	end, err := tuple.PrefixEnd([]byte(prefix))
	if err != nil {
		return nil, err
	}
	var out []string
	for p, err := range Pages(ctx, kv, []byte(prefix), end, false, 0) {
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
func CheckIndex(ctx context.Context, kv KV) error {
	indexed := map[string]bool{}
	begin, end := tuple.RangeUnder(mustPack(tuple.Tuple{"idx", CommentIndex}))
	for p, err := range Pages(ctx, kv, begin, end, false, 0) {
		if err != nil {
			return err
		}
		item, err := kv.Get(ctx, p.Value)
		if err != nil {
			return err
		}
		if item == nil {
			return fmt.Errorf("timeline: index entry %s points at %s, which is not stored", tuple.Printable(p.Key), tuple.Printable(p.Value))
		}
		indexed[string(p.Value)] = true
	}
	for p, err := range Pages(ctx, kv, []byte{0x05}, []byte{0x06}, false, 0) {
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
