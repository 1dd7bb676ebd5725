package tuplegen

import (
	"flag"
	"fmt"
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"
)

var (
	genBatches = flag.Int("gensrc.batches", 2, "packages of random type declarations TestGeneratorOverRandomTypes generates and builds")
	genSeed    = flag.Int("gensrc.seed", 0, "the seed of TestGeneratorOverRandomTypes' packages (0: a new one, logged)")
	genChanges = flag.Int("gensrc.changes", 6, "changed key types per package whose old generated file is checked")
)

// srcPackageNames are the names of the random packages: some are those
// of the generated file's imports and parameters.
var srcPackageNames = []string{"keys", "store", "tuple", "types", "reflect", "key", "pos", "p"}

// The generator over random Go type declarations: for every key type of
// every package, the generator refuses exactly what NewDynamicPlan
// refuses (but for fields only the plan's general encoder writes); what
// it writes compiles and vets, is not stale, and gives the plan's bytes
// and errors on random values and on random and mutated keys (and
// allocates what its comments say); and a change to a key type that
// alters its generated code makes the old file fail to build or be
// refused at start-up (CheckGenerated, NewPlan and every method), with
// and without the file's compile-time shape assertions, never used.
func TestGeneratorOverRandomTypes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a module: not in -short")
	}
	seed := *genSeed
	if seed == 0 {
		seed = int(time.Now().UnixNano() % 1e6)
	}
	t.Logf("seed %d (go test -run TestGeneratorOverRandomTypes -gensrc.seed=%d -gensrc.batches=%d draws these packages again)", seed, seed, *genBatches)
	start := time.Now()
	m := newGenModule(t)
	type drawn struct {
		model   *srcModel
		changes []srcChange
	}
	gen := rapid.Custom(func(rt *rapid.T) drawn {
		model, changes := drawPackage(rt, rapid.SampledFrom(srcPackageNames).Draw(rt, "package"))
		return drawn{model, changes}
	})
	var pkgs []*genPackage
	var muts []*genMutation
	types, written, optional, optionalWritten := 0, 0, 0, 0
	for b := range *genBatches {
		d := gen.Example(seed + b)
		p := &genPackage{dir: fmt.Sprintf("b%d/%s", b, d.model.name), keys: d.model.keys(),
			files: map[string]string{"src.go": d.model.source()}, why: fmt.Sprintf("package %d of seed %d", b, seed)}
		for name, src := range p.files {
			m.write(p.dir+"/"+name, src)
		}
		m.generate(p)
		pkgs = append(pkgs, p)
		types, written = types+len(p.keys), written+len(p.written)
		for _, k := range p.keys {
			if d.model.hasOptional(k, 0) {
				optional++
				if slices.Contains(p.written, k) {
					optionalWritten++
				}
			}
		}
		n := 0
		for _, c := range d.changes {
			if !slices.Contains(p.written, c.key) || n >= *genChanges {
				continue
			}
			changed := d.model.clone()
			c.apply(changed)
			for _, strip := range []bool{false, true} {
				u := &genMutation{base: p, dir: fmt.Sprintf("b%d/c%d%s/%s", b, n, map[bool]string{true: "s"}[strip], d.model.name),
					what: c.key + ": " + c.what, files: map[string]string{"src.go": changed.source()}, strip: strip,
					key: c.key, twinStripped: !strip}
				m.mutate(u)
				muts = append(muts, u)
			}
			n++
		}
	}
	if t.Failed() {
		return
	}
	m.run(pkgs, muts, uint64(seed), 200)
	failedBuild, stale := 0, 0
	for _, u := range muts {
		if !u.compiles {
			failedBuild++
		} else if anyTrue(u.stale) {
			stale++
		}
	}
	t.Logf("%d packages, %d key types: %d written, %d refused as the plan refuses; %d with optional fields, %d of them written; %d changed packages with the old file: %d fail to build, %d refused at start-up, %d unchanged; %v",
		len(pkgs), types, written, types-written, optional, optionalWritten, len(muts), failedBuild, stale, len(muts)-failedBuild-stale, time.Since(start).Round(time.Second))
}
