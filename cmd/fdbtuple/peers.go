package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/fdbtuple/fdbtuple/compat"
)

var peersCommand = &command{
	summary: "say which live peers (and the directory oracle) are built here, and how to build the others",
	usage: `[-all] [DIR]

Lists the four live peers the conformance tests run against, and the
Java directory oracle that fdb/directory is checked against (go test
./compat/... skips a peer that is not built, which go test ./... does
not show): each is "built" or "not built" with the command that builds
it.
DIR is the repository's compat directory (default: compat). With -all,
the exit status is 1 unless every peer is built.

example:
  go test ./... && fdbtuple peers`,
	flags: []string{"all"}, minArgs: 0, maxArgs: 1,
	run: func(e *env, o *options, args []string) error {
		dir := "compat"
		if len(args) == 1 {
			dir = args[0]
		}
		missing := 0
		all := append(compat.LivePeers(), compat.DirectoryOracle)
		for _, lp := range all {
			if m := lp.Missing(dir); len(m) > 0 {
				missing++
				fmt.Fprintf(e.stdout, "%-24s not built (no %s): its tests skip; build it with: %s\n",
					lp.Name, filepath.Join(dir, m[0]), lp.Build)
				continue
			}
			fmt.Fprintf(e.stdout, "%-24s built: %s\n", lp.Name, strings.Join(lp.Command, " "))
		}
		if missing > 0 && o.all {
			return fmt.Errorf("%d of %d live peers are not built", missing, len(all))
		}
		return nil
	},
}
