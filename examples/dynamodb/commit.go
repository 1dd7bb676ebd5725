package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
)

// itemID names an item in a map.
type itemID struct{ pk, sk string }

func idOf(ik itemKey) itemID { return itemID{string(ik.pk), string(ik.sk)} }

// action is what the commit does to one item: put it, delete it, or only
// check it, and what it checks.
type action struct {
	ik    itemKey
	put   map[string]types.AttributeValue // nil: delete, unless checkOnly
	check *seen
	only  bool // checkOnly: the transaction read the item and does not write it
}

// commit ends the transaction and applies its writes in one
// TransactWriteItems, with the checks of its reads. A transaction that
// wrote nothing only has its reads checked.
func (tr *dynamoTxn) commit() error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended("Commit"); err != nil {
		return err
	}
	tr.state = storekit.Committed
	if tr.buf.Empty() {
		return tr.validateLocked()
	}
	if err := storekit.CheckTransactionSize(tr.buf.Size()); err != nil {
		return failed("Commit", err)
	}
	token := make([]byte, 16)
	rand.Read(token)
	actions := map[itemID]*action{}
	put := func(key fdb.Key, value []byte) {
		ik := itemKeyOf(key)
		item := keyAttrs(ik)
		item[attrValue] = &types.AttributeValueMemberB{Value: value}
		item[attrVersion] = &types.AttributeValueMemberB{Value: token}
		if ik.long {
			item[attrKey] = &types.AttributeValueMemberB{Value: key}
		}
		actions[idOf(ik)] = &action{ik: ik, put: item}
	}
	del := func(key fdb.Key) {
		ik := itemKeyOf(key)
		actions[idOf(ik)] = &action{ik: ik}
	}
	// The commit counter guards what the transaction's range reads saw
	// since its first read; and a clear range, which deletes the keys it
	// holds now, item by item, against inserts from the moment it reads
	// them.
	guard, guarded := tr.rd.t0, tr.ranged
	for begin, end := range tr.buf.ClearRanges() {
		if !guarded {
			n, err := tr.s.commitCount()
			if err != nil {
				return failed("Commit", err)
			}
			guard, guarded = n, true
			if !tr.rd.started {
				tr.rd.t0, tr.rd.started = n, true
			}
		}
		kvs, err := tr.rd.GetRange(begin, end, 0, false)
		if err != nil {
			return failed("Commit", err)
		}
		for _, kv := range kvs {
			del(kv.Key)
		}
	}
	for w := range tr.buf.Writes() {
		switch w.Op {
		case storekit.OpSet:
			put(w.Key, w.Value)
		case storekit.OpClear:
			del(w.Key)
		case storekit.OpAdd:
			base, ok := tr.checks[string(w.Key)]
			if !ok {
				return failed("Commit", fmt.Errorf("the add to %s has no base read", fdb.Printable(w.Key)))
			}
			v, _ := w.Apply(base.value)
			put(w.Key, v)
		}
	}
	for key, s := range tr.checks {
		ik := itemKeyOf(fdb.Key(key))
		a := actions[idOf(ik)]
		if a == nil {
			a = &action{ik: ik, only: true}
			actions[idOf(ik)] = a
		}
		a.check = &s
	}
	if len(actions)+1 > MaxTransactItems {
		return fmt.Errorf("dynamodb store: Commit: %d items and the commit counter, over the limit of %d: %w (%w)",
			len(actions), MaxTransactItems, ErrTooManyItems, fdb.Error{Code: 2101})
	}
	items := make([]types.TransactWriteItem, 0, len(actions)+1)
	for _, a := range actions {
		items = append(items, tr.s.writeItem(a))
	}
	items = append(items, tr.s.counterItem(guard, guarded))
	_, err := call(tr.s, func(ctx context.Context) (*dynamodb.TransactWriteItemsOutput, error) {
		return tr.s.Client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	})
	if err != nil {
		return tr.commitError(err)
	}
	tr.s.counts.commits.Add(1)
	tr.buf.Reset()
	return nil
}

// condition is the check of what a read saw: the same commit's token, or
// still no item.
func condition(s *seen) (string, map[string]string, map[string]types.AttributeValue) {
	if !s.present {
		return "attribute_not_exists(#pk)", map[string]string{"#pk": attrPK}, nil
	}
	return "#w = :w", map[string]string{"#w": attrVersion}, map[string]types.AttributeValue{":w": &types.AttributeValueMemberB{Value: s.token}}
}

// writeItem is an action as one item of the TransactWriteItems.
func (s *DynamoStore) writeItem(a *action) types.TransactWriteItem {
	var cond *string
	var names map[string]string
	var values map[string]types.AttributeValue
	if a.check != nil {
		var c string
		c, names, values = condition(a.check)
		cond = aws.String(c)
	}
	table := aws.String(s.Table)
	switch {
	case a.only:
		return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{TableName: table, Key: keyAttrs(a.ik),
			ConditionExpression: cond, ExpressionAttributeNames: names, ExpressionAttributeValues: values}}
	case a.put != nil:
		return types.TransactWriteItem{Put: &types.Put{TableName: table, Item: a.put,
			ConditionExpression: cond, ExpressionAttributeNames: names, ExpressionAttributeValues: values}}
	}
	return types.TransactWriteItem{Delete: &types.Delete{TableName: table, Key: keyAttrs(a.ik),
		ConditionExpression: cond, ExpressionAttributeNames: names, ExpressionAttributeValues: values}}
}

// counterItem counts the commit; when guarded, it checks that the
// counter is still guard: no commit since the transaction read its ranges.
func (s *DynamoStore) counterItem(guard int64, guarded bool) types.TransactWriteItem {
	u := &types.Update{
		TableName:                 aws.String(s.Table),
		Key:                       keyAttrs(counterItem),
		UpdateExpression:          aws.String("SET #g = if_not_exists(#g, :zero) + :one"),
		ExpressionAttributeNames:  map[string]string{"#g": attrCount},
		ExpressionAttributeValues: map[string]types.AttributeValue{":zero": &types.AttributeValueMemberN{Value: "0"}, ":one": &types.AttributeValueMemberN{Value: "1"}},
	}
	switch {
	case guarded && guard == 0:
		u.ConditionExpression = aws.String("attribute_not_exists(#g)")
	case guarded:
		u.ConditionExpression = aws.String("#g = :guard")
		u.ExpressionAttributeValues[":guard"] = &types.AttributeValueMemberN{Value: strconv.FormatInt(guard, 10)}
	}
	return types.TransactWriteItem{Update: u}
}

// commitError maps the error of TransactWriteItems: a failed check, or
// another transaction on one of its items at the same moment, is a
// conflict (1020); DynamoDB's refusal of the request (too large, say) is
// final; anything else (a timeout, a lost connection) leaves the outcome
// unknown (1021).
func (tr *dynamoTxn) commitError(err error) error {
	var canceled *types.TransactionCanceledException
	if errors.As(err, &canceled) {
		for _, r := range canceled.CancellationReasons {
			if code := aws.ToString(r.Code); code == "ConditionalCheckFailed" || code == "TransactionConflict" {
				tr.s.counts.conflicts.Add(1)
				return fmt.Errorf("dynamodb store: Commit: another commit changed what the transaction read (%s): %w", code, fdb.Error{Code: 1020})
			}
		}
		return fmt.Errorf("dynamodb store: Commit: refused: %w", err)
	}
	var invalid smithy.InvalidParamsError
	if errors.As(err, &invalid) { // refused by the SDK before sending
		return fmt.Errorf("dynamodb store: Commit: %w", err)
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		if msg := strings.ToLower(api.ErrorMessage()); strings.Contains(msg, "size") || strings.Contains(msg, "larger") {
			return fmt.Errorf("dynamodb store: Commit: over DynamoDB's size limits (4 MB a transaction, 400 KB an item): %w (%w, %w)", ErrTooManyItems, fdb.Error{Code: 2101}, err)
		}
		return fmt.Errorf("dynamodb store: Commit: refused: %w", err)
	}
	tr.s.counts.unknown.Add(1)
	return fmt.Errorf("dynamodb store: Commit: the TransactWriteItems may or may not have been applied: %w (%w)", fdb.Error{Code: 1021}, err)
}

// validate checks the reads of a transaction that commits no write: they
// were all true at one moment. A single GetItem is; if nothing committed
// since its first read (the commit counter did not move), they were;
// otherwise the items its Gets read are read again in one
// TransactGetItems, all at one moment, and must be as it saw them. A
// transaction that read a range while something committed, or read more
// items than one TransactGetItems holds, fails the check (1020). (A
// Query is no snapshot of its partition, so a range read is checked like
// several reads.)
func (tr *dynamoTxn) validate() error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.validateLocked()
}

func (tr *dynamoTxn) validateLocked() error {
	if !tr.rd.started || tr.rd.rangeReads == 0 && tr.rd.gets <= 1 {
		return nil
	}
	n, err := tr.s.commitCount()
	if err != nil {
		return failed("check", err)
	}
	if n == tr.rd.t0 {
		return nil
	}
	conflict := func(why string) error {
		tr.s.counts.conflicts.Add(1)
		return fmt.Errorf("dynamodb store: %s: %w", why, fdb.Error{Code: 1020})
	}
	if tr.ranged {
		return conflict("a transaction that read a range saw a commit after its first read")
	}
	if len(tr.checks) == 0 {
		return nil
	}
	if len(tr.checks) > MaxTransactItems {
		return conflict(fmt.Sprintf("a commit after the first read, and %d keys read, too many to check at once", len(tr.checks)))
	}
	var keys []string
	var gets []types.TransactGetItem
	for key := range tr.checks {
		keys = append(keys, key)
		gets = append(gets, types.TransactGetItem{Get: &types.Get{TableName: aws.String(tr.s.Table), Key: keyAttrs(itemKeyOf(fdb.Key(key)))}})
	}
	out, err := call(tr.s, func(ctx context.Context) (*dynamodb.TransactGetItemsOutput, error) {
		return tr.s.Client.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{TransactItems: gets})
	})
	if err != nil {
		var canceled *types.TransactionCanceledException
		if errors.As(err, &canceled) {
			return conflict("the reads could not be checked at one moment")
		}
		return failed("check", err)
	}
	for i, r := range out.Responses {
		want := tr.checks[keys[i]]
		var d dataItem
		ok := false
		if r.Item != nil {
			if d, ok, err = decodeItem(r.Item); err != nil {
				return failed("check", err)
			}
			ok = ok && bytes.Equal(d.key, []byte(keys[i]))
		}
		if ok != want.present || ok && !bytes.Equal(d.token, want.token) {
			return conflict(fmt.Sprintf("%s changed after the transaction read it", fdb.Printable(fdb.Key(keys[i]))))
		}
	}
	return nil
}
