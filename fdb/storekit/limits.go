package storekit

import (
	"bytes"
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// FoundationDB's limits for a normal transaction (the client knobs
// KEY_SIZE_LIMIT, VALUE_SIZE_LIMIT and TRANSACTION_SIZE_LIMIT). A store
// enforces them even when it could hold more, so that what one store holds
// every other store, FoundationDB included, can hold too.
const (
	// KeySizeLimit is the longest key a transaction may write, in bytes.
	KeySizeLimit = 10_000
	// ValueSizeLimit is the longest value (or Add parameter) a
	// transaction may write, in bytes.
	ValueSizeLimit = 100_000
	// TransactionSizeLimit is the most bytes a transaction may commit:
	// its writes (keys, values, Add parameters, both ends of each clear
	// range) and both ends of each of its conflict ranges, as
	// FoundationDB counts them.
	TransactionSizeLimit = 10_000_000
)

// legalEnd is the first key outside the legal range of a normal
// transaction: FF starts FoundationDB's system keys.
var legalEnd = fdb.Key{0xFF}

// CheckKey refuses a key outside the legal range, at or above FF, with
// Error{2004} (key_outside_legal_range), as FoundationDB refuses it to Get,
// Clear, and AddWriteConflictKey. A key longer than KeySizeLimit is not
// refused: no store holds one, so a Get finds nothing and a Clear removes
// nothing, as in FoundationDB.
func CheckKey(key fdb.Key) error {
	if bytes.Compare(key, legalEnd) >= 0 {
		return fmt.Errorf("key %s is at or above \\xff, where the system keys start: %w", printKey(key), fdb.Error{Code: 2004})
	}
	return nil
}

// CheckSet checks a Set or an Add as FoundationDB does, in its order: the
// key at or above FF is Error{2004}; a key longer than KeySizeLimit is
// Error{2102} (key_too_large); a value (or Add parameter) longer than
// ValueSizeLimit is Error{2103} (value_too_large).
func CheckSet(key fdb.Key, value []byte) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	if len(key) > KeySizeLimit {
		return fmt.Errorf("key %s is over the limit of %d bytes: %w", printKey(key), KeySizeLimit, fdb.Error{Code: 2102})
	}
	if len(value) > ValueSizeLimit {
		return fmt.Errorf("key %s: the value of %d bytes is over the limit of %d bytes: %w", printKey(key), len(value), ValueSizeLimit, fdb.Error{Code: 2103})
	}
	return nil
}

// CheckRange refuses a range read whose begin or end lies beyond FF with
// Error{2004}, as FoundationDB does: a range may end at FF, the end of the
// legal keys. A begin above the end is no error for a read, which returns
// nothing, as in FoundationDB.
func CheckRange(begin, end fdb.Key) error {
	for _, k := range []fdb.Key{begin, end} {
		if bytes.Compare(k, legalEnd) > 0 {
			return fmt.Errorf("range [%s, %s) reaches beyond \\xff, where the system keys start: %w", printKey(begin), printKey(end), fdb.Error{Code: 2004})
		}
	}
	return nil
}

// CheckClearRange checks a ClearRange as FoundationDB does: an end beyond
// FF is Error{2004}, as for CheckRange, and a begin above the end is
// Error{2005} (inverted_range).
func CheckClearRange(begin, end fdb.Key) error {
	if err := CheckRange(begin, end); err != nil {
		return err
	}
	if bytes.Compare(begin, end) > 0 {
		return fmt.Errorf("range [%s, %s) begins after its end: %w", printKey(begin), printKey(end), fdb.Error{Code: 2005})
	}
	return nil
}

// CheckLimit refuses a negative range limit with Error{2012}
// (range_limits_invalid); 0 means no limit.
func CheckLimit(limit int) error {
	if limit < 0 {
		return fmt.Errorf("range limit %d is negative (0 means no limit): %w", limit, fdb.Error{Code: 2012})
	}
	return nil
}

// CheckTransactionSize refuses a commit of more than TransactionSizeLimit
// bytes with Error{2101} (transaction_too_large).
func CheckTransactionSize(size int) error {
	if size > TransactionSizeLimit {
		return fmt.Errorf("the transaction's %d bytes of writes and conflict ranges are over the limit of %d: %w", size, TransactionSizeLimit, fdb.Error{Code: 2101})
	}
	return nil
}

// printKey prints a key as fdb.Printable does, cut after its first 32
// bytes with its length said, so that a refused 10,001-byte key does not
// fill the message.
func printKey(key fdb.Key) string {
	const shown = 32
	if len(key) <= shown {
		return fdb.Printable(key)
	}
	return fmt.Sprintf("%s... (%d bytes)", fdb.Printable(key[:shown]), len(key))
}
