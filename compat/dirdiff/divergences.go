package dirdiff

import "bytes"

// Divergence is a deliberate, documented difference of this module's
// directory layer from the Java one. A sequence that reaches one ends
// there (the stores may differ from then on); a vector that shows one
// names it in Known, and replaying it on Go must still differ.
type Divergence struct {
	ID     string
	Reason string
	// match reports whether the first operation on which the sides
	// differ, op, is this divergence: java and goRes are the two answers
	// to it.
	match func(op Op, java, goRes OpResult) bool
}

// Divergences are the known divergences of fdb/directory from Java.
var Divergences = []Divergence{
	{
		ID: "go-checks-empty-layer",
		Reason: "Open and CreateOrOpen with an empty, non-nil layer demand an empty stored layer, the official Go " +
			"binding's rule, kept (DIRECTORY.md 2.4); Java skips the check for an empty layer",
		match: func(op Op, java, goRes OpResult) bool {
			return (op.Op == OpOpen || op.Op == OpCreateOrOpen) && op.Layer != nil && len(*op.Layer) == 0 &&
				java.Error == "" && goRes.Error == ClassLayerMismatch
		},
	},
	{
		ID: "go-refuses-system-prefix",
		Reason: "a manual prefix that starts with FF (FoundationDB's system keys) is refused at once, ErrInvalidPrefix " +
			"(DIRECTORY.md 1.7); Java checks the version and the path first, accepts FF 01 and fails only when a " +
			"remove clears past the legal keys",
		match: func(op Op, java, goRes OpResult) bool {
			return op.Op == OpCreatePrefix && op.Prefix != nil && bytes.HasPrefix(*op.Prefix, []byte{0xff}) &&
				goRes.Error == ClassInvalidPrefix
		},
	},
	{
		ID: "go-refuses-prefix-taken-by-parents",
		Reason: "create_prefix on a path with missing parents checks the manual prefix again once they are created, " +
			"and refuses it (prefix_in_use) when a parent's automatic prefix overlaps it (DIRECTORY.md 1.7); Java, " +
			"like every binding, checks it only before and gives two directories overlapping prefixes, which " +
			"directory.Check reports as a corrupt tree",
		match: func(op Op, java, goRes OpResult) bool {
			return op.Op == OpCreatePrefix && java.Error == "" && goRes.Error == ClassPrefixInUse
		},
	},
	{
		ID: "go-version-exactly-12-bytes",
		Reason: "a stored directory version must be exactly 12 bytes (invalid_metadata otherwise), as Python and " +
			"FoundationDB's C++ layer require (DIRECTORY.md 1.2); Java reads the first 12 bytes of a longer value " +
			"and goes on",
		match: func(op Op, java, goRes OpResult) bool {
			return goRes.Error == ClassInvalidMetadata && java.Error != ClassInvalidMetadata
		},
	},
}

// ForgiveKnown is Differential.Forgive for Java (ref) against Go (other):
// the id of the known divergence at the first operation whose answers
// differ, or "".
func ForgiveKnown(req TxRequest, java, goRes TxResult) string {
	for i, op := range req.Ops {
		if i >= len(java.Results) || i >= len(goRes.Results) {
			return ""
		}
		a, b := java.Results[i], goRes.Results[i]
		// Handle numbers aside: a side run again after a failed replay
		// has counted the handles of that replay too.
		a.Handle, b.Handle = 0, 0
		if ResultsText([]OpResult{a}) == ResultsText([]OpResult{b}) {
			continue
		}
		for _, d := range Divergences {
			if d.match(op, a, b) {
				return d.ID
			}
		}
		return ""
	}
	return ""
}
