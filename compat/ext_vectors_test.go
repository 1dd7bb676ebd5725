package compat

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
	"github.com/fdbtuple/fdbtuple/vectors"
	"github.com/shopspring/decimal"
)

var updateExt = flag.Bool("update-ext", false, "rewrite vectors/ext/*.jsonl from the current encoders")

// extCodec uses the codes the extension vectors are written with.
var extCodec = tuple.Codec{Extensions: []tuple.Extension{
	tupledecimal.Extension(tupledecimal.DefaultCode),
	tuple.DescExtension(tuple.DefaultDescCode),
}}

// extPackRows builds the rows of ext/pack.jsonl: decimals at the edges
// and across DynamoDB's range, seeded random decimals, and the hand-picked
// pack.jsonl tuples with every element wrapped in Desc.
func extPackRows(t *testing.T) []vectors.PackRow {
	var rows []vectors.PackRow
	add := func(name string, tup tuple.Tuple) {
		raw, err := EncodeTuple(tup)
		if err != nil {
			t.Fatal(err)
		}
		packed, err := extCodec.Pack(tup)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rows = append(rows, vectors.PackRow{Name: name, Tuple: raw, Packed: hex.EncodeToString(packed)})
	}
	for _, s := range []string{"0", "1", "-1", "1.5", "19.99", "-19.99", "0.000001", "1234", "6.02214076e23",
		"1e-130", "-1e-130", "9.9999999999999999999999999999999999999e125", "-9.9999999999999999999999999999999999999e125",
		"1e-63", "1e-62", "1e61", "1e62", "1e400", "-1e400"} {
		add("decimal/"+s, tuple.Tuple{decimal.RequireFromString(s)})
	}
	g := gen.Decimal()
	for i := range 100 {
		add(fmt.Sprintf("decimal/random/%03d", i), tuple.Tuple{g.Example(i)})
	}
	std, err := vectors.ReadRows[vectors.PackRow]("pack.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range std {
		if len(r.Name) > 7 && r.Name[:7] == "random/" {
			continue
		}
		tup, err := DecodeTuple(r.Tuple)
		if err != nil {
			t.Fatal(err)
		}
		desc := make(tuple.Tuple, len(tup))
		for i, v := range tup {
			desc[i] = tuple.Desc{V: v}
		}
		add("desc/"+r.Name, desc)
	}
	return rows
}

// extOrderRows builds ext/order.jsonl: decimals in numeric order, and the
// Desc of order.jsonl's hand-picked lists, reversed.
func extOrderRows(t *testing.T) []vectors.OrderRow {
	var rows []vectors.OrderRow
	add := func(name string, ts []tuple.Tuple) {
		r := vectors.OrderRow{Name: name}
		for _, tup := range ts {
			raw, err := EncodeTuple(tup)
			if err != nil {
				t.Fatal(err)
			}
			r.Sorted = append(r.Sorted, raw)
		}
		rows = append(rows, r)
	}
	var ds []tuple.Tuple
	for i := range 200 {
		ds = append(ds, tuple.Tuple{gen.Decimal().Example(1000 + i)})
	}
	slices.SortFunc(ds, extCodec.Compare)
	ds = slices.CompactFunc(ds, func(a, b tuple.Tuple) bool { return extCodec.Compare(a, b) == 0 })
	add("decimal/random sorted", ds)
	std, err := vectors.ReadRows[vectors.OrderRow]("order.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range std {
		if len(r.Name) > 7 && r.Name[:7] == "random/" {
			continue
		}
		var ts []tuple.Tuple
		for i := len(r.Sorted) - 1; i >= 0; i-- {
			tup, _ := DecodeTuple(r.Sorted[i])
			ts = append(ts, tuple.Tuple{tuple.Desc{V: tup}})
		}
		add("desc/"+r.Name, ts)
	}
	return rows
}

func writeJSONL[T any](t *testing.T, name string, rows []T) {
	var buf bytes.Buffer
	for _, r := range rows {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(append(b, '\n'))
	}
	if err := os.WriteFile(filepath.Join("..", "vectors", "ext", name), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestExtensionVectors checks every row of vectors/ext: each tuple packs
// to its bytes and back, and each list is strictly ascending as bytes and
// by Codec.Compare. Regenerate with -update-ext after a deliberate
// format change, and say so in the commit.
func TestExtensionVectors(t *testing.T) {
	if *updateExt {
		writeJSONL(t, "pack.jsonl", extPackRows(t))
		writeJSONL(t, "order.jsonl", extOrderRows(t))
	}
	packs := mustRowsFrom[vectors.PackRow](t, vectors.Ext, "ext/pack.jsonl")
	for _, r := range packs {
		tup, err := DecodeTuple(r.Tuple)
		if err != nil {
			t.Fatal(err)
		}
		got, err := extCodec.Pack(tup)
		if err != nil || hex.EncodeToString(got) != r.Packed {
			t.Errorf("%s: pack = %x, %v; want %s", r.Name, got, err, r.Packed)
		}
		want, _ := hex.DecodeString(r.Packed)
		back, err := extCodec.Unpack(want)
		if err != nil || extCodec.Compare(back, tup) != 0 {
			t.Errorf("%s: unpack = %s, %v", r.Name, extCodec.Format(back), err)
		}
	}
	orders := mustRowsFrom[vectors.OrderRow](t, vectors.Ext, "ext/order.jsonl")
	for _, r := range orders {
		var prev tuple.Tuple
		var prevKey []byte
		for i, raw := range r.Sorted {
			tup, err := DecodeTuple(raw)
			if err != nil {
				t.Fatal(err)
			}
			key, err := extCodec.Pack(tup)
			if err != nil {
				t.Fatal(err)
			}
			if i > 0 && (bytes.Compare(prevKey, key) >= 0 || extCodec.Compare(prev, tup) != -1) {
				t.Errorf("%s[%d]: not ascending", r.Name, i)
			}
			prev, prevKey = tup, key
		}
	}
	if len(packs) < 100 || len(orders) < 10 {
		t.Fatalf("only %d pack rows and %d order rows", len(packs), len(orders))
	}
	t.Logf("%d pack rows, %d order rows", len(packs), len(orders))
}
