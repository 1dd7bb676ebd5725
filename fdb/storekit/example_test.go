package storekit_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
)

// A counter of 8 little-endian bytes plus one, and the rules at the edges:
// an absent value counts as zero, the sum wraps, and the result has the
// parameter's length.
func ExampleLittleEndianAdd() {
	fmt.Printf("% x\n", storekit.LittleEndianAdd([]byte{41, 0, 0, 0, 0, 0, 0, 0}, []byte{1, 0, 0, 0, 0, 0, 0, 0}))
	fmt.Printf("% x\n", storekit.LittleEndianAdd(nil, []byte{5, 0}))
	fmt.Printf("% x\n", storekit.LittleEndianAdd([]byte{0xff, 0xff}, []byte{1, 0}))
	fmt.Printf("% x\n", storekit.LittleEndianAdd([]byte{1, 2, 3}, []byte{1}))
	// Output:
	// 2a 00 00 00 00 00 00 00
	// 05 00
	// 00 00
	// 02
}

// A store checks each write before it takes it, and returns FoundationDB's
// error code.
func ExampleCheckSet() {
	err := storekit.CheckSet(fdb.Key("\xff/system"), []byte("v"))
	fmt.Println(errors.Is(err, fdb.Error{Code: 2004}))
	fmt.Println(err)
	// Output:
	// true
	// key \xff/system is at or above \xff, where the system keys start: FoundationDB error code 2004 (Key outside legal range)
}

// storeAt is a store's contents at a transaction's read version, as a
// Reader: here a fixed list of pairs in key order.
type storeAt []fdb.KeyValue

func (s storeAt) Get(key fdb.Key) ([]byte, bool, error) {
	for _, kv := range s {
		if string(kv.Key) == string(key) {
			return kv.Value, true, nil
		}
	}
	return nil, false, nil
}

func (s storeAt) GetRange(begin, end fdb.Key, limit int, reverse bool) ([]fdb.KeyValue, error) {
	var out []fdb.KeyValue
	for i := range s {
		kv := s[i]
		if reverse {
			kv = s[len(s)-1-i]
		}
		if string(kv.Key) >= string(begin) && string(kv.Key) < string(end) {
			out = append(out, kv)
			if len(out) == limit {
				break
			}
		}
	}
	return out, nil
}

// A transaction's writes kept in a WriteBuffer and read back over the
// store: a clear range hides stored keys, a set inside it shows, a pending
// add reads as its sum over the stored value. At the commit, the store
// applies the clear ranges, then each key's write.
func ExampleWriteBuffer() {
	store := storeAt{
		{Key: fdb.Key("a"), Value: []byte("1")},
		{Key: fdb.Key("b"), Value: []byte("2")},
		{Key: fdb.Key("c"), Value: []byte("3")},
		{Key: fdb.Key("n"), Value: []byte{41}},
	}
	var buf storekit.WriteBuffer
	for _, err := range []error{
		buf.ClearRange(fdb.Key("a"), fdb.Key("c")),
		buf.Set(fdb.Key("b2"), nil),
		buf.Add(fdb.Key("n"), []byte{1}),
	} {
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	kvs, err := buf.GetRange(store, fdb.Key(""), fdb.Key("z"), fdb.RangeOptions{Limit: 3, Reverse: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, kv := range kvs {
		fmt.Printf("%s=[%x]\n", kv.Key, kv.Value)
	}
	for begin, end := range buf.ClearRanges() {
		fmt.Printf("clear [%s, %s)\n", begin, end)
	}
	for w := range buf.Writes() {
		v, keep := w.Apply([]byte{100}) // the value committed by then
		fmt.Printf("%s: op %d, commits [%x] (kept %v)\n", w.Key, w.Op, v, keep)
	}
	// Output:
	// n=[2a]
	// c=[33]
	// b2=[]
	// clear [a, c)
	// b2: op 1, commits [] (kept true)
	// n: op 3, commits [65] (kept true)
}

// The retry loop of a store's Transact: a conflict runs the attempt again,
// any other error ends it.
func ExampleRetryPolicy() {
	policy := storekit.RetryPolicy{MaxAttempts: 5, FirstBackoff: time.Millisecond}
	attempts := 0
	v, err := policy.Do(func() (any, error) {
		if attempts++; attempts < 3 {
			return nil, fdb.Error{Code: 1020} // the commit conflicted
		}
		return "committed", nil
	})
	fmt.Println(v, err, attempts)
	// Output: committed <nil> 3
}

// A store keeps a Life per transaction and asks it before every call: a
// call after the commit is FoundationDB's used_during_commit.
func ExampleLife() {
	life := storekit.Active
	fmt.Println(life.Ended("mystore", "Set"))
	life = storekit.Committed
	err := life.Ended("mystore", "Set")
	var fe fdb.Error
	fmt.Println(errors.As(err, &fe), fe.Code)
	// Output:
	// <nil>
	// true 2017
}
