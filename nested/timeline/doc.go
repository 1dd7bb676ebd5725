// Package timeline is the key-path demo on a real embedded store: a social
// timeline (users, their posts, the posts' comments, the comments'
// reactions) kept in one bbolt bucket under nested key paths, queried with
// range scans, beside the same data under naive "USER#…#POST#10" string
// keys that sort wrongly.
//
// Place in the import DAG: above nested, tuple and fdb/kvpage (which
// pages its range reads). It must not import compat or cmd/fdbtuple.
//
// bbolt (go.etcd.io/bbolt, etcd's storage engine) keeps keys in a B+tree in
// plain byte order, so a cursor walks the keys in exactly the order
// nested.Compare gives. The command "fdbtuple demo" runs it.
package timeline
