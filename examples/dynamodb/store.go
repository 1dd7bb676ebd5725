package main

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
)

// The table's attributes: short names, since DynamoDB counts every
// attribute name in every item's size.
const (
	attrPK      = "PK" // binary partition key
	attrSK      = "SK" // binary sort key
	attrValue   = "V"  // binary value
	attrVersion = "W"  // binary: the token of the commit that wrote the item
	attrKey     = "K"  // binary: the whole key of an item whose sort key is cut (see layout.go)
	attrCount   = "G"  // number: the commits of the table, on its commit counter item
)

// MaxTransactItems is how many items one TransactWriteItems may hold.
const MaxTransactItems = 100

// ErrTooManyItems is the error of a commit that needs more items than one
// TransactWriteItems holds (MaxTransactItems, counting the items it
// writes, those whose reads it checks and the table's commit counter) or
// more than its 4 MB. It wraps fdb.Error{2101} (transaction_too_large), and
// is not retryable.
var ErrTooManyItems = errors.New("dynamodb store: too many items for one TransactWriteItems")

// DynamoStore is an fdb.Transactor on one DynamoDB table with a binary
// partition key and a binary sort key (layout.go says how keys map to
// them): the ordered key space of the fdb interfaces, with transactions
// that are serializable, but coarser than FoundationDB's.
//
// What a transaction does:
//
//   - Reads are strongly consistent reads of the newest committed data
//     (GetItem; Query in one partition, in pages that follow
//     LastEvaluatedKey; Scan of the whole table for a range across
//     partitions). DynamoDB has no snapshot of the table at one moment, so
//     the reads of a transaction are not at one version as in
//     FoundationDB: they are checked instead, at the commit or, for a
//     transaction that writes nothing, at its end (see below), and a
//     transaction whose reads could not all have been true at one moment
//     runs again (fdb.Error{1020}). A function may see such a view before
//     it is checked: if it fails then, its error is returned only if the
//     check passes, otherwise it runs again.
//   - Writes wait in a storekit.WriteBuffer, which every read sees
//     (read-your-writes, snapshot reads included).
//   - The commit is one TransactWriteItems: all of it or nothing, at most
//     MaxTransactItems items (ErrTooManyItems beyond). Each item written
//     carries the commit's random token (W); the table's commit counter
//     (one item) goes up by one in every commit.
//
// Conflicts it detects (the commit fails with fdb.Error{1020}, and
// Transact runs the function again):
//
//   - a Get whose key another transaction wrote (or created, or deleted)
//     after the Get: the commit checks the item's token (or its absence);
//   - an Add whose key another transaction wrote: an Add reads its base
//     and checks it, so concurrent adds to one counter conflict;
//   - a range read after which any other transaction committed anything:
//     the commit checks that the table's commit counter has not moved
//     since the transaction's first read. This is the coarse part: a write
//     anywhere in the table, not only in the range, aborts a transaction
//     that read a range (FoundationDB would let it commit). DynamoDB
//     cannot guard a range against inserts any finer without a conflict
//     item per range;
//   - a clear range, which the commit carries out by reading the keys in
//     the range and deleting each: a commit between that read and its own
//     (the same counter, read just before) would have inserted a key that
//     survives, so it conflicts.
//
// Conflicts it does not detect: none of FoundationDB's are missed, so
// commits are serializable. What it cannot do: snapshot reads record no
// conflict, but they too see the newest data, not a snapshot; blind adds
// (an Add is a read and a write); fdb.ConflictRanges (not implemented);
// write transactions in parallel: every commit writes the commit counter,
// so DynamoDB runs them one at a time (two at once: TransactionConflict,
// fdb.Error{1020}, run again).
//
// Limits besides FoundationDB's (fdb/storekit): a commit of at most
// MaxTransactItems items and 4 MB (FoundationDB: 10 MB); a ClearRange
// deletes item by item, so it holds at most as many keys as fit in one
// commit. Keys of up to 10,000 bytes are held (see layout.go), and values
// of up to 100,000 (an item may hold 400 KB). The empty key is held (the
// raw partition's sort key 00).
//
// A DynamoStore is safe for concurrent use; so is each transaction.
type DynamoStore struct {
	Client *dynamodb.Client
	Table  string
	// PageLimit, if positive, is the Limit of each Query and Scan request,
	// so that reads take several pages, each following LastEvaluatedKey.
	PageLimit int32
	// Timeout bounds each request; 0 means 10 seconds.
	Timeout time.Duration
	// Retry is the retry loop of Transact and ReadTransact; its zero value
	// is storekit's default (100 attempts).
	Retry storekit.RetryPolicy
	// Stats, if not nil, counts the reads of every transaction.
	Stats *storekit.ReadStats

	requests atomic.Int64 // Query and Scan requests
	counts   dynamoCounters
}

// CreateTable creates the table (on-demand capacity) and waits until it
// is active.
func (s *DynamoStore) CreateTable(ctx context.Context) error {
	_, err := s.Client.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: aws.String(s.Table),
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String(attrPK), AttributeType: types.ScalarAttributeTypeB},
			{AttributeName: aws.String(attrSK), AttributeType: types.ScalarAttributeTypeB},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String(attrPK), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(attrSK), KeyType: types.KeyTypeRange},
		},
		BillingMode: types.BillingModePayPerRequest,
	})
	if err != nil {
		return fmt.Errorf("create table %s: %w", s.Table, err)
	}
	return dynamodb.NewTableExistsWaiter(s.Client).Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(s.Table)}, StartTimeout)
}

// Requests returns how many Query and Scan requests the store has made.
func (s *DynamoStore) Requests() int64 { return s.requests.Load() }

// Transact runs f in a new transaction and commits it if f returns a nil
// error, and returns what f returns. A commit that conflicts (fdb.Error
// 1020: a check failed, or DynamoDB refused two transactions on one item
// at once) or whose outcome is unknown (1021) runs f again in a new
// transaction, as the retry policy allows. When f fails, its error is
// returned as it is if the transaction's reads were consistent; if they
// were not, f runs again.
func (s *DynamoStore) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	return s.Retry.Do(func() (any, error) {
		tr := s.begin()
		defer tr.cancel()
		v, err := f(tr)
		if err != nil {
			if verr := tr.validate(); verr != nil {
				return nil, fmt.Errorf("%w (the function failed on reads that changed meanwhile: %v)", verr, err)
			}
			return nil, err
		}
		if err := tr.commit(); err != nil {
			return nil, err
		}
		return v, nil
	})
}

// ReadTransact runs f in a new transaction that cannot write, and returns
// what f returns once its reads are checked: if another commit changed
// what they read meanwhile, f runs again.
func (s *DynamoStore) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return s.Retry.Do(func() (any, error) {
		tr := s.begin()
		defer tr.cancel()
		v, err := f(dynamoReadView{tr})
		if verr := tr.validate(); verr != nil {
			return nil, verr
		}
		return v, err
	})
}

// call runs one request with the store's timeout.
func call[T any](s *DynamoStore, req func(ctx context.Context) (T, error)) (T, error) {
	d := s.Timeout
	if d <= 0 {
		d = 10 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return req(ctx)
}

// DynamoCounts is what a DynamoStore counted since it was made.
type DynamoCounts struct {
	Commits   int64 // TransactWriteItems that applied
	Conflicts int64 // commits or checks that failed (fdb.Error 1020)
	Unknown   int64 // commits whose outcome was unknown (fdb.Error 1021)
}

type dynamoCounters struct {
	commits, conflicts, unknown atomic.Int64
}

// Counts returns what the store counted so far.
func (s *DynamoStore) Counts() DynamoCounts {
	c := &s.counts
	return DynamoCounts{Commits: c.commits.Load(), Conflicts: c.conflicts.Load(), Unknown: c.unknown.Load()}
}
