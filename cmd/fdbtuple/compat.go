package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/fdbtuple/fdbtuple/compat"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
)

// version is reported by serve's hello.
const version = "0.1.0"

var serveCommand = &command{
	summary: "answer the compat protocol with this codec, for other checkers",
	usage: `

Reads protocol requests (compat/PROTOCOL.md), one JSON object per line, from
standard input and answers each on standard output, until input ends.

example:
  echo '{"id":1,"op":"pack","tuple":[{"string":"foo"},{"int":"42"}]}' | fdbtuple serve
  {"id":1,"packed":"02666f6f00152a"}`,
	minArgs: 0, maxArgs: 0,
	run: func(e *env, o *options, args []string) error {
		return compat.Serve(e.stdin, e.stdout, version)
	},
}

var checkCommand = &command{
	summary: "check an implementation against every vector and a random run",
	usage: `[-seed N] [-random N] [-timeout D] [-json FILE] [-divergences FILE] -- COMMAND [ARGS...]

Starts COMMAND, which must speak the compat protocol (compat/PROTOCOL.md) on
its standard input and output, and runs through it every row of every
vector file and a differential run of random tuples against this codec.
Prints a row per vector file and random category (pass, fail, known
divergence, skipped), the known divergences met and their reasons, and the
first mismatches with both answers. Exit status 1 on any failure that is
not a listed known divergence; a peer that hangs, crashes or answers
garbage fails the row at hand, never the checker.

examples:
  fdbtuple check -- node compat/js/adapter.js
  fdbtuple check -random 1000 -seed 7 -json report.json -- fdbtuple serve`,
	flags:   []string{"seed", "random", "timeout", "json", "divergences"},
	minArgs: 1, maxArgs: 1 << 20,
	run: runCheck,
}

func runCheck(e *env, o *options, args []string) error {
	ds, err := compat.KnownDivergences()
	if o.divergences != "" {
		var data []byte
		if data, err = os.ReadFile(o.divergences); err == nil {
			ds, err = compat.ParseDivergences(data)
		}
	}
	if err != nil {
		return err
	}
	// SIGINT or SIGTERM ends the run: the peer's process group is stopped
	// and the checker exits, leaving nothing running.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	peer, err := compat.StartCommand(ctx, args, o.timeout)
	if err != nil {
		return err
	}
	defer peer.Close()
	report, err := compat.Check(ctx, peer, compat.CheckOptions{Random: o.random, Seed: o.seed, Divergences: ds})
	if err != nil {
		return err
	}
	if err := report.WriteText(e.stdout); err != nil {
		return err
	}
	if o.json != "" {
		out := e.stdout
		if o.json != "-" {
			f, err := os.Create(o.json)
			if err != nil {
				return err
			}
			defer f.Close()
			out = f
		}
		if err := report.WriteJSON(out); err != nil {
			return err
		}
	}
	if !report.OK() {
		return fmt.Errorf("%d rows differ from this codec outside the known divergences", report.Failures)
	}
	return nil
}

var demoCommand = &command{
	summary: "load a timeline into bbolt under key paths and run range scans",
	usage: `[-db FILE]

Creates a bbolt store (in a temporary directory, or FILE), loads users,
posts, comments and reactions under nested key paths such as
/user-4c9d36e5-6b19-4e6a-828c-226ed667458a/post-1234/comment-1678901234,
and prints range scans as key paths: a user's timeline, a post's thread,
posts 9 through 100 in numeric order, the latest comments first; then the
same posts under naive USER#…#POST#10 string keys, in their wrong order.

example:
  fdbtuple demo`,
	flags:   []string{"db"},
	minArgs: 0, maxArgs: 0,
	run: func(e *env, o *options, args []string) error {
		return timeline.Run(e.stdout, o.db)
	},
}

var matrixCommand = &command{
	summary: "render check -json reports as a Markdown compatibility matrix",
	usage: `[-date DATE] REPORT.json...

Reads the JSON reports of fdbtuple check (one per peer) and prints a
Markdown table: a row per vector file and random category, a column per
peer, each cell the passing and known-divergence counts.

example:
  fdbtuple matrix -date 2026-11-22 reports/*.json`,
	flags:   []string{"date"},
	minArgs: 1, maxArgs: 1 << 10,
	run: func(e *env, o *options, args []string) error {
		var reports []*compat.Report
		for _, path := range args {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			var r compat.Report
			if err := json.Unmarshal(data, &r); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			reports = append(reports, &r)
		}
		date := o.date
		if date == "" {
			date = time.Now().UTC().Format("2006-01-02")
		}
		_, err := fmt.Fprint(e.stdout, compat.Matrix(reports, date))
		return err
	},
}
