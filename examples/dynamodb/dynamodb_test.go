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
func server(t *testing.T) *Local {
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

// newKV creates a new timeline table.
func newKV(t *testing.T, pageLimit int32) *DynamoKV {
	t.Helper()
	kv := &DynamoKV{Client: server(t).Client(), Table: fmt.Sprintf("timeline-%d", tableSeq.Add(1)), PageLimit: pageLimit}
	if err := kv.CreateTable(context.Background()); err != nil {
		t.Fatal(err)
	}
	return kv
}

func openBolt(t *testing.T) *timeline.BoltKV {
	t.Helper()
	kv, err := timeline.OpenBolt(filepath.Join(t.TempDir(), "b.db"), &bolt.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { kv.Close() })
	return kv
}

// listing is every key and value of a store, in key order.
func listing(t *testing.T, kv timeline.KV) []timeline.Pair {
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
	kv := newKV(t, 3)
	bolt := openBolt(t)
	ctx := context.Background()
	var onDynamo, onBolt bytes.Buffer
	if err := timeline.Print(ctx, &onDynamo, kv, "a store"); err != nil {
		t.Fatal(err)
	}
	queries := kv.Requests
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
	kv := newKV(t, 2)
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
	kv := newKV(t, 7)
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
	for _, reverse := range []bool{false, true} {
		for _, limit := range []int{0, 1, 50, 249} {
			before := kv.Requests
			var got, want []timeline.Pair
			for p, err := range kv.Range(ctx, begin, end, reverse, limit) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, p)
			}
			for p, err := range bolt.Range(ctx, begin, end, reverse, limit) {
				if err != nil {
					t.Fatal(err)
				}
				want = append(want, p)
			}
			if err := timeline.DiffListings(got, want); err != nil {
				t.Fatalf("reverse %v, limit %d: %v", reverse, limit, err)
			}
			if n := len(got); kv.Requests-before < n/7 {
				t.Errorf("%d items in %d requests of at most 7", n, kv.Requests-before)
			}
		}
	}
}

// TestTransactions: a comment and its index entry are written by one
// TransactWriteItems; a transaction DynamoDB refuses (an item over its
// 400 KB limit) writes none of its items; more than 100 writes are
// refused before any request.
func TestTransactions(t *testing.T) {
	kv := newKV(t, 0)
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
	refused := []timeline.Pair{{Key: key(1), Value: []byte("a")}, {Key: key(2), Value: bytes.Repeat([]byte("x"), 500_000)}}
	err := kv.Apply(ctx, refused)
	var ke *timeline.KeyError
	if err == nil || !errors.As(err, &ke) {
		t.Fatalf("a 500 KB item: %v", err)
	}
	if v, err := kv.Get(ctx, key(1)); err != nil || v != nil {
		t.Fatalf("the refused transaction's first item: %q, %v", v, err)
	}
	var many []timeline.Pair
	for i := range MaxTransactItems + 1 {
		many = append(many, timeline.Pair{Key: key(i), Value: []byte("v")})
	}
	if err := kv.Apply(ctx, many); err == nil || !strings.Contains(err.Error(), "at most 100") {
		t.Fatalf("101 writes: %v", err)
	}
	t.Logf("refused: %v", err)
}

// TestSplitKey: the sort key of a partition's own item is 00, and keys
// round-trip.
func TestSplitKey(t *testing.T) {
	ada := nested.New("user", timeline.Ada)
	for _, key := range [][]byte{ada.Pack(), ada.Child("post", 7).Pack(), []byte("USER#x#POST#7"), []byte("USER#x")} {
		pk, sk, err := SplitKey(key)
		if err != nil {
			t.Fatal(err)
		}
		if len(sk) == 0 || !bytes.Equal(JoinKey(pk, sk), key) {
			t.Errorf("%q: PK %x, SK %x", key, pk, sk)
		}
	}
	if _, _, err := SplitKey(append(ada.Pack(), 0x00)); err == nil {
		t.Error("a key whose rest is 00 was accepted")
	}
	if _, _, err := SplitKey([]byte{0xff, 1}); err == nil {
		t.Error("a key with no partition was accepted")
	}
}

// TestPrefixes: BETWEEN on TupleBetween's ends is exact for every prefix;
// begins_with on a packed prefix returns extra items exactly where its
// last element is a string, byte string or nested tuple; the in-string
// and in-bytes prefixes are exact.
func TestPrefixes(t *testing.T) {
	kv := newKV(t, 0)
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

// readmeHolds checks that README.md quotes a measured figure as it is
// (line breaks in text may fall anywhere).
func readmeHolds(t *testing.T, text string) {
	t.Helper()
	readme, err := os.ReadFile("../../README.md")
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
