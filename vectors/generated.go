package vectors

import "embed"

// Generated holds the vectors this repository regenerates itself from the
// official Python binding (generate/generate.py), in generated/. CI
// regenerates them and checks they are unchanged byte for byte.
//
//go:embed generated/*.jsonl
var Generated embed.FS
