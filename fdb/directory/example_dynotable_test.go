package directory_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/dynamokey"
)

// fdyno, a DynamoDB API on FoundationDB, lays every table out with the
// directory layer: the directory dynodb/<table> holds
//
//	m  the table's metadata (its schema, as JSON)
//	i  the items, each under the tuple (hash key) or (hash key, range key)
//	c  the chunks of items over about 10 KB: (hash key[, range key], chunk)
//	x  the secondary indexes' entries: (index, hash, sort, the item's key)
//	v  the change stream: a record per versionstamp
//
// This example builds that tree on a bbolt file with the default layer,
// writes items keyed by tuple/dynamokey values (which sort as DynamoDB
// sorts S, N and B keys), and answers DynamoDB Query conditions on a
// Number range key with range reads. c, x and v stay empty here. The CLI
// shows such a file's tree with its prefixes: fdbtuple dir tree -bolt FILE.
//
// The five are subdirectories here, so that each has a short prefix of
// its own and a listing shows them; fdyno's documentation calls them
// subspaces of the table's directory.
func Example_dynamoTable() {
	if err := runDynamoTable(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// ("dynodb"): [blobs readings]
	// ("dynodb", "readings"): [c i m v x]
	// kitchen at BETWEEN 0 AND 100: 0=18.5 2=18.9 9.99=19.4 10=20.2 100=21.0
	// kitchen at > 9.99: 10=20.2 100=21.0 1000=25.0
	// kitchen, the latest 2: 1000=25.0 100=21.0
	// blobs 0x00ff: 2 bytes
}

// dynoTable is one table's directories.
type dynoTable struct {
	m, i, c, x, v directory.DirectorySubspace
}

// createDynoTable creates (or opens) dynodb/<name> and its five
// subdirectories, and records the key schema, in the transaction tr.
func createDynoTable(tr fdb.Transaction, name, schema string) (dynoTable, error) {
	var t dynoTable
	for _, sub := range []struct {
		name string
		dir  *directory.DirectorySubspace
	}{{"m", &t.m}, {"i", &t.i}, {"c", &t.c}, {"x", &t.x}, {"v", &t.v}} {
		d, err := directory.CreateOrOpen(tr, []string{"dynodb", name, sub.name}, nil)
		if err != nil {
			return dynoTable{}, err
		}
		*sub.dir = d
	}
	return t, tr.Set(t.m.Pack(tuple.Tuple{"schema"}), []byte(schema))
}

// openDynoTable opens a table's directories, to read it.
func openDynoTable(rt fdb.ReadTransaction, name string) (dynoTable, error) {
	var t dynoTable
	for _, sub := range []struct {
		name string
		dir  *directory.DirectorySubspace
	}{{"m", &t.m}, {"i", &t.i}, {"c", &t.c}, {"x", &t.x}, {"v", &t.v}} {
		d, err := directory.Open(rt, []string{"dynodb", name, sub.name}, nil)
		if err != nil {
			return dynoTable{}, err
		}
		*sub.dir = d
	}
	return t, nil
}

// dynoReading is an item of the table readings: hash key sensor (S), range
// key at (N), and a temperature.
type dynoReading struct{ sensor, at, temp string }

// dynoItemKey is the key of an item under i: (S(sensor), N(at)), packed with
// dynamokey's codec, so that keys sort as DynamoDB sorts the range key.
func dynoItemKey(t dynoTable, sensor, at string) (fdb.Key, error) {
	s, err := dynamokey.S(sensor)
	if err != nil {
		return nil, err
	}
	n, err := dynamokey.N(at)
	if err != nil {
		return nil, err
	}
	return subspace.PackWith(t.i, dynamokey.Codec(), tuple.Tuple{s, n})
}

// query reads the items of one sensor whose keys lie in [begin, end), at
// most limit (0: all), in reverse if asked, and prints them as at=temp.
func dynoQuery(rt fdb.ReadTransaction, t dynoTable, label string, begin, end fdb.Key, limit int, reverse bool) error {
	kvs, err := rt.GetRange(fdb.KeyRange{Begin: begin, End: end}, fdb.RangeOptions{Limit: limit, Reverse: reverse})
	if err != nil {
		return err
	}
	fmt.Print(label + ":")
	for _, kv := range kvs {
		key, err := subspace.UnpackWith(t.i, dynamokey.Codec(), kv.Key)
		if err != nil {
			return err
		}
		fmt.Printf(" %v=%s", key[1], kv.Value) // key[1] is the range key, a decimal
	}
	fmt.Println()
	return nil
}

func runDynamoTable() (err error) {
	dir, err := os.MkdirTemp("", "dynotable")
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, os.RemoveAll(dir)) }()
	db, err := boltstore.Open(filepath.Join(dir, "dyno.db"), nil)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, db.Close()) }()
	if err := writeDynoTables(db); err != nil {
		return err
	}
	return readDynoTables(db)
}

// writeDynoTables creates the tables readings and blobs and writes their
// items, in one transaction.
func writeDynoTables(db fdb.Transactor) error {
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		readings, err := createDynoTable(tr, "readings", `{"KeySchema":[{"AttributeName":"sensor","KeyType":"HASH"},{"AttributeName":"at","KeyType":"RANGE"}]}`)
		if err != nil {
			return nil, err
		}
		for _, r := range []dynoReading{
			{"kitchen", "100", "21.0"}, {"kitchen", "-7.5", "18.1"}, {"kitchen", "2", "18.9"},
			{"kitchen", "1E3", "25.0"}, {"kitchen", "9.99", "19.4"}, {"kitchen", "0", "18.5"},
			{"kitchen", "10", "20.0"}, {"garage", "5", "9.0"},
			// 10.0 is the Number 10 again: the same key, so it replaces
			// the item at 10, as in DynamoDB.
			{"kitchen", "10.0", "20.2"},
		} {
			key, err := dynoItemKey(readings, r.sensor, r.at)
			if err != nil {
				return nil, err
			}
			if err := tr.Set(key, []byte(r.temp)); err != nil {
				return nil, err
			}
		}
		// A table with a Binary hash key and no range key: an item is
		// under the tuple (B(hash)).
		blobs, err := createDynoTable(tr, "blobs", `{"KeySchema":[{"AttributeName":"sha","KeyType":"HASH"}]}`)
		if err != nil {
			return nil, err
		}
		b, err := dynamokey.B([]byte{0x00, 0xFF})
		if err != nil {
			return nil, err
		}
		key, err := subspace.PackWith(blobs.i, dynamokey.Codec(), tuple.Tuple{b})
		if err != nil {
			return nil, err
		}
		return nil, tr.Set(key, []byte{0xCA, 0xFE})
	})
	return err
}

// readDynoTables lists the tree and queries the tables, in one read
// transaction.
func readDynoTables(db fdb.ReadTransactor) error {
	_, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		for _, path := range [][]string{{"dynodb"}, {"dynodb", "readings"}} {
			names, err := directory.List(rt, path)
			if err != nil {
				return nil, err
			}
			fmt.Printf("%s: %v\n", directory.FormatPath(path), names)
		}
		t, err := openDynoTable(rt, "readings")
		if err != nil {
			return nil, err
		}
		// at BETWEEN 0 AND 100: from the key of 0 to the end of the keys
		// starting with the key of 100.
		lo, err := dynoItemKey(t, "kitchen", "0")
		if err != nil {
			return nil, err
		}
		hi, err := dynoItemKey(t, "kitchen", "100")
		if err != nil {
			return nil, err
		}
		afterHi, err := fdb.Strinc(hi)
		if err != nil {
			return nil, err
		}
		if err := dynoQuery(rt, t, "kitchen at BETWEEN 0 AND 100", lo, afterHi, 0, false); err != nil {
			return nil, err
		}
		// at > 9.99: from after the key of 9.99 to the end of kitchen's
		// items, the range of the tuples under (S("kitchen"),).
		low, err := dynoItemKey(t, "kitchen", "9.99")
		if err != nil {
			return nil, err
		}
		afterLow, err := fdb.Strinc(low)
		if err != nil {
			return nil, err
		}
		s, err := dynamokey.S("kitchen")
		if err != nil {
			return nil, err
		}
		kitchen, err := subspace.PackWith(t.i, dynamokey.Codec(), tuple.Tuple{s})
		if err != nil {
			return nil, err
		}
		_, end := tuple.RangeUnder(kitchen)
		if err := dynoQuery(rt, t, "kitchen at > 9.99", afterLow, end, 0, false); err != nil {
			return nil, err
		}
		// ScanIndexForward false, Limit 2: the same range read backwards.
		begin, _ := tuple.RangeUnder(kitchen)
		if err := dynoQuery(rt, t, "kitchen, the latest 2", begin, end, 2, true); err != nil {
			return nil, err
		}

		blobs, err := openDynoTable(rt, "blobs")
		if err != nil {
			return nil, err
		}
		b, err := dynamokey.B([]byte{0x00, 0xFF})
		if err != nil {
			return nil, err
		}
		key, err := subspace.PackWith(blobs.i, dynamokey.Codec(), tuple.Tuple{b})
		if err != nil {
			return nil, err
		}
		v, ok, err := rt.Get(key)
		if err != nil || !ok {
			return nil, fmt.Errorf("blobs 0x00ff: present %v, %v", ok, err)
		}
		fmt.Printf("blobs 0x00ff: %d bytes\n", len(v))
		return nil, nil
	})
	return err
}
