package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// The table's attributes: short names, since DynamoDB counts every
// attribute name in every item's size.
const (
	attrPK    = "PK" // binary partition key
	attrSK    = "SK" // binary sort key
	attrValue = "V"  // binary value
)

// MaxTransactItems is how many writes one TransactWriteItems may hold.
const MaxTransactItems = 100

// DynamoKV is timeline.KV on one DynamoDB table with a binary partition
// key and a binary sort key: a key is split after its first tuple element
// (for a key path, the user segment), which becomes the partition key,
// and the rest is the sort key, so that one user's records are one
// partition, read in order by Query. Keys that are not tuples (the demo's
// naive USER#…#POST#… keys) are split after their second '#' field, the
// single-table design's own rule.
//
// DynamoDB refuses an empty key attribute, so the item whose key is its
// partition key alone (the user record itself) has the sort key 00, below
// every other; a key whose rest is the single byte 00 (a null element) is
// refused, since it would be that item.
type DynamoKV struct {
	Client *dynamodb.Client
	Table  string
	// PageLimit, if positive, is the Limit of each Query and Scan request,
	// so that reads take several pages, each following LastEvaluatedKey.
	PageLimit int32
	// Requests counts the Query and Scan requests made.
	Requests int
}

var _ timeline.KV = (*DynamoKV)(nil)

// CreateTable creates the table (on-demand capacity) and waits until it
// is active.
func (s *DynamoKV) CreateTable(ctx context.Context) error {
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

// ownItem is the sort key of the item whose key is its partition key.
var ownItem = []byte{0x00}

// SplitKey returns the partition key and the sort key a key is stored
// under.
func SplitKey(key []byte) (pk, sk []byte, err error) {
	n, err := partitionLength(key)
	if err != nil {
		return nil, nil, err
	}
	switch rest := key[n:]; {
	case len(rest) == 0:
		return key[:n], ownItem, nil
	case bytes.Equal(rest, ownItem):
		return nil, nil, fmt.Errorf("key %s: a rest of 00 would be its partition's own item", tuple.Printable(key))
	default:
		return key[:n], rest, nil
	}
}

// JoinKey is the inverse of SplitKey.
func JoinKey(pk, sk []byte) []byte {
	if bytes.Equal(sk, ownItem) {
		sk = nil
	}
	return append(bytes.Clone(pk), sk...)
}

// partitionLength is the length of a key's partition key: its first
// tuple element, or, for a key that does not start with one, its text up
// to the second '#'.
func partitionLength(key []byte) (int, error) {
	if _, n, err := tuplewire.Next(key); err == nil {
		return n, nil
	}
	if first := bytes.IndexByte(key, '#'); first > 0 {
		if second := bytes.IndexByte(key[first+1:], '#'); second >= 0 {
			return first + 1 + second, nil
		}
		return len(key), nil
	}
	return 0, fmt.Errorf("key %s: neither a tuple nor a KIND#ID key: no partition key", tuple.Printable(key))
}

// Get reads one item, with a strongly consistent read.
func (s *DynamoKV) Get(ctx context.Context, key []byte) ([]byte, error) {
	pk, sk, err := SplitKey(key)
	if err != nil {
		return nil, &timeline.KeyError{Op: "get", Key: key, Err: err}
	}
	out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(s.Table),
		Key:            itemKey(pk, sk),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, &timeline.KeyError{Op: "get", Key: key, Err: err}
	}
	if out.Item == nil {
		return nil, nil
	}
	v, _ := out.Item[attrValue].(*types.AttributeValueMemberB)
	if v == nil {
		return nil, &timeline.KeyError{Op: "get", Key: key, Err: errors.New("item has no binary V")}
	}
	return v.Value, nil
}

func itemKey(pk, sk []byte) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		attrPK: &types.AttributeValueMemberB{Value: pk},
		attrSK: &types.AttributeValueMemberB{Value: sk},
	}
}

// Apply writes the pairs with one TransactWriteItems: all or none. It
// holds at most MaxTransactItems writes.
func (s *DynamoKV) Apply(ctx context.Context, pairs []timeline.Pair) error {
	if len(pairs) == 0 {
		return nil
	}
	if len(pairs) > MaxTransactItems {
		return &timeline.KeyError{Op: "put", Key: pairs[0].Key,
			Err: fmt.Errorf("%d writes in one transaction; DynamoDB takes at most %d", len(pairs), MaxTransactItems)}
	}
	items := make([]types.TransactWriteItem, len(pairs))
	for i, p := range pairs {
		pk, sk, err := SplitKey(p.Key)
		if err != nil {
			return &timeline.KeyError{Op: "put", Key: p.Key, Err: err}
		}
		key := itemKey(pk, sk)
		if p.Value == nil {
			items[i].Delete = &types.Delete{TableName: aws.String(s.Table), Key: key}
			continue
		}
		key[attrValue] = &types.AttributeValueMemberB{Value: p.Value}
		items[i].Put = &types.Put{TableName: aws.String(s.Table), Item: key}
	}
	if _, err := s.Client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items}); err != nil {
		return &timeline.KeyError{Op: "put", Key: pairs[0].Key, Err: err}
	}
	return nil
}

// Range yields the pairs of [begin, end). A range inside one partition is
// one Query on the sort key, read page by page; a range over several
// partitions is a Scan of the whole table, sorted here, since DynamoDB
// keeps no order across partitions (the demo's queries never need one;
// its index check and the tests' full listings do).
func (s *DynamoKV) Range(ctx context.Context, begin, end []byte, reverse bool, limit int) iter.Seq2[timeline.Pair, error] {
	return func(yield func(timeline.Pair, error) bool) {
		if bytes.Compare(begin, end) >= 0 {
			return
		}
		var err error
		if q, ok := s.partitionQuery(begin, end); ok {
			err = s.query(ctx, q, reverse, limit, yield)
		} else {
			err = s.scan(ctx, begin, end, reverse, limit, yield)
		}
		if err != nil {
			yield(timeline.Pair{}, &timeline.KeyError{Op: "range", Key: begin, Err: err})
		}
	}
}

// skQuery is a Query of one partition: the sort keys from low (inclusive)
// to high (exclusive; nil: the partition's end).
type skQuery struct {
	pk, low, high []byte
}

// partitionQuery maps [begin, end) to a sort key range when every key in
// it is in begin's partition: the keys that start with its partition key.
func (s *DynamoKV) partitionQuery(begin, end []byte) (skQuery, bool) {
	n, err := partitionLength(begin)
	if err != nil {
		return skQuery{}, false
	}
	pk := begin[:n]
	q := skQuery{pk: pk, low: lowSK(begin[n:])}
	if bytes.HasPrefix(end, pk) {
		q.high = lowSK(end[n:])
		return q, true
	}
	// end is past the partition: it must not be past the next one's start.
	next, err := tuple.PrefixEnd(pk)
	return q, err == nil && bytes.Compare(end, next) <= 0
}

// lowSK maps a bound on the rest of a key to a bound on its sort key: the
// empty rest is the own item's 00, and a rest of 00 (which no stored key
// has) is the first bound after it.
func lowSK(rest []byte) []byte {
	switch {
	case len(rest) == 0:
		return ownItem
	case bytes.Equal(rest, ownItem):
		return []byte{0x00, 0x00}
	}
	return rest
}

// query runs a Query page by page, following LastEvaluatedKey. DynamoDB's
// BETWEEN includes both ends; the exclusive high end, if stored, is
// skipped here.
func (s *DynamoKV) query(ctx context.Context, q skQuery, reverse bool, limit int, yield func(timeline.Pair, error) bool) error {
	values := map[string]types.AttributeValue{
		":pk":  &types.AttributeValueMemberB{Value: q.pk},
		":low": &types.AttributeValueMemberB{Value: q.low},
	}
	cond := "PK = :pk AND SK >= :low"
	if q.high != nil {
		if bytes.Compare(q.low, q.high) >= 0 {
			return nil
		}
		cond = "PK = :pk AND SK BETWEEN :low AND :high"
		values[":high"] = &types.AttributeValueMemberB{Value: q.high}
	}
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(s.Table),
		KeyConditionExpression:    aws.String(cond),
		ExpressionAttributeValues: values,
		ScanIndexForward:          aws.Bool(!reverse),
		ConsistentRead:            aws.Bool(true),
	}
	n := 0
	for page, err := range s.QueryPages(ctx, in) {
		if err != nil {
			return err
		}
		for _, item := range page {
			p, err := pairOf(item)
			if err != nil {
				return err
			}
			if q.high != nil && bytes.Equal(p.Key[len(q.pk):], q.high) {
				continue
			}
			if !yield(p, nil) {
				return nil
			}
			if n++; limit > 0 && n == limit {
				return nil
			}
		}
	}
	return nil
}

// QueryPages runs a Query and yields its pages, each request starting at
// the LastEvaluatedKey of the one before, with the table's PageLimit.
func (s *DynamoKV) QueryPages(ctx context.Context, in *dynamodb.QueryInput) iter.Seq2[[]map[string]types.AttributeValue, error] {
	return func(yield func([]map[string]types.AttributeValue, error) bool) {
		req := *in
		if s.PageLimit > 0 {
			req.Limit = aws.Int32(s.PageLimit)
		}
		for {
			s.Requests++
			out, err := s.Client.Query(ctx, &req)
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(out.Items, nil) || len(out.LastEvaluatedKey) == 0 {
				return
			}
			req.ExclusiveStartKey = out.LastEvaluatedKey
		}
	}
}

// scan reads the whole table page by page and yields the pairs of
// [begin, end) in key order.
func (s *DynamoKV) scan(ctx context.Context, begin, end []byte, reverse bool, limit int, yield func(timeline.Pair, error) bool) error {
	var pairs []timeline.Pair
	in := &dynamodb.ScanInput{TableName: aws.String(s.Table), ConsistentRead: aws.Bool(true)}
	if s.PageLimit > 0 {
		in.Limit = aws.Int32(s.PageLimit)
	}
	for {
		s.Requests++
		out, err := s.Client.Scan(ctx, in)
		if err != nil {
			return err
		}
		for _, item := range out.Items {
			p, err := pairOf(item)
			if err != nil {
				return err
			}
			if bytes.Compare(begin, p.Key) <= 0 && bytes.Compare(p.Key, end) < 0 {
				pairs = append(pairs, p)
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	slices.SortFunc(pairs, func(a, b timeline.Pair) int { return bytes.Compare(a.Key, b.Key) })
	if reverse {
		slices.Reverse(pairs)
	}
	for i, p := range pairs {
		if (limit > 0 && i == limit) || !yield(p, nil) {
			break
		}
	}
	return nil
}

// pairOf reads an item's key and value.
func pairOf(item map[string]types.AttributeValue) (timeline.Pair, error) {
	pk, ok1 := item[attrPK].(*types.AttributeValueMemberB)
	sk, ok2 := item[attrSK].(*types.AttributeValueMemberB)
	v, ok3 := item[attrValue].(*types.AttributeValueMemberB)
	if !ok1 || !ok2 || !ok3 {
		return timeline.Pair{}, fmt.Errorf("item without binary PK, SK and V: %v", item)
	}
	return timeline.Pair{Key: JoinKey(pk.Value, sk.Value), Value: v.Value}, nil
}

// Close does nothing: the client holds no connection of its own to close.
func (s *DynamoKV) Close() error { return nil }
