// Command dynamodb runs this repository's timeline demo on DynamoDB Local
// (AWS's own DynamoDB for development, from Maven Central), started by
// this process in memory on 127.0.0.1: the key paths' first segment (the
// user) is a binary partition key, the rest a binary sort key, and the
// same queries as "fdbtuple demo" on bbolt print the same listings. Then
// it shows newest comments read backward (ScanIndexForward=false), where
// begins_with on a packed tuple prefix returns keys outside the prefix
// and the library's exact queries do not, and that S, N and B sort keys
// come back in the order of their tuple bytes (package dynamokey), that
// the text DynamoDB returns for each number is dynamokey's way back from
// its packed element, and that DynamoDB and dynamokey accept the same
// partition and sort key lengths.
//
// It needs java (17 or later) and mvn; Maven fetches DynamoDB Local
// into ~/.m2 on the first run.
//
//	cd examples/dynamodb && go run .
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"syscall"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "dynamodb example:", err)
		if errors.Is(err, context.Canceled) {
			os.Exit(130)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, w io.Writer) error {
	local, err := StartLocal(ctx)
	if err != nil {
		return err
	}
	defer local.Stop()
	fmt.Fprintf(w, "Started DynamoDB Local on %s.\n", local.Endpoint)
	client := local.Client()
	kv := &DynamoStore{Client: client, Table: "timeline", PageLimit: 5}
	if err := kv.CreateTable(ctx); err != nil {
		return err
	}
	if err := timeline.Print(ctx, w, kv, "DynamoDB"); err != nil {
		return err
	}
	backward, err := NewestCommentsBackward(ctx, kv, nested.New("user", timeline.Ada).Child("post", 1234))
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== post 1234's comments, latest first, read backward (ScanIndexForward=false)\n")
	for _, e := range backward {
		fmt.Fprintf(w, "  %s  %s\n", e.Path(), e.Value)
	}
	fmt.Fprintf(w, "(the timeline's reads so far: %d Query requests of at most %d items, each from the last one's LastEvaluatedKey)\n", kv.Requests(), kv.PageLimit)

	prefixes := &DynamoStore{Client: client, Table: "prefixes"}
	if err := prefixes.CreateTable(ctx); err != nil {
		return err
	}
	rep, err := CheckPrefixes(ctx, prefixes, 2000)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== prefix queries\n%s\n", rep)

	fmt.Fprintf(w, "\n== S, N and B sort keys read back in DynamoDB's order, against their tuple bytes\n")
	for _, c := range OrderCases() {
		rep, err := CheckOrder(ctx, client, c.Type, c.Values)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "  %s\n", rep)
		if rep.First != "" {
			fmt.Fprintf(w, "    first: %s\n", rep.First)
		}
	}
	text, err := CheckNumberText(ctx, client, RandomNumbers(rand.New(rand.NewPCG(31, 7)), 3000))
	if err != nil {
		return err
	}
	lengths, err := CheckKeyLengths(ctx, client)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== the way back: DynamoDB's text of each number, and both roles' length limits\n  %s\n  %s\n", text, lengths)
	for _, first := range []string{text.First, lengths.First} {
		if first != "" {
			fmt.Fprintf(w, "    first: %s\n", first)
		}
	}
	sizes, err := KeySizes()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== StatelyDB's example key, and the storage DynamoDB bills for it\n%s", KeySizeTable(sizes))
	return nil
}

// NewestCommentsBackward lists a post's comments newest first by reading
// the post's comment keys backward: one Query with ScanIndexForward=false
// (the other way to the descending index that timeline.RecentComments
// reads forward).
func NewestCommentsBackward(ctx context.Context, kv fdb.ReadTransactor, post nested.Path) ([]timeline.Entry, error) {
	begin, end, err := post.KindRange("comment")
	if err != nil {
		return nil, err
	}
	return timeline.Scan(ctx, kv, begin, end, true, 3, 0)
}
