package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/dynamokey"
)

// NumberTextReport is what CheckNumberText measured.
type NumberTextReport struct {
	Written     int // number texts written, spellings of one number included
	Items       int // items read back
	Differences int // texts DynamoDB returned that are not dynamokey's way back
	First       string
}

func (r NumberTextReport) String() string {
	return fmt.Sprintf("N: %d number texts written, %d items read back, %d differences between DynamoDB's text of each number (as sort key and as attribute) and dynamokey's way back from its packed element",
		r.Written, r.Items, r.Differences)
}

// CheckNumberText writes each number text as an item's N sort key and as
// an N attribute, with the text as written in an S attribute, reads the
// items back, and compares the text DynamoDB returns for the number, in
// both places, with dynamokey's way back: the written text through N,
// packed, unpacked and through SortKey.Value. Spellings of one number are
// one item, holding the last one written.
func CheckNumberText(ctx context.Context, client *dynamodb.Client, values []string) (NumberTextReport, error) {
	rep := NumberTextReport{Written: len(values)}
	table := "text-N"
	if err := createTable(ctx, client, table, types.ScalarAttributeTypeS, types.ScalarAttributeTypeN); err != nil {
		return rep, err
	}
	items := make([]map[string]types.AttributeValue, len(values))
	for i, v := range values {
		items[i] = map[string]types.AttributeValue{
			attrPK: &types.AttributeValueMemberS{Value: "p"},
			attrSK: &types.AttributeValueMemberN{Value: v},
			"N":    &types.AttributeValueMemberN{Value: v},
			"W":    &types.AttributeValueMemberS{Value: v},
		}
	}
	if err := BatchPut(ctx, client, table, items); err != nil {
		return rep, err
	}
	kv := &DynamoStore{Client: client, Table: table}
	for page, err := range kv.QueryPages(ctx, &dynamodb.QueryInput{
		TableName:                 aws.String(table),
		KeyConditionExpression:    aws.String("PK = :p"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": &types.AttributeValueMemberS{Value: "p"}},
		ConsistentRead:            aws.Bool(true),
	}) {
		if err != nil {
			return rep, err
		}
		for _, item := range page {
			rep.Items++
			written := item["W"].(*types.AttributeValueMemberS).Value
			want, err := wayBack(written)
			if err != nil {
				return rep, err
			}
			for _, attr := range []string{attrSK, "N"} {
				if got := item[attr].(*types.AttributeValueMemberN).Value; got != want {
					rep.Differences++
					if rep.First == "" {
						rep.First = fmt.Sprintf("%q written, DynamoDB returned %q as %s, dynamokey gives %q", written, got, attr, want)
					}
				}
			}
		}
	}
	return rep, nil
}

// wayBack is dynamokey's text of a number: N, packed, unpacked, Value.
func wayBack(text string) (string, error) {
	n, err := dynamokey.N(text)
	if err != nil {
		return "", err
	}
	key, err := dynamokey.Codec().Pack(tuple.Tuple{n})
	if err != nil {
		return "", err
	}
	t, err := dynamokey.Codec().Unpack(key)
	if err != nil {
		return "", err
	}
	v, err := dynamokey.SortKey.Value(t[0])
	return v.Text, err
}

// LengthReport is what CheckKeyLengths measured.
type LengthReport struct {
	Tried, Accepted, Disagreements int
	First                          string
}

func (r LengthReport) String() string {
	return fmt.Sprintf("key lengths: %d S and B values at both roles' limits tried, %d accepted by DynamoDB, %d disagreements with dynamokey's PartitionKey and SortKey",
		r.Tried, r.Accepted, r.Disagreements)
}

// CheckKeyLengths writes S and B values of lengths around each role's
// limit (and empty ones; S of two-byte characters, which count as two)
// as partition keys and as sort keys, and compares what DynamoDB accepts
// with what dynamokey's roles accept.
func CheckKeyLengths(ctx context.Context, client *dynamodb.Client) (LengthReport, error) {
	var rep LengthReport
	for _, typ := range []types.ScalarAttributeType{types.ScalarAttributeTypeS, types.ScalarAttributeTypeB} {
		table := "lengths-" + string(typ)
		if err := createTable(ctx, client, table, typ, typ); err != nil {
			return rep, err
		}
		for _, role := range []dynamokey.Role{dynamokey.PartitionKey, dynamokey.SortKey} {
			var values []string
			for _, n := range []int{0, 1, role.MaxBytes() - 1, role.MaxBytes(), role.MaxBytes() + 1} {
				values = append(values, strings.Repeat("x", n))
				if typ == types.ScalarAttributeTypeS && n%2 == 0 {
					values = append(values, strings.Repeat("é", n/2)) // n bytes, n/2 characters
				}
			}
			values = append(values, strings.Repeat("é", role.MaxBytes()/2)+"x")
			for _, v := range values {
				pk, sk := "p", v
				if role == dynamokey.PartitionKey {
					pk, sk = v, "s"
				}
				item := map[string]types.AttributeValue{attrPK: attributeValue(typ, pk), attrSK: attributeValue(typ, sk)}
				_, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: item})
				var api smithy.APIError
				if err != nil && !(errors.As(err, &api) && api.ErrorCode() == "ValidationException") {
					return rep, fmt.Errorf("put a %v of %d bytes: %w", role, len(v), err)
				}
				var want error
				if typ == types.ScalarAttributeTypeS {
					_, want = role.S(v)
				} else {
					_, want = role.B([]byte(v))
				}
				rep.Tried++
				if err == nil {
					rep.Accepted++
				}
				if (err == nil) != (want == nil) {
					rep.Disagreements++
					if rep.First == "" {
						rep.First = fmt.Sprintf("%v %s of %d bytes: DynamoDB: %v; dynamokey: %v", role, typ, len(v), err, want)
					}
				}
			}
		}
	}
	return rep, nil
}

// createTable creates a table of partition key PK and sort key SK of
// the given types (on-demand capacity).
func createTable(ctx context.Context, client *dynamodb.Client, table string, pk, sk types.ScalarAttributeType) error {
	_, err := client.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: aws.String(table),
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String(attrPK), AttributeType: pk},
			{AttributeName: aws.String(attrSK), AttributeType: sk},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String(attrPK), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(attrSK), KeyType: types.KeyTypeRange},
		},
		BillingMode: types.BillingModePayPerRequest,
	})
	if err != nil {
		return fmt.Errorf("create table %s: %w", table, err)
	}
	return nil
}
