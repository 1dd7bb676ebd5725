package vectors

import "embed"

// Ext holds this module's own vectors for its tuple-layer extensions
// (decimals, descending elements) in ext/. They pin formats no other
// binding implements, and are kept apart from the cross-language files.
//
//go:embed ext/*.jsonl
var Ext embed.FS
