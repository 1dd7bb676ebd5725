package compat

import (
	"context"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// TestPythonText: tuple.Parse reads the tuples the official Python
// binding prints (its repr) as Python means them. For random tuples, the
// Python peer prints each and packs what it reads back from its own text
// (its nan is float('nan'), a double-quoted str's \xNN a code point);
// Parse of the text must give the value Python reads, bit for bit. 50 tuples a check, so
// that the default 100 checks try 5,000. Under CI (CI=true) the peer
// must be built; elsewhere the test skips without it.
func TestPythonText(t *testing.T) {
	i := slices.IndexFunc(LivePeers(), func(lp LivePeer) bool { return lp.Name == "python-foundationdb" })
	lp := LivePeers()[i]
	if missing := lp.Missing("."); len(missing) > 0 {
		msg := "peer " + lp.Name + " is not built: run " + lp.Build + ", then go test ./compat"
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI must run the Python peer: %s (missing %v)", msg, missing)
		}
		t.Skip(msg)
	}
	cmd := slices.Clone(lp.Command)
	cmd[0], _ = filepath.Abs(cmd[0])
	p, err := StartCommand(context.Background(), cmd, 20*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ctx := context.Background()
	hello, err := p.Call(ctx, Request{Op: OpHello})
	if err != nil || !slices.Contains(hello.Ops, OpRepr) {
		t.Fatalf("hello: %+v, %v; want the op %s", hello, err, OpRepr)
	}
	tried := 0
	rapid.Check(t, func(t *rapid.T) {
		for _, tup := range rapid.SliceOfN(gen.Tuple(gen.Options{}), 50, 50).Draw(t, "tuples") {
			raw, err := EncodeTuple(tup)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := p.Call(ctx, Request{Op: OpRepr, Tuple: raw})
			if err != nil {
				t.Fatal(err)
			}
			if resp.Error != "" || resp.Packed == nil {
				t.Fatalf("the Python peer does not print %s: %s", tup.Text(), resp.Error)
			}
			tried++
			got, err := tuple.Parse(resp.Text)
			if err != nil {
				t.Fatalf("Python prints %s as\n\t%s\nwhich Parse refuses: %v", tup.Text(), resp.Text, err)
			}
			// Python's bytes, read by this codec (leniently: Python writes
			// 2^63 to 2^64-1 longer than needed, a known divergence), and
			// written again: the value Python read, as this codec packs it.
			pyBytes, err := hex.DecodeString(*resp.Packed)
			if err != nil {
				t.Fatal(err)
			}
			pyValue, err := tuple.Codec{Lenient: true}.Unpack(pyBytes)
			if err != nil {
				t.Fatalf("Python's %s packs as %s, which does not unpack: %v", resp.Text, *resp.Packed, err)
			}
			if want, packed := hex.EncodeToString(pyValue.Pack()), hex.EncodeToString(got.Pack()); packed != want {
				t.Fatalf("Python prints %s as\n\t%s\nwhich Python reads back as %s (%s); Parse reads %s (%s)", tup.Text(), resp.Text, pyValue.Text(), want, got.Text(), packed)
			}
		}
	})
	t.Logf("%d tuples Python printed, read by Parse as Python reads them", tried)
}
