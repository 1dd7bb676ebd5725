// Package api510 holds only a test: a program pinned to API version 510,
// whose versionstamped keys end in a 2-byte position.
package api510
