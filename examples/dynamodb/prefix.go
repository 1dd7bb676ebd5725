package main

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// prefixElements collide on purpose: strings and byte strings that are
// prefixes of each other or hold 00 and FF, nested tuples that continue
// each other, and fixed-length elements.
var prefixElements = []any{
	"post", "post\x00", "post\x00\x00", "posts", "a", "a\x00b", "é", "🙂",
	[]byte{0x00}, []byte{0x00, 0xFF}, []byte{0x00, 0x00}, []byte{0xFF}, []byte("a"),
	int64(-1), int64(7), int64(1234),
	tuple.Tuple{"user", int64(7)}, tuple.Tuple{"user", int64(7), nil}, tuple.Tuple{"user"},
	nil,
}

// kindOf names an element's kind, for the report.
func kindOf(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case []byte:
		return "bytes"
	case tuple.Tuple:
		return "nested"
	case nil:
		return "null"
	}
	return "integer"
}

// PrefixReport is what CheckPrefixes measured.
type PrefixReport struct {
	Keys int // sort keys stored
	// By the kind of the prefix's last element: how many prefixes were
	// queried, for how many begins_with on the packed prefix returned
	// items outside the prefix, and how many such items in all.
	Prefixes, BeginsWithWrong, ExtraItems map[string]int
	// Every prefix's BETWEEN on TupleBetween's ends returned exactly its
	// keys (CheckPrefixes fails otherwise); so did every begins_with on
	// StringPrefix and BytesPrefix.
	BetweenQueries, InStringQueries int
}

// CheckPrefixes stores random tuple keys of up to three elements of
// prefixElements as the sort keys of one partition, then queries every
// prefix of one and two elements of a stored key: with BETWEEN on
// tuple.TupleBetween's ends, which must return exactly the keys under the
// prefix, and with begins_with on the packed prefix, whose extra items it
// counts. Then it queries, after every one-element prefix, a string and a
// byte-string prefix with begins_with on tuple.StringPrefix and
// tuple.BytesPrefix, which must be exact too.
func CheckPrefixes(ctx context.Context, kv *DynamoStore, n int) (PrefixReport, error) {
	rep := PrefixReport{Prefixes: map[string]int{}, BeginsWithWrong: map[string]int{}, ExtraItems: map[string]int{}}
	rng := rand.New(rand.NewPCG(29, 1))
	type key struct {
		idx    []int
		packed []byte
	}
	seen := map[string]bool{}
	var keys []key
	for len(keys) < n {
		idx := make([]int, 1+rng.IntN(3))
		var t tuple.Tuple
		for i := range idx {
			idx[i] = rng.IntN(len(prefixElements))
			t = append(t, prefixElements[idx[i]])
		}
		packed, err := tuple.Codec{}.Pack(t)
		if err != nil {
			return rep, err
		}
		if !seen[string(packed)] {
			seen[string(packed)] = true
			keys = append(keys, key{idx, packed})
		}
	}
	rep.Keys = len(keys)
	pk := []byte("prefixes")
	items := make([]map[string]types.AttributeValue, len(keys))
	for i, k := range keys {
		items[i] = map[string]types.AttributeValue{
			attrPK: &types.AttributeValueMemberB{Value: pk}, attrSK: &types.AttributeValueMemberB{Value: k.packed},
			attrValue: &types.AttributeValueMemberB{Value: []byte{1}},
		}
	}
	if err := BatchPut(ctx, kv.Client, kv.Table, items); err != nil {
		return rep, err
	}

	query := func(cond string, values ...[]byte) ([][]byte, error) {
		vals := map[string]types.AttributeValue{":pk": &types.AttributeValueMemberB{Value: pk}}
		for i, v := range values {
			vals[fmt.Sprintf(":v%d", i)] = &types.AttributeValueMemberB{Value: v}
		}
		var out [][]byte
		for page, err := range kv.QueryPages(ctx, &dynamodb.QueryInput{
			TableName:                 aws.String(kv.Table),
			KeyConditionExpression:    aws.String("PK = :pk AND " + cond),
			ExpressionAttributeValues: vals,
			ConsistentRead:            aws.Bool(true),
		}) {
			if err != nil {
				return nil, fmt.Errorf("%s: %w", cond, err)
			}
			for _, item := range page {
				out = append(out, item[attrSK].(*types.AttributeValueMemberB).Value)
			}
		}
		return out, nil
	}
	// want lists, in order, the stored keys for which in holds.
	want := func(in func(k key) bool) [][]byte {
		var out [][]byte
		for _, k := range keys {
			if in(k) {
				out = append(out, k.packed)
			}
		}
		slices.SortFunc(out, bytes.Compare)
		return out
	}

	prefixes := map[string][]int{}
	for _, k := range keys {
		for l := 1; l <= 2 && l <= len(k.idx); l++ {
			prefixes[fmt.Sprint(k.idx[:l])] = k.idx[:l]
		}
	}
	for _, name := range slices.Sorted(maps.Keys(prefixes)) {
		p := prefixes[name]
		var t tuple.Tuple
		for _, i := range p {
			t = append(t, prefixElements[i])
		}
		packed, err := tuple.Codec{}.Pack(t)
		if err != nil {
			return rep, err
		}
		exact := want(func(k key) bool { return len(k.idx) >= len(p) && slices.Equal(k.idx[:len(p)], p) })
		low, high := tuple.TupleBetween(packed)
		got, err := query("SK BETWEEN :v0 AND :v1", low, high)
		if err != nil {
			return rep, err
		}
		rep.BetweenQueries++
		if !slices.EqualFunc(got, exact, bytes.Equal) {
			return rep, fmt.Errorf("BETWEEN on TupleBetween(%s): %d keys, want %d", tuple.Printable(packed), len(got), len(exact))
		}
		kind := kindOf(t[len(t)-1])
		rep.Prefixes[kind]++
		got, err = query("begins_with(SK, :v0)", packed)
		if err != nil {
			return rep, err
		}
		if extra := len(got) - len(exact); extra != 0 {
			rep.BeginsWithWrong[kind]++
			rep.ExtraItems[kind] += extra
		}
	}

	// A prefix inside the element after a one-element tuple prefix (or
	// after nothing).
	heads := [][]int{nil}
	for i := range prefixElements {
		heads = append(heads, []int{i})
	}
	for _, head := range heads {
		var t tuple.Tuple
		for _, i := range head {
			t = append(t, prefixElements[i])
		}
		packed, err := tuple.Codec{}.Pack(t)
		if err != nil {
			return rep, err
		}
		for _, s := range []string{"", "p", "post", "post\x00", "a\x00", "\xc3", "\x00", "\xff"} {
			for _, bytesKind := range []bool{false, true} {
				prefix := tuple.StringPrefix(packed, s)
				if bytesKind {
					prefix = tuple.BytesPrefix(packed, []byte(s))
				}
				exact := want(func(k key) bool {
					if len(k.idx) <= len(head) || !slices.Equal(k.idx[:len(head)], head) {
						return false
					}
					switch e := prefixElements[k.idx[len(head)]].(type) {
					case string:
						return !bytesKind && strings.HasPrefix(e, s)
					case []byte:
						return bytesKind && bytes.HasPrefix(e, []byte(s))
					}
					return false
				})
				got, err := query("begins_with(SK, :v0)", prefix)
				if err != nil {
					return rep, err
				}
				rep.InStringQueries++
				if !slices.EqualFunc(got, exact, bytes.Equal) {
					return rep, fmt.Errorf("begins_with on %s: %d keys, want %d", tuple.Printable(prefix), len(got), len(exact))
				}
			}
		}
	}
	return rep, nil
}

// String prints the report as the README quotes it.
func (r PrefixReport) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d sort keys; %d tuple prefixes queried with BETWEEN on TupleBetween's ends: every one exact.\n", r.Keys, r.BetweenQueries)
	fmt.Fprintf(&b, "begins_with on the packed prefix, by the kind of its last element:\n")
	for _, kind := range []string{"string", "bytes", "nested", "integer", "null"} {
		fmt.Fprintf(&b, "  %-8s %3d of %3d prefixes returned extra items (%d extra items)\n", kind, r.BeginsWithWrong[kind], r.Prefixes[kind], r.ExtraItems[kind])
	}
	fmt.Fprintf(&b, "%d begins_with queries on StringPrefix/BytesPrefix (a prefix inside the last string or byte string): every one exact.", r.InStringQueries)
	return b.String()
}

// Table is the README's table of the report.
func (r PrefixReport) Table() string {
	var b strings.Builder
	b.WriteString("| prefix ends in | prefixes | `begins_with(Pack)` wrong | extra items | `BETWEEN TupleBetween` |\n| --- | --- | --- | --- | --- |\n")
	for _, k := range []struct{ kind, name string }{{"string", "a string"}, {"bytes", "a byte string"}, {"nested", "a nested tuple"}, {"integer", "an integer"}, {"null", "null"}} {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | exact |\n", k.name, r.Prefixes[k.kind], r.BeginsWithWrong[k.kind], r.ExtraItems[k.kind])
	}
	fmt.Fprintf(&b, "\nand every one of %d `begins_with` queries on `StringPrefix`/`BytesPrefix`", r.InStringQueries)
	return b.String()
}
