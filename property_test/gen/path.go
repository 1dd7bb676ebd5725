package gen

import (
	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/tuple"
	"pgregory.net/rapid"
)

// Kind generates segment kinds from a small set with shared prefixes
// ("post", "posts", "p"), so that kind ranges are tested where they could
// leak into each other.
func Kind() *rapid.Generator[string] {
	return rapid.SampledFrom([]string{"user", "post", "posts", "p", "comment", "react", "tag"})
}

// Path generates key paths of up to maxDepth segments, each with zero to
// two id elements, drawn from small ranges so that paths often share
// prefixes.
func Path(maxDepth int) *rapid.Generator[nested.Path] {
	id := rapid.OneOf(
		rapid.Int64Range(-3, 12).AsAny(),
		rapid.SampledFrom([]any{"a", "b", "go", ""}),
		rapid.Just[any](nil),
		UUID().AsAny(),
	)
	return rapid.Custom(func(t *rapid.T) nested.Path {
		var p nested.Path
		n := rapid.IntRange(0, maxDepth).Draw(t, "depth")
		for range n {
			ids := rapid.SliceOfN(id, 0, 2).Draw(t, "id")
			p = p.Child(Kind().Draw(t, "kind"), tuple.Tuple(ids)...)
		}
		return p
	})
}
