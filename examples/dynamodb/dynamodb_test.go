package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
	"github.com/fdbtuple/fdbtuple/tuple/dynamokey"
	bolt "go.etcd.io/bbolt"
)

// RequireEnv, when set to 1, makes a missing java or mvn a failure
// instead of a skip: CI sets it where it has checked that both exist.
const RequireEnv = "FDBTUPLE_DYNAMODB_REQUIRED"

// local is the one DynamoDB Local server of the test binary.
var (
	local    *Local
	startErr error
)

// TestMain starts DynamoDB Local once for every test, and stops it at the
// end, on an interrupt too; a test binary that dies another way closes
// the server's standard input, on which it exits (TestStopsWithOwner).
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		childMain()
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	var stopped atomic.Bool
	go func() {
		<-signals
		cancel()
		if l := local; l != nil {
			l.Stop()
		}
		stopped.Store(true)
		fmt.Fprintln(os.Stderr, "interrupted: DynamoDB Local stopped")
		os.Exit(2)
	}()
	local, startErr = StartLocal(ctx)
	code := m.Run()
	if local != nil {
		local.Stop()
		if left := leftRunning(local.Marker); len(left) > 0 {
			fmt.Fprintf(os.Stderr, "DynamoDB Local left running after Stop: %v\n", left)
			code = 1
		}
	}
	os.Exit(code)
}

// server returns the shared server, or skips (or, under RequireEnv,
// fails) the test where java or mvn is missing. Any other start failure
// fails the test with the server's log.
func server(t testing.TB) *Local {
	t.Helper()
	switch {
	case startErr == nil:
		return local
	case errors.Is(startErr, ErrNoJava) && os.Getenv(RequireEnv) != "1":
		t.Skipf("SKIPPED, DynamoDB Local not started: %v", startErr)
	}
	t.Fatalf("DynamoDB Local: %v", startErr)
	return nil
}

var tableSeq atomic.Int64

// newStore creates a new table and a store on it.
func newStore(t testing.TB, pageLimit int32) *DynamoStore {
	t.Helper()
	kv := &DynamoStore{Client: server(t).Client(), Table: fmt.Sprintf("timeline-%d", tableSeq.Add(1)), PageLimit: pageLimit}
	if err := kv.CreateTable(context.Background()); err != nil {
		t.Fatal(err)
	}
	return kv
}

func openBolt(t *testing.T) *boltstore.DB {
	t.Helper()
	db, err := boltstore.Open(filepath.Join(t.TempDir(), "b.db"), &boltstore.Options{Bolt: &bolt.Options{NoSync: true}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// listing is every key and value of a store, in key order.
func listing(t *testing.T, kv fdb.ReadTransactor) []fdb.KeyValue {
	t.Helper()
	out, err := timeline.Listing(context.Background(), kv)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSameListings: the demo's queries print the same listings on
// DynamoDB as on bbolt, byte for byte, reading pages of 3 items; every
// stored key and value is bbolt's, and each comment has its index entry.
func TestSameListings(t *testing.T) {
	kv := newStore(t, 3)
	bolt := openBolt(t)
	ctx := context.Background()
	var onDynamo, onBolt bytes.Buffer
	if err := timeline.Print(ctx, &onDynamo, kv, "a store"); err != nil {
		t.Fatal(err)
	}
	queries := kv.Requests()
	if err := timeline.Print(ctx, &onBolt, bolt, "a store"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(onDynamo.Bytes(), onBolt.Bytes()) {
		t.Errorf("DynamoDB:\n%s\nbbolt:\n%s", onDynamo.String(), onBolt.String())
	}
	if err := timeline.DiffListings(listing(t, kv), listing(t, bolt)); err != nil {
		t.Errorf("whole table: %v", err)
	}
	if err := timeline.CheckIndex(ctx, kv); err != nil {
		t.Error(err)
	}
	// 26 items in the queries' listings (and 8 naive keys) at 3 a page.
	if queries < 12 {
		t.Errorf("the demo's queries took %d Query requests of 3 items", queries)
	}
	t.Logf("the demo's queries: %d Query requests of at most 3 items", queries)
}

// TestNewestCommentsBackward: reading a post's comments backward
// (ScanIndexForward=false) gives the order of the descending index.
func TestNewestCommentsBackward(t *testing.T) {
	kv := newStore(t, 2)
	ctx := context.Background()
	if err := timeline.Load(ctx, kv, timeline.Dataset(), 0); err != nil {
		t.Fatal(err)
	}
	post := nested.New("user", timeline.Ada).Child("post", 1234)
	backward, err := NewestCommentsBackward(ctx, kv, post)
	if err != nil {
		t.Fatal(err)
	}
	indexed, err := timeline.RecentComments(ctx, kv, post)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(backward) != fmt.Sprint(indexed) || len(backward) != 3 {
		t.Errorf("backward: %v\nindex: %v", backward, indexed)
	}
}

// TestPagesFollowLastEvaluatedKey: 250 records of one user, read forward
// and backward through pages of 7 items, with and without a limit, equal
// bbolt's reads.
func TestPagesFollowLastEvaluatedKey(t *testing.T) {
	kv := newStore(t, 7)
	bolt := openBolt(t)
	ctx := context.Background()
	user := nested.New("user", timeline.Brian)
	var rs []timeline.Record
	for i := range 250 {
		rs = append(rs, timeline.Record{Path: user.Child("post", i*7-500), Value: fmt.Sprint(i)})
	}
	for start := 0; start < len(rs); start += 30 { // 30 records: 60 writes a transaction
		if err := timeline.Load(ctx, kv, rs[start:min(start+30, len(rs))], 0); err != nil {
			t.Fatal(err)
		}
	}
	if err := timeline.Load(ctx, bolt, rs, 0); err != nil {
		t.Fatal(err)
	}
	begin, end, err := user.Subtree()
	if err != nil {
		t.Fatal(err)
	}
	read := func(db fdb.ReadTransactor, opt fdb.RangeOptions) []fdb.KeyValue {
		v, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
			return rt.GetRange(fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}, opt)
		})
		if err != nil {
			t.Fatal(err)
		}
		return v.([]fdb.KeyValue)
	}
	for _, reverse := range []bool{false, true} {
		for _, limit := range []int{0, 1, 50, 249} {
			before := kv.Requests()
			opt := fdb.RangeOptions{Limit: limit, Reverse: reverse}
			got, want := read(kv, opt), read(bolt, opt)
			if err := timeline.DiffListings(got, want); err != nil {
				t.Fatalf("reverse %v, limit %d: %v", reverse, limit, err)
			}
			if n := int64(len(got)); kv.Requests()-before < n/7 {
				t.Errorf("%d items in %d requests of at most 7", n, kv.Requests()-before)
			}
		}
	}
}

// TestTransactions: a comment and its index entry are written by one
// TransactWriteItems; a transaction that fails writes none of its items;
// more than 100 items are refused before any request, with ErrTooManyItems
// (fdb.Error 2101), unretried, and so is one over DynamoDB's 4 MB.
func TestTransactions(t *testing.T) {
	kv := newStore(t, 0)
	ctx := context.Background()
	comment := nested.New("user", timeline.Chen).Child("post", 5).Child("comment", 1700000001)
	if err := timeline.Load(ctx, kv, []timeline.Record{{Path: comment, Value: "hi"}}, 0); err != nil {
		t.Fatal(err)
	}
	if err := timeline.CheckIndex(ctx, kv); err != nil {
		t.Fatal(err)
	}
	if n := len(listing(t, kv)); n != 3 { // the item, its naive key, its index entry
		t.Fatalf("%d keys after one comment, want 3", n)
	}
	key := func(i int) []byte { return nested.New("user", timeline.Chen).Child("post", 100+i).Pack() }
	runs := 0
	_, err := kv.Transact(func(tr fdb.Transaction) (any, error) {
		runs++
		for i := range MaxTransactItems {
			if err := tr.Set(key(i), []byte("v")); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	if !errors.Is(err, ErrTooManyItems) || !errors.Is(err, fdb.Error{Code: 2101}) || runs != 1 {
		t.Fatalf("%d writes and the commit counter: %v after %d runs", MaxTransactItems, err, runs)
	}
	t.Logf("refused: %v", err)
	if v, err := kv.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		_, ok, err := rt.Get(key(1))
		return ok, err
	}); err != nil || v.(bool) {
		t.Fatalf("the refused transaction's first item: %v, %v", v, err)
	}
	runs = 0
	_, err = kv.Transact(func(tr fdb.Transaction) (any, error) {
		runs++
		for i := range 45 { // 4.5 MB
			if err := tr.Set(key(i), bytes.Repeat([]byte{'v'}, 100_000)); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	if !errors.Is(err, fdb.Error{Code: 2101}) || runs != 1 {
		t.Fatalf("a transaction of 4.5 MB: %v after %d runs", err, runs)
	}
	t.Logf("refused: %v", err)
	if _, err := kv.Transact(func(tr fdb.Transaction) (any, error) {
		for i := range MaxTransactItems - 1 {
			if err := tr.Set(key(i), []byte("v")); err != nil {
				return nil, err
			}
		}
		return nil, nil
	}); err != nil {
		t.Fatalf("%d writes and the commit counter: %v", MaxTransactItems-1, err)
	}
}

// TestPrefixes: BETWEEN on TupleBetween's ends is exact for every prefix;
// begins_with on a packed prefix returns extra items exactly where its
// last element is a string, byte string or nested tuple; the in-string
// and in-bytes prefixes are exact.
func TestPrefixes(t *testing.T) {
	kv := newStore(t, 0)
	rep, err := CheckPrefixes(context.Background(), kv, 2000)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", rep)
	readmeHolds(t, rep.Table())
	for _, kind := range []string{"string", "bytes", "nested"} {
		if rep.BeginsWithWrong[kind] == 0 {
			t.Errorf("begins_with was never wrong after a %s: the keys do not collide", kind)
		}
	}
	for _, kind := range []string{"integer", "null"} {
		if rep.Prefixes[kind] == 0 || rep.BeginsWithWrong[kind] != 0 {
			t.Errorf("after a %s: %d of %d prefixes wrong", kind, rep.BeginsWithWrong[kind], rep.Prefixes[kind])
		}
	}
}

// TestOrder: S, N and B sort keys come back in the order of their tuple
// elements' bytes, and values DynamoDB holds equal are one element.
func TestOrder(t *testing.T) {
	client := server(t).Client()
	var distinct []string
	for _, c := range OrderCases() {
		rep, err := CheckOrder(context.Background(), client, c.Type, c.Values)
		if err != nil {
			t.Fatal(err)
		}
		t.Log(rep)
		if rep.Disagreements != 0 || rep.Items != rep.Distinct || rep.Items < 2000 {
			t.Errorf("%s (first: %s)", rep, rep.First)
		}
		distinct = append(distinct, fmt.Sprintf("%s %d,%03d", rep.Type, rep.Items/1000, rep.Items%1000))
	}
	readmeHolds(t, fmt.Sprintf("%s\ndistinct keys, %s, %s, each", distinct[0], distinct[1], distinct[2]))
}

// TestNumberRefusals: DynamoDB accepts a Number's text exactly when
// dynamokey.N does.
func TestNumberRefusals(t *testing.T) {
	client := server(t).Client()
	ctx := context.Background()
	table := "numbers"
	if _, err := client.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String(table),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("N"), AttributeType: types.ScalarAttributeTypeN}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("N"), KeyType: types.KeyTypeHash}},
		BillingMode:          types.BillingModePayPerRequest,
	}); err != nil {
		t.Fatal(err)
	}
	nines := "9." + strings.Repeat("9", 37)
	texts := []string{
		"2", "2.0", "-0", "+2", ".5", "5.", "1e5", "1E+5", "1e-5", "0e999999", "007", "-.5e-3",
		"1e-130", "9.99e-131", nines + "e125", "1e126", "-1e126",
		strings.Repeat("1", 38), strings.Repeat("1", 39), "1" + strings.Repeat("0", 60), "1." + strings.Repeat("0", 60),
		"0." + strings.Repeat("0", 60) + "1",
		"", "-", ".", "e5", "1e", "1e+", "1.2.3", " 1", "1 ", "0x10", "NaN", "Infinity", "1_000", "--1", "1e+-2",
	}
	for _, text := range texts {
		_, want := dynamokey.N(text)
		_, got := client.PutItem(ctx, &dynamodb.PutItemInput{
			TableName: aws.String(table),
			Item:      map[string]types.AttributeValue{"N": &types.AttributeValueMemberN{Value: text}},
		})
		if (got == nil) != (want == nil) {
			t.Errorf("N %.50q: DynamoDB: %v; dynamokey: %v", text, got, want)
		}
	}
	readmeHolds(t, fmt.Sprintf("the same %d Number texts as `dynamokey.N`", len(texts)))
}

// TestKeySizeTable: the README's key-size table is what KeySizes
// measures.
func TestKeySizeTable(t *testing.T) {
	sizes, err := KeySizes()
	if err != nil {
		t.Fatal(err)
	}
	table := KeySizeTable(sizes)
	t.Logf("\n%s", table)
	readmeHolds(t, table)
}

// readmeHolds checks that this example's README.md quotes a measured
// figure as it is (line breaks in text may fall anywhere).
func readmeHolds(t *testing.T, text string) {
	t.Helper()
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	if !strings.Contains(flat(string(readme)), flat(text)) {
		t.Errorf("README.md does not hold what this test measured:\n%s", text)
	}
}

// TestNumberText: for thousands of numbers over DynamoDB's whole range,
// the text DynamoDB returns for each (as a sort key and as an attribute)
// is dynamokey's way back from its packed element.
func TestNumberText(t *testing.T) {
	values := RandomNumbers(rand.New(rand.NewPCG(31, 7)), 3000)
	rep, err := CheckNumberText(context.Background(), server(t).Client(), values)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(rep)
	if rep.Differences != 0 || rep.Items < 2500 {
		t.Errorf("%s (first: %s)", rep, rep.First)
	}
	readmeHolds(t, fmt.Sprintf("DynamoDB Local returned %d,%03d distinct numbers of %d,%03d texts written", rep.Items/1000, rep.Items%1000, rep.Written/1000, rep.Written%1000))
}

// TestKeyLengths: DynamoDB accepts an S or B partition or sort key value
// exactly when dynamokey's role does, at both limits.
func TestKeyLengths(t *testing.T) {
	rep, err := CheckKeyLengths(context.Background(), server(t).Client())
	if err != nil {
		t.Fatal(err)
	}
	t.Log(rep)
	if rep.Disagreements != 0 || rep.Accepted == 0 || rep.Accepted == rep.Tried {
		t.Errorf("%s (first: %s)", rep, rep.First)
	}
}
