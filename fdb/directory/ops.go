package directory

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// writeOp runs f in a transaction of t holding the transaction's
// directory lock, after checking the names of path (the operation's
// absolute path), and names the operation in the errors f returns.
func writeOp[T any](t fdb.Transactor, op string, path []string, f func(fdb.Transaction) (T, error)) (T, error) {
	var zero T
	if err := checkNames(path); err != nil {
		err.Op = op
		return zero, err
	}
	r, err := t.Transact(func(tr fdb.Transaction) (any, error) {
		unlock := lockTransaction(lockKey(t, tr))
		defer unlock()
		v, err := f(newOpTransaction(tr))
		return v, withOp(op, err)
	})
	if err != nil {
		return zero, err
	}
	v, _ := r.(T)
	return v, nil
}

// readOp is writeOp for an operation that only reads.
func readOp[T any](rt fdb.ReadTransactor, op string, path []string, f func(fdb.ReadTransaction) (T, error)) (T, error) {
	var zero T
	if err := checkNames(path); err != nil {
		err.Op = op
		return zero, err
	}
	r, err := rt.ReadTransact(func(rtr fdb.ReadTransaction) (any, error) {
		unlock := lockTransaction(lockKey(rt, rtr))
		defer unlock()
		// No memory of reads: an operation that only reads never reads a
		// key twice.
		v, err := f(rtr)
		return v, withOp(op, err)
	})
	if err != nil {
		return zero, err
	}
	v, _ := r.(T)
	return v, nil
}

// withTo sets the destination of err if it is an *Error without one.
func withTo(err error, to []string) error {
	var e *Error
	if errors.As(err, &e) && e.To == nil {
		e.To = to
	}
	return err
}

// checkNames refuses a path with a name that is not valid UTF-8: the
// tuple layer writes names as Unicode strings, which Java and Python
// cannot decode otherwise. Names are never normalized: "café" in NFC and
// in NFD are two directories, as in every official binding.
func checkNames(path []string) *Error {
	for i, name := range path {
		if !utf8.ValidString(name) {
			return newError(ErrInvalidName, path, fmt.Sprintf("%s: element %d, %q, is not valid UTF-8", ErrInvalidName, i, name))
		}
	}
	return nil
}

// The directory lock of a transaction. Directory operations on one
// transaction run one at a time, so that two goroutines calling
// CreateOrOpen on one transaction cannot both find the directory missing
// and allocate two prefixes for it (josephg/node-foundationdb#87). A
// transaction is identified by its value (a pointer, or a comparable
// struct such as a view holding one); a transaction that cannot be
// compared shares one lock with all such, which is correct and only
// slower.

type txLock struct {
	sync.Mutex
	users int // holders and waiters; the entry goes when it reaches 0
}

var txLocks = struct {
	sync.Mutex
	m map[any]*txLock
}{m: map[any]*txLock{}}

var sharedLock sync.Mutex

// lockKey is what identifies the transaction an operation runs in: the
// transaction the caller passed, if it passed one (a store's transaction
// may hand a read-only operation a view of itself, which must share its
// lock), else the one the store started.
func lockKey(given, started any) any {
	if tr, ok := given.(fdb.ReadTransaction); ok {
		return tr
	}
	return started
}

// lockTransaction takes the directory lock of tr and returns its release.
func lockTransaction(tr any) (unlock func()) {
	if tr == nil || !reflect.ValueOf(tr).Comparable() {
		sharedLock.Lock()
		return sharedLock.Unlock
	}
	txLocks.Lock()
	l := txLocks.m[tr]
	if l == nil {
		l = &txLock{}
		txLocks.m[tr] = l
	}
	l.users++
	txLocks.Unlock()
	l.Lock()
	return func() {
		l.Unlock()
		txLocks.Lock()
		if l.users--; l.users == 0 {
			delete(txLocks.m, tr)
		}
		txLocks.Unlock()
	}
}
