// Package api710 holds only a test: a program written for the official
// binding, which selects API version 710 in init() before it builds any key.
package api710
