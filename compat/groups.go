package compat

import (
	"cmp"
	"slices"
)

// group sorts the failing rows into the report's groups: by section (in
// run order) and cause, smallest input first. The first Examples rows of
// each group are kept with both answers, the random ones shrunk first.
func (c *checker) group() {
	bySection := map[string][]failure{}
	for _, f := range c.failures {
		bySection[f.m.Section] = append(bySection[f.m.Section], f)
	}
	for _, s := range c.report.Sections {
		fs := bySection[s.Name]
		if len(fs) == 0 {
			continue
		}
		var keys []string
		byKey := map[string][]failure{}
		for _, f := range fs {
			if _, ok := byKey[f.key]; !ok {
				keys = append(keys, f.key)
			}
			byKey[f.key] = append(byKey[f.key], f)
		}
		var groups []*Group
		for _, k := range keys {
			members := byKey[k]
			slices.SortStableFunc(members, func(a, b failure) int {
				return cmp.Or(cmp.Compare(a.m.Size, b.m.Size), cmp.Compare(a.order, b.order))
			})
			g := &Group{Section: s.Name, Cause: members[0].m.Problem}
			for _, f := range members {
				g.Rows = append(g.Rows, f.m.Row)
			}
			for _, f := range members[:min(len(members), c.opts.Examples)] {
				g.Examples = append(g.Examples, c.example(s.Name, f))
			}
			slices.SortStableFunc(g.Examples, func(a, b Mismatch) int { return cmp.Compare(a.Size, b.Size) })
			groups = append(groups, g)
		}
		// the group with the smallest failing input first
		slices.SortStableFunc(groups, func(a, b *Group) int { return cmp.Compare(a.Examples[0].Size, b.Examples[0].Size) })
		c.report.Groups = append(c.report.Groups, groups...)
	}
}

// example is a failing row as the report shows it: shrunk, if it is a
// random row that shrinks.
func (c *checker) example(section string, f failure) Mismatch {
	o, ok := c.shrink(section, f.m.Row, f)
	if !ok {
		return f.m
	}
	m := o.mismatch(section, f.m.Row)
	m.ShrunkFrom, m.ShrunkFromSize = f.m.Input, f.m.Size
	return m
}
