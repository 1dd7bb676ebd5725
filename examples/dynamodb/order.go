package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/dynamokey"
)

// BatchPut writes items with BatchWriteItem, 25 at a time, retrying the
// unprocessed ones. A batch DynamoDB refuses as a whole (two of its items
// with keys DynamoDB holds equal, such as N "2" and "2.0") is written item
// by item instead, so that which values are equal is DynamoDB's decision.
func BatchPut(ctx context.Context, client *dynamodb.Client, table string, items []map[string]types.AttributeValue) error {
	for start := 0; start < len(items); start += 25 {
		batch := items[start:min(start+25, len(items))]
		reqs := make([]types.WriteRequest, len(batch))
		for i, item := range batch {
			reqs[i] = types.WriteRequest{PutRequest: &types.PutRequest{Item: item}}
		}
		pending := map[string][]types.WriteRequest{table: reqs}
		for len(pending[table]) > 0 {
			out, err := client.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
			var api smithy.APIError
			if errors.As(err, &api) && api.ErrorCode() == "ValidationException" && strings.Contains(api.ErrorMessage(), "duplicates") {
				for _, item := range batch {
					if _, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: item}); err != nil {
						return fmt.Errorf("put %v: %w", item[attrSK], err)
					}
				}
				break
			}
			if err != nil {
				return fmt.Errorf("batch write to %s: %w", table, err)
			}
			pending = out.UnprocessedItems
		}
	}
	return nil
}

// OrderReport is what CheckOrder measured for one key type.
type OrderReport struct {
	Type          types.ScalarAttributeType
	Written       int // values written, spellings of one number included
	Distinct      int // distinct tuple elements among them (dynamokey)
	Items         int // items DynamoDB returned
	Disagreements int // neighbours DynamoDB returned whose tuple bytes are not increasing
	Pages         int // Query requests it took
	First         string
}

func (r OrderReport) String() string {
	return fmt.Sprintf("%s: %d values written, %d distinct tuple elements, %d items read back (%d Query pages), %d disagreements",
		r.Type, r.Written, r.Distinct, r.Items, r.Pages, r.Disagreements)
}

// CheckOrder creates a table whose sort key has type typ, writes values
// (DynamoDB's text for N and S, raw bytes for B) as its sort keys, reads
// them back in DynamoDB's order, and compares that order with the bytes
// of their tuple elements (package dynamokey).
func CheckOrder(ctx context.Context, client *dynamodb.Client, typ types.ScalarAttributeType, values []string) (OrderReport, error) {
	rep := OrderReport{Type: typ, Written: len(values)}
	table := "order-" + string(typ)
	_, err := client.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: aws.String(table),
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String(attrPK), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String(attrSK), AttributeType: typ},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String(attrPK), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(attrSK), KeyType: types.KeyTypeRange},
		},
		BillingMode: types.BillingModePayPerRequest,
	})
	if err != nil {
		return rep, fmt.Errorf("create table %s: %w", table, err)
	}
	distinct := map[string]bool{}
	items := make([]map[string]types.AttributeValue, len(values))
	for i, v := range values {
		key, err := tupleKey(typ, v)
		if err != nil {
			return rep, err
		}
		distinct[string(key)] = true
		items[i] = map[string]types.AttributeValue{attrPK: &types.AttributeValueMemberS{Value: "p"}, attrSK: attributeValue(typ, v)}
	}
	rep.Distinct = len(distinct)
	if err := BatchPut(ctx, client, table, items); err != nil {
		return rep, err
	}
	kv := &DynamoStore{Client: client, Table: table}
	var prev []byte
	for page, err := range kv.QueryPages(ctx, &dynamodb.QueryInput{
		TableName:                 aws.String(table),
		KeyConditionExpression:    aws.String("PK = :p"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": &types.AttributeValueMemberS{Value: "p"}},
		ConsistentRead:            aws.Bool(true),
	}) {
		if err != nil {
			return rep, err
		}
		rep.Pages++
		for _, item := range page {
			v, err := valueText(item[attrSK])
			if err != nil {
				return rep, err
			}
			key, err := tupleKey(typ, v)
			if err != nil {
				return rep, fmt.Errorf("DynamoDB returned %q: %w", v, err)
			}
			if !distinct[string(key)] {
				return rep, fmt.Errorf("DynamoDB returned %q, whose tuple element was not written", v)
			}
			if prev != nil && bytes.Compare(prev, key) >= 0 {
				rep.Disagreements++
				if rep.First == "" {
					rep.First = fmt.Sprintf("%s before %s", tuple.Printable(prev), tuple.Printable(key))
				}
			}
			prev = key
			rep.Items++
		}
	}
	return rep, nil
}

// tupleKey packs a sort key value as its dynamokey element.
func tupleKey(typ types.ScalarAttributeType, v string) ([]byte, error) {
	var e any
	var err error
	switch typ {
	case types.ScalarAttributeTypeS:
		e, err = dynamokey.S(v)
	case types.ScalarAttributeTypeN:
		e, err = dynamokey.N(v)
	default:
		e, err = dynamokey.B([]byte(v))
	}
	if err != nil {
		return nil, err
	}
	return dynamokey.Codec().Pack(tuple.Tuple{e})
}

func attributeValue(typ types.ScalarAttributeType, v string) types.AttributeValue {
	switch typ {
	case types.ScalarAttributeTypeS:
		return &types.AttributeValueMemberS{Value: v}
	case types.ScalarAttributeTypeN:
		return &types.AttributeValueMemberN{Value: v}
	}
	return &types.AttributeValueMemberB{Value: []byte(v)}
}

func valueText(av types.AttributeValue) (string, error) {
	switch av := av.(type) {
	case *types.AttributeValueMemberS:
		return av.Value, nil
	case *types.AttributeValueMemberN:
		return av.Value, nil
	case *types.AttributeValueMemberB:
		return string(av.Value), nil
	}
	return "", fmt.Errorf("not an S, N or B value: %T", av)
}

// OrderCase is one key type and the values CheckOrder writes for it.
type OrderCase struct {
	Type   types.ScalarAttributeType
	Values []string
}

// OrderCases are the S, N and B values of the example and its tests:
// 3,000 of each, drawn from one seed so that both print the same figures.
func OrderCases() []OrderCase {
	rng := rand.New(rand.NewPCG(29, 3))
	return []OrderCase{
		{types.ScalarAttributeTypeS, RandomStrings(rng, 3000)},
		{types.ScalarAttributeTypeN, RandomNumbers(rng, 3000)},
		{types.ScalarAttributeTypeB, RandomBinaries(rng, 3000)},
	}
}

// RandomStrings draws n strings that stress the order: characters from
// every UTF-8 length, both sides of the surrogate block (U+D7FF, U+E000),
// the supplementary planes, U+0000, and strings that are prefixes of one
// another.
func RandomStrings(rng *rand.Rand, n int) []string {
	alphabet := []rune{'\x00', '\x01', 'a', 'b', 'z', 'A', '~', '\x7f', 0x80, 'é', 0x7FF, 0x800, 'あ', 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, '🙂', '𝄞', 0x10FFFF}
	out := []string{"a", "a\x00", "a\x00\x00", "ab", "\x00", "\U0010FFFF", "\uE000", "\U00010000", "\uFFFF"}
	for len(out) < n {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		s := b.String()
		out = append(out, s)
		if rng.IntN(5) == 0 { // a longer string that starts with it
			out = append(out, s+string(alphabet[rng.IntN(len(alphabet))]))
		}
	}
	return out[:n]
}

// RandomBinaries draws n byte strings, mostly 00, FF and bytes near them,
// many prefixes of one another.
func RandomBinaries(rng *rand.Rand, n int) []string {
	alphabet := []byte{0x00, 0x00, 0xFF, 0xFF, 0x01, 0xFE, 0x7F, 0x80, 'a'}
	out := []string{"\x00", "\x00\x00", "\x00\xff", "\xff", "\xff\x00", "\xff\xff"}
	for len(out) < n {
		b := make([]byte, 1+rng.IntN(8))
		for i := range b {
			if rng.IntN(4) == 0 {
				b[i] = byte(rng.Uint32())
			} else {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		out = append(out, string(b))
		if rng.IntN(4) == 0 {
			out = append(out, string(b[:1+rng.IntN(len(b))]))
		}
	}
	return out[:n]
}

// RandomNumbers draws n numbers over DynamoDB's whole range: 1 to 38
// significant digits (38 often), exponents at both ends and near zero,
// both signs, and each time some other spellings of one of them (2, 2.0,
// 2.00; 0 and -0), which DynamoDB must hold as one key.
func RandomNumbers(rng *rand.Rand, n int) []string {
	out := []string{"0", "-0", "0.0", "2", "2.0", "2.00", "+2", "1E-130", "-1E-130",
		"9." + strings.Repeat("9", 37) + "E+125", "-9." + strings.Repeat("9", 37) + "E+125"}
	for len(out) < n {
		nd := 1 + rng.IntN(38)
		if rng.IntN(3) == 0 {
			nd = 38
		}
		ds := make([]byte, nd)
		for i := range ds {
			ds[i] = byte('0' + rng.IntN(10))
		}
		ds[0] = byte('1' + rng.IntN(9))
		e := dynamokey.MinExponent + rng.IntN(dynamokey.MaxExponent-dynamokey.MinExponent+1)
		switch rng.IntN(5) {
		case 0:
			e = dynamokey.MinExponent + rng.IntN(3)
		case 1:
			e = dynamokey.MaxExponent - rng.IntN(3)
		case 2:
			e = rng.IntN(7) - 3
		}
		sign := ""
		if rng.IntN(2) == 0 {
			sign = "-"
		}
		v := fmt.Sprintf("%s%c.%sE%d", sign, ds[0], ds[1:], e)
		out = append(out, v)
		if rng.IntN(10) == 0 { // the same number, spelled with trailing zeros
			out = append(out, fmt.Sprintf("%s%c.%s000E%d", sign, ds[0], ds[1:], e))
		}
	}
	return out[:n]
}
