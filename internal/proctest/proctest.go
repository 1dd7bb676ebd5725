// Package proctest lets tests see what a child process left behind,
// without trusting any exit status: it looks processes up in /proc.
//
// Place in the import DAG: a leaf. It imports nothing of this module.
package proctest

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"time"
)

// Supported reports whether LeftRunning can look processes up (Linux).
func Supported() bool { return runtime.GOOS == "linux" }

// LeftRunning lists the running processes whose command line holds
// marker. A SIGKILL takes effect asynchronously, so it looks again for up
// to half a second before it reports any.
func LeftRunning(marker string) []string {
	var found []string
	for range 50 {
		found = found[:0]
		dirs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, f := range dirs {
			if b, err := os.ReadFile(f); err == nil && bytes.Contains(b, []byte(marker)) {
				found = append(found, filepath.Base(filepath.Dir(f))+": "+string(bytes.ReplaceAll(b, []byte{0}, []byte{' '})))
			}
		}
		if len(found) == 0 {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return found
}
