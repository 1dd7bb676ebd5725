package main

import (
	"bytes"
	"crypto/sha256"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// The table layout: how a key of the ordered key space becomes an item's
// binary partition key (PK) and binary sort key (SK).
//
// A key that starts with a tuple element (a key path, a packed tuple, a
// directory's contents) is split after that element: the element is the
// partition key, the rest the sort key, so that the keys under one first
// element are one partition, read in order by Query. Every other key (the
// directory layer's metadata under FE, the demo's naive USER#… keys, any
// raw bytes) is in the one raw partition, whose partition key is FF (no
// tuple element is FF, and no key starts with it), with the whole key as
// its sort key.
//
// DynamoDB refuses an empty key attribute, so the sort key is the rest
// with one change: an empty rest is 00, and a rest that starts with 00
// gets 00 before it (keys whose rest starts with 00 are rare: a null
// element). Order is kept: 00 < 00 00 … < 00 01 … < every rest that starts
// higher.
//
// DynamoDB holds partition keys of at most 2,048 bytes and sort keys of at
// most 1,024, FoundationDB keys of up to 10,000: a first element longer
// than 2,048 bytes goes to the raw partition, and a sort key longer than
// longSK bytes is stored as its first longSK bytes followed by 16 bytes of
// its SHA-256, with the whole key in the item's K attribute. The long keys
// that share their first longSK bytes are then next to each other in sort
// key order (no other sort key lies among them), in hash order; a read
// sorts them by K.
const (
	maxPK  = 2048
	longSK = 1000
)

// rawPK is the partition key of the raw partition.
var rawPK = []byte{0xFF}

// itemKey is where a key is stored.
type itemKey struct {
	pk, sk []byte
	long   bool // sk is cut and hashed: the key is in the item's K attribute
}

// SplitKey returns the partition key and the sort key a key is stored
// under.
func SplitKey(key []byte) (pk, sk []byte) {
	ik := itemKeyOf(key)
	return ik.pk, ik.sk
}

// itemKeyOf returns where a key is stored.
func itemKeyOf(key []byte) itemKey {
	pk, rest := partitionOf(key)
	sk := sortKey(rest)
	if len(sk) <= longSK {
		return itemKey{pk: pk, sk: sk}
	}
	sum := sha256.Sum256(sk)
	return itemKey{pk: pk, sk: append(sk[:longSK:longSK], sum[:16]...), long: true}
}

// partitionOf splits a key into its partition key and the rest.
func partitionOf(key []byte) (pk, rest []byte) {
	if n := tupleHead(key); n > 0 {
		return key[:n:n], key[n:]
	}
	return rawPK, key
}

// tupleHead is the length of the key's first tuple element, if that is
// its partition key: 0 for a key that does not start with a tuple element
// (or with one longer than a partition key can be). Only bytes up to
// lastTypeCode start one.
func tupleHead(key []byte) int {
	if len(key) == 0 || key[0] > lastTypeCode {
		return 0
	}
	_, n, err := tuplewire.Next(key)
	if err != nil || n > maxPK {
		return 0
	}
	return n
}

// lastTypeCode is the greatest type code of a tuple element
// (the versionstamp): a key that starts above it is a raw key.
const lastTypeCode = 0x33

// sortKey maps the rest of a key to a non-empty sort key, keeping order.
func sortKey(rest []byte) []byte {
	switch {
	case len(rest) == 0:
		return []byte{0x00}
	case rest[0] == 0x00:
		return append([]byte{0x00}, rest...)
	}
	return rest
}

// restOf is the inverse of sortKey.
func restOf(sk []byte) []byte {
	if len(sk) > 0 && sk[0] == 0x00 {
		return sk[1:]
	}
	return sk
}

// JoinKey is the inverse of SplitKey for a key whose sort key is not cut
// (a long key is in its item's K attribute).
func JoinKey(pk, sk []byte) []byte {
	if bytes.Equal(pk, rawPK) {
		return bytes.Clone(restOf(sk))
	}
	return append(bytes.Clone(pk), restOf(sk)...)
}

// A rangePlan says how a range of keys is read: inside one partition, by
// a Query of its sort keys from low (inclusive) to high (exclusive; nil:
// to the partition's end), or, when the range spans partitions, by a Scan
// of the table.
type rangePlan struct {
	pk, low, high []byte
	scan          bool
}

// planRange plans the read of [begin, end), begin below end.
func planRange(begin, end []byte) rangePlan {
	// Inside one tuple partition: every key from begin up to end has
	// begin's first element.
	if n := tupleHead(begin); n > 0 {
		pk := begin[:n]
		if bytes.Compare(end, familyEnd(pk)) > 0 {
			return rangePlan{scan: true}
		}
		p := rangePlan{pk: pk, low: lowSK(begin[n:])}
		if bytes.HasPrefix(end, pk) {
			p.high = highSK(end[n:])
		}
		return p
	}
	// Inside the raw partition: every key from begin on starts above the
	// type codes, so none is a tuple key.
	if len(begin) > 0 && begin[0] > lastTypeCode {
		return rangePlan{pk: rawPK, low: lowSK(begin), high: highSK(end)}
	}
	return rangePlan{scan: true}
}

// familyEnd is the end of the keys whose first element is pk: the keys
// that start with pk, except, for an element ended by a 00 terminator (a
// byte string, a string, a nested tuple), those where an FF follows: there
// the 00 was an escape (00 FF) and the element goes on, another element
// (("a") packs to 02 61 00, ("a\x00") to 02 61 00 FF 00).
func familyEnd(pk []byte) []byte {
	switch types.Code(pk[0]) {
	case types.CodeBytes, types.CodeString, types.CodeNested:
		return append(bytes.Clone(pk), 0xFF)
	}
	end, _ := tuple.PrefixEnd(pk) // pk starts below FF: it has an end
	return end
}

// lowSK maps an inclusive lower bound on the rest of a key to one on
// sort keys. A long bound becomes the start of its group of long keys
// (which a read filters by K).
func lowSK(rest []byte) []byte {
	sk := sortKey(rest)
	if len(sk) > longSK {
		return sk[:longSK:longSK]
	}
	return sk
}

// highSK maps an exclusive upper bound on the rest of a key to one on
// sort keys. A long bound becomes the end of its group of long keys
// (which a read filters by K), or nil, no bound, when there is none.
func highSK(rest []byte) []byte {
	sk := sortKey(rest)
	if len(sk) > longSK {
		end, err := tuple.PrefixEnd(sk[:longSK])
		if err != nil {
			return nil // FF… : nothing sorts after the group
		}
		return end
	}
	return sk
}
