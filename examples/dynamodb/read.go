package main

import (
	"bytes"
	"context"
	"fmt"
	"iter"
	"slices"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/fdbtuple/fdbtuple/fdb"
)

// dynamoReader reads the table for a transaction: the storekit.Reader
// under its write buffer. Its first read reads the table's commit counter
// first, so that the transaction can tell later whether anything
// committed since. What a Get learns of a key it keeps, so that the
// transaction reads each key once (its reads of one key agree).
type dynamoReader struct {
	s          *DynamoStore
	started    bool
	t0         int64 // the commit counter at the first read
	facts      map[string]seen
	gets       int // GetItems of keys so far
	rangeReads int // range reads of the table so far
}

// seen is what a read saw of a key.
type seen struct {
	value   []byte
	present bool
	token   []byte // the token of the commit that wrote it
}

// counterItem is the item of the table's commit counter, apart from every
// key's item: no partition key of a key is FF FF.
var counterItem = itemKey{pk: []byte{0xFF, 0xFF}, sk: []byte{0x00, 0x01}}

func keyAttrs(ik itemKey) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		attrPK: &types.AttributeValueMemberB{Value: ik.pk},
		attrSK: &types.AttributeValueMemberB{Value: ik.sk},
	}
}

// commitCount reads the table's commit counter (0 before the first
// commit).
func (s *DynamoStore) commitCount() (int64, error) {
	out, err := call(s, func(ctx context.Context) (*dynamodb.GetItemOutput, error) {
		return s.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.Table), Key: keyAttrs(counterItem), ConsistentRead: aws.Bool(true)})
	})
	if err != nil {
		return 0, fmt.Errorf("read the commit counter: %w", err)
	}
	return counterOf(out.Item)
}

func counterOf(item map[string]types.AttributeValue) (int64, error) {
	if item == nil {
		return 0, nil
	}
	n, ok := item[attrCount].(*types.AttributeValueMemberN)
	if !ok {
		return 0, fmt.Errorf("the commit counter item has no number %s", attrCount)
	}
	return strconv.ParseInt(n.Value, 10, 64)
}

func (r *dynamoReader) start() error {
	if r.started {
		return nil
	}
	n, err := r.s.commitCount()
	if err != nil {
		return err
	}
	r.t0, r.started = n, true
	return nil
}

// dataItem is an item that holds a key.
type dataItem struct {
	key, value, token []byte
	long              bool // its sort key is cut: the key is its K
}

// decodeItem reads an item's key, value and token; ok is false for an
// item that holds no key (the commit counter).
func decodeItem(item map[string]types.AttributeValue) (d dataItem, ok bool, err error) {
	v, isData := item[attrValue].(*types.AttributeValueMemberB)
	if !isData {
		return dataItem{}, false, nil
	}
	pk, ok1 := item[attrPK].(*types.AttributeValueMemberB)
	sk, ok2 := item[attrSK].(*types.AttributeValueMemberB)
	if !ok1 || !ok2 {
		return dataItem{}, false, fmt.Errorf("an item without binary %s and %s", attrPK, attrSK)
	}
	d = dataItem{value: v.Value}
	if k, isLong := item[attrKey].(*types.AttributeValueMemberB); isLong {
		d.key, d.long = k.Value, true
	} else {
		d.key = JoinKey(pk.Value, sk.Value)
	}
	if w, ok := item[attrVersion].(*types.AttributeValueMemberB); ok {
		d.token = w.Value
	}
	if d.value == nil {
		d.value = []byte{} // present, and empty
	}
	return d, true, nil
}

// Get reads key with a strongly consistent GetItem.
func (r *dynamoReader) Get(key fdb.Key) ([]byte, bool, error) {
	if f, ok := r.facts[string(key)]; ok {
		return f.value, f.present, nil
	}
	if err := r.start(); err != nil {
		return nil, false, err
	}
	r.gets++
	out, err := call(r.s, func(ctx context.Context) (*dynamodb.GetItemOutput, error) {
		return r.s.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(r.s.Table), Key: keyAttrs(itemKeyOf(key)), ConsistentRead: aws.Bool(true)})
	})
	if err != nil {
		return nil, false, fmt.Errorf("get %s: %w", fdb.Printable(key), err)
	}
	var f seen
	if out.Item != nil {
		d, ok, err := decodeItem(out.Item)
		if err != nil {
			return nil, false, fmt.Errorf("get %s: %w", fdb.Printable(key), err)
		}
		if ok && bytes.Equal(d.key, key) { // a long key shares its item with no other key but by a hash collision
			f = seen{value: d.value, present: true, token: d.token}
		}
	}
	r.facts[string(key)] = f
	return f.value, f.present, nil
}

// GetRange returns the pairs of [begin, end), at most limit of them if
// limit is positive: a Query of one partition when the range lies in one
// (layout.go), a Scan of the table otherwise.
func (r *dynamoReader) GetRange(begin, end fdb.Key, limit int, reverse bool) ([]fdb.KeyValue, error) {
	if err := r.start(); err != nil {
		return nil, err
	}
	r.rangeReads++
	var items []dataItem
	var err error
	if p := planRange(begin, end); p.scan {
		items, err = r.s.scanRange(begin, end)
	} else {
		items, err = r.s.queryRange(p, begin, end, limit, reverse)
	}
	if err != nil {
		return nil, fmt.Errorf("range [%s, %s): %w", fdb.Printable(begin), fdb.Printable(end), err)
	}
	// Long keys come in hash order within their group; a Scan in no order.
	slices.SortFunc(items, func(a, b dataItem) int { return bytes.Compare(a.key, b.key) })
	if reverse {
		slices.Reverse(items)
	}
	if limit > 0 && len(items) > limit {
		items = items[:limit]
	}
	out := make([]fdb.KeyValue, len(items))
	for i, d := range items {
		out[i] = fdb.KeyValue{Key: d.key, Value: d.value}
	}
	return out, nil
}

// queryRange reads the items of [begin, end) in one partition, page by
// page, until it has limit of them (if limit is positive) and the last
// item read closes any group of long keys (whose members come in hash
// order, so a group is read whole before the items are sorted).
func (s *DynamoStore) queryRange(p rangePlan, begin, end fdb.Key, limit int, reverse bool) ([]dataItem, error) {
	values := map[string]types.AttributeValue{
		":pk":  &types.AttributeValueMemberB{Value: p.pk},
		":low": &types.AttributeValueMemberB{Value: p.low},
	}
	cond := "PK = :pk AND SK >= :low"
	if p.high != nil {
		if bytes.Compare(p.low, p.high) >= 0 {
			return nil, nil
		}
		cond = "PK = :pk AND SK BETWEEN :low AND :high" // both inclusive: the item at high is past end, and filtered out
		values[":high"] = &types.AttributeValueMemberB{Value: p.high}
	}
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(s.Table),
		KeyConditionExpression:    aws.String(cond),
		ExpressionAttributeValues: values,
		ScanIndexForward:          aws.Bool(!reverse),
		ConsistentRead:            aws.Bool(true),
	}
	if limit > 0 && s.PageLimit <= 0 {
		in.Limit = aws.Int32(int32(min(limit, 1000)))
	}
	var out []dataItem
	for page, err := range s.pages(in) {
		if err != nil {
			return nil, err
		}
		lastLong := false
		for _, item := range page {
			d, ok, err := decodeItem(item)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			lastLong = d.long
			if bytes.Compare(d.key, begin) >= 0 && bytes.Compare(d.key, end) < 0 {
				out = append(out, d)
			}
		}
		if limit > 0 && len(out) >= limit && !lastLong {
			break
		}
	}
	return out, nil
}

// pages runs a Query and yields its pages, each request (with the store's
// timeout) starting at the LastEvaluatedKey of the one before, with the
// store's PageLimit.
func (s *DynamoStore) pages(in *dynamodb.QueryInput) iter.Seq2[[]map[string]types.AttributeValue, error] {
	return func(yield func([]map[string]types.AttributeValue, error) bool) {
		req := *in
		if s.PageLimit > 0 {
			req.Limit = aws.Int32(s.PageLimit)
		}
		for {
			s.requests.Add(1)
			out, err := call(s, func(ctx context.Context) (*dynamodb.QueryOutput, error) { return s.Client.Query(ctx, &req) })
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

// QueryPages runs a Query under ctx and yields its pages, each request
// starting at the LastEvaluatedKey of the one before, with the store's
// PageLimit: for queries of the table outside the fdb interfaces.
func (s *DynamoStore) QueryPages(ctx context.Context, in *dynamodb.QueryInput) iter.Seq2[[]map[string]types.AttributeValue, error] {
	return func(yield func([]map[string]types.AttributeValue, error) bool) {
		req := *in
		if s.PageLimit > 0 {
			req.Limit = aws.Int32(s.PageLimit)
		}
		for {
			s.requests.Add(1)
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

// scanRange reads the whole table page by page and keeps the items of
// [begin, end): DynamoDB keeps no order across partitions.
func (s *DynamoStore) scanRange(begin, end fdb.Key) ([]dataItem, error) {
	in := &dynamodb.ScanInput{TableName: aws.String(s.Table), ConsistentRead: aws.Bool(true)}
	if s.PageLimit > 0 {
		in.Limit = aws.Int32(s.PageLimit)
	}
	var out []dataItem
	for {
		s.requests.Add(1)
		page, err := call(s, func(ctx context.Context) (*dynamodb.ScanOutput, error) { return s.Client.Scan(ctx, in) })
		if err != nil {
			return nil, err
		}
		for _, item := range page.Items {
			d, ok, err := decodeItem(item)
			if err != nil {
				return nil, err
			}
			if ok && bytes.Compare(d.key, begin) >= 0 && bytes.Compare(d.key, end) < 0 {
				out = append(out, d)
			}
		}
		if len(page.LastEvaluatedKey) == 0 {
			return out, nil
		}
		in.ExclusiveStartKey = page.LastEvaluatedKey
	}
}
