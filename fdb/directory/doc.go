// Package directory is FoundationDB's directory layer on any ordered
// key-value store: the official Go package's API
// (bindings/go/src/fdb/directory), writing byte for byte the keys that the
// official Java, Python and Go directory layers write, so that a tree made
// here opens there and the other way round.
//
// A directory is a named place for keys. Paths such as ("app", "users")
// map to short prefixes (two or three bytes, allocated once and never
// reused), and a directory is the subspace of its prefix: pack keys under
// it as under any subspace. Directories can be listed, moved (only their
// names change, never their keys) and removed (with every key under them).
//
// # Using it
//
// A store provides transactions (fdb.Transactor): fdb/memstore in memory,
// fdb/boltstore on a file, or any other implementation of the fdb
// transaction interfaces. Every call runs in one transaction of the
// Transactor it is given:
//
//	db := memstore.New(nil)
//	users, err := directory.CreateOrOpen(db, []string{"app", "users"}, nil)
//	if err != nil {
//		return err
//	}
//	_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
//		return nil, tr.Set(users.Pack(tuple.Tuple{42, "name"}), []byte("Ada"))
//	})
//
// Given a transaction (an fdb.Transaction is a Transactor that runs a
// function in itself), a call runs in that transaction and commits nothing:
// opening a directory and writing under it then happen together, and a
// failure leaves nothing. Open, Exists and List only read (any
// fdb.ReadTransactor does). Create refuses an existing directory,
// CreateOrOpen opens it; both create missing parents. Move relinks a
// directory under another name, Remove deletes it with its contents and
// subdirectories, and reports whether it was there.
//
// The package functions (CreateOrOpen, Open, Create, Move, Exists, List)
// use Root, the default layer every FoundationDB binding shares: metadata
// under the byte 0xFE, contents anywhere else. NewDirectoryLayer makes a
// layer whose metadata and contents live in subspaces of the caller's
// choice; NewDirectoryLayerWith also takes Options: manual prefixes, and
// the allocator's random source (Options.Rand), which tests and
// cross-language comparisons script.
//
// # Layers
//
// A directory records a layer, a byte string naming what it holds, given
// when it is created (nil or empty: none). Open and CreateOrOpen compare
// a non-nil layer with it and fail with ErrLayerMismatch when they differ.
// As in the official Go package, an empty but non-nil layer must match too
// (it opens only directories created without a layer); pass nil to open
// whatever is there. (Java and Python skip the check for an empty layer.)
//
// # Partitions
//
// A directory created with the layer "partition" is a partition: a
// directory layer of its own inside its prefix, whose subdirectories'
// prefixes all start with the partition's. A partition keeps a tree in one
// contiguous range of keys (to back it up, copy it or clear it at once), at
// the price of longer prefixes. Paths cross partitions transparently, but
// a directory cannot be moved into or out of one
// (ErrMoveBetweenPartitions), manual prefixes are refused inside one, and
// the partition's own root is not a subspace: its Subspace methods panic
// with ErrPartitionRoot where their signatures cannot return an error.
// IsPartition tells; Prefix returns the partition's prefix, under which
// all of it lies.
//
// # Manual prefixes
//
// On a layer made with manual prefixes allowed, CreatePrefix gives a
// directory the prefix the caller chooses (for keys known in advance),
// refused if it overlaps another directory's or the node subspace, is
// empty (ErrPrefixInUse), or starts with 0xFF, where FoundationDB keeps
// its system keys (ErrInvalidPrefix). Missing parents are created with
// automatic prefixes; if one of those overlaps the manual prefix, the
// create fails with ErrPrefixInUse after the parents were written, so
// fail the transaction with it (the package functions and a store's
// Transact do). A manual prefix that starts with the content subspace
// and then 0x14 to 0x1C lies among the allocator's candidates (with the
// default, empty content subspace, 0x14 is candidate 0 and 0x15 0x01
// candidate 1): an automatic create that draws one overlapping it fails
// (ErrPrefixInUse) in every binding, so keep manual prefixes outside that
// range.
//
// # Large directories
//
// List reads every subdirectory name in one range read. ListPage reads a
// page: at most limit names from a given name on, at the cost of the page
// whatever the directory's size, with where the next page starts; Children
// iterates over all of them a page per transaction.
//
// # Walking a tree
//
// Walk yields every directory below a path, depth first, partitions
// included: its path, depth, layer, prefix, kind and the directory
// itself, reading a page of entries at a time. Given a transaction, it
// reads one consistent view (to export a tree); given a store, each page
// runs in a transaction of its own, as Children's do. Prefix gives any
// directory's prefix, a partition's included.
//
// # The cache
//
// Opening a path reads the version key and, per path element, the entry
// and the layer of the directory it names: 21 reads at depth 10, each a
// round trip on a network store. A Cache remembers opened directories and
// checks each one, in the transaction that uses it, with one read (the
// entry naming it in its parent): a directory that was moved, renamed or
// removed (itself or an ancestor) is opened afresh, never handed out.
// The move of an ancestor is the one change one read cannot see; the
// remembered directory, still alive under its new path, is then handed
// out, as a directory opened before the move goes on working in every
// binding. CacheOptions.Exact sees that too, at one read per path element.
// The cache writes nothing and adds no key to the layout. See Cache.
//
// # Checking a store
//
// Check reads a layer's whole metadata and reports what is wrong with it:
// keys no directory layer writes, a wrong version, entries that lead
// nowhere, nodes no entry reaches, overlapping prefixes, allocator state
// the allocator cannot leave. It is what the tests run after every step.
// ReadLayerState reads what a layer keeps beside its directories: its
// version and its prefix allocator's newest window (start, size, counter,
// recent candidates).
//
// The command fdbtuple dir check (cmd/fdbtuple) runs Check over a bbolt
// file or a dump of any store, prints each finding with its path and key,
// then a line per layer (directories, partitions, version, allocator
// window), and exits 1 if it found a problem; fdbtuple dir tree and ls
// show the tree through Walk:
//
//	fdbtuple dir check -bolt app.db
//	fdbtuple dir tree -dump dump.txt
//
// # Transactions, conflicts and concurrency
//
// Directory operations on one transaction run one at a time: goroutines
// sharing a transaction can call them freely, and two CreateOrOpen of one
// path give one directory (the official bindings can allocate two). On a
// store that detects conflicts, the prefix allocator follows
// FoundationDB's: concurrent creations conflict only if they drew the same
// candidate, through snapshot reads, ADD and fdb.ConflictRanges. A store
// without conflict ranges decides by its own rules (bbolt runs one writer
// at a time); the keys written are the same.
//
// # Errors
//
// Every failure of the directory layer's own is an *Error: the operation,
// the absolute path (and the destination of a move), the key at fault for
// corrupt metadata, and a sentinel for errors.Is: ErrDirNotExists,
// ErrDirAlreadyExists, ErrParentDirDoesNotExist (the official three, with
// their texts), ErrLayerMismatch, ErrVersion, ErrInvalidMetadata,
// ErrMoveBetweenPartitions, ErrMoveIntoSubdirectory, ErrRootDirectory,
// ErrPartitionRoot, ErrManualPrefixes, ErrPrefixInUse, ErrPrefixNotEmpty,
// ErrInvalidPrefix, ErrInvalidName and ErrInvalidArgument. The message
// ends with the official Go text of the case. The store's own errors (a
// conflict, a closed store) pass through as they are, so that its Transact
// can retry.
//
// # What differs from the official Go package, and why
//
//   - The transaction types are this module's fdb.Transactor and
//     fdb.ReadTransactor (interfaces any store implements), not the cgo
//     binding's.
//   - Errors are typed and wrapped with the path (above), where the
//     official package returns bare texts: test them with errors.Is, not
//     by comparing strings.
//   - No panic where the official package panics: MoveTo to a path shorter
//     than the partition's, and a subdirectory name that is not a string
//     (a null name Java can write), return errors; so do the partition
//     root's Unpack and PackWithVersionstamp. Its other Subspace methods
//     panic as in every binding, with an *Error.
//   - The version value must be exactly 12 bytes, read as unsigned
//     integers, as Python and FoundationDB's C++ layer read it (Java and Go
//     accept longer values and read signed ones); only 1.0.0 is written,
//     and only by operations that write, as everywhere.
//   - The check for keys already stored under an allocated prefix covers
//     every key starting with it, as Java, Python and C++ do; the official
//     Go checks the prefix's tuple range only, missing the prefix itself
//     and keys after prefix+FF.
//   - Names that are not valid UTF-8 are refused (ErrInvalidName): the
//     official Go writes them, and no other binding can read them back.
//     Names are never normalized (NFC and NFD "café" are two directories,
//     as in every binding).
//   - Manual prefixes starting with 0xFF are refused; no binding refuses
//     them, and FoundationDB fails later, when such a directory is removed.
//   - CreatePrefix checks the manual prefix again after creating missing
//     parents, and refuses it (ErrPrefixInUse) if their automatic prefixes
//     overlap it. Every binding checks it only before, so that a parent
//     can be allocated the very prefix (or one around or inside it) and
//     two directories share keys: a tree Check reports as corrupt. Where
//     the parents draw other prefixes, the keys written are the official
//     ones; the second check reads the two ranges the first one read.
//   - CreatePrefix checks its arguments before any read, as Java does (the
//     official Go reads the version first): only which error comes first
//     differs.
//   - List of an empty directory is an empty slice, not nil.
//   - Directory calls on one transaction are serialized per transaction;
//     the official Go holds a process-wide lock around the allocator's
//     reads only.
//   - An operation that writes reads each key once: the official layers
//     read the version twice in a create, and a new directory's whole
//     parent path twice (a create at depth 10 costs 28 reads here, 48
//     there). The keys read, the conflicts and the writes are the same.
//   - Additions: NewDirectoryLayerWith and Options (Rand), IsPartition,
//     Prefix, ListPage and Children, Walk, Cache, Check, ReadLayerState,
//     the sentinels above, QuoteName and FormatPath, and String on a
//     partition.
//
// Remove keeps the official Go signature: false with a nil error for a
// missing directory (Java's removeIfExists). Java's remove, which fails
// then, is Remove followed by a test of the boolean.
//
// # Layout
//
// For a layer with node subspace N and content subspace C (N = FE and C
// empty by default), node(P) = N ‖ pack((P,)) is the node of the directory
// with prefix P, and node(N) the root node. The keys are:
//
//	node(N) ‖ pack(("version",))  1.0.0: three uint32, little-endian
//	node(P) ‖ pack(("layer",))    the directory's layer
//	node(P) ‖ pack((0, name))     a subdirectory's raw prefix
//	node(N) ‖ pack(("hca", 0, s)) the allocator's count of window s
//	node(N) ‖ pack(("hca", 1, c)) the allocator's recent candidate c
//
// An allocated prefix is C ‖ pack((c,)) for a candidate integer c. A
// partition with prefix P runs a layer with N = P ‖ FE and C = P. The
// golden files in testdata write out whole stores of examples, annotated.
//
// Place in the import DAG: above fdb, subspace and tuple (and what they
// import); fdb/memstore only in tests and examples.
package directory
