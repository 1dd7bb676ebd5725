package keytag

import (
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	good := map[string]Tag{
		"":              {},
		"-":             {Omit: true},
		"user":          {Name: "user"},
		"user,":         {Name: "user"},
		",desc":         {Desc: true},
		"n,bytes,desc":  {Name: "n", Bytes: true, Desc: true},
		",unit=ms":      {Unit: time.Millisecond},
		",unit=ns,desc": {Unit: time.Nanosecond, Desc: true},
		",ext=0x40":     {Ext: 0x40},
		",ext=79":       {Ext: 0x4f},
		"post,const":    {Name: "post", Const: true},
		"-7,const":      {Name: "-7", Const: true},
		",,desc":        {Desc: true},
		"_ümlaut2":      {Name: "_ümlaut2"},
		"USER ID,const": {Name: "USER ID", Const: true},
	}
	for tag, want := range good {
		got, err := Parse(tag)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", tag, got, err, want)
		}
	}
	bad := map[string]string{
		",unit=ms,unit=s":  `option "unit" given twice`,
		",desc,desc":       `option "desc" given twice`,
		",unit=h":          `unit "h", want ns, us, ms or s`,
		",ext=0x3f":        `an extension's code is 0x40 to 0x4f`,
		",ext=0x100":       `an extension's code is 0x40 to 0x4f`,
		",ext=x":           `an extension's code is 0x40 to 0x4f`,
		",descending":      `unknown option "descending"`,
		",omitempty":       `unknown option "omitempty"`,
		"a,const,desc":     `a constant takes no other option`,
		"a,const,unit=s":   `a constant takes no other option`,
		"a,const,ext=0x40": `a constant takes no other option`,
		"user-id":          `name "user-id": a field's name is a Go identifier`,
		"-,":               `name "-": a field's name is a Go identifier`,
		"1st,desc":         `name "1st": a field's name is a Go identifier`,
		"a b":              `name "a b": a field's name is a Go identifier`,
	}
	for tag, want := range bad {
		if _, err := Parse(tag); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) error %v; want one saying %q", tag, err, want)
		}
	}
}

func TestIsConst(t *testing.T) {
	for tag, want := range map[string]bool{"a,const": true, "7,desc,const": true, "const": false, "a,constant": false, "": false, "-": false} {
		if got := IsConst(tag); got != want {
			t.Errorf("IsConst(%q) = %v, want %v", tag, got, want)
		}
	}
}

// An unexported field that is no constant is left out only when it is
// blank and untagged; else the rule names what is wrong: its tag, which
// does nothing there, or the field, which would leave the key unnoticed.
func TestUnexported(t *testing.T) {
	for _, tc := range []struct {
		field, tag string
		hasTag     bool
		want       string
		badTag     bool
	}{
		{"_", "", false, "", false},
		{"_", "", true, "", false},
		{"user", "", false, "the field is unexported", false},
		{"_", "x", true, `add ,const for a constant (tuple:"x,const")`, true},
		{"user", "user", true, `add ,const for a constant (tuple:"user,const")`, true},
		{"user", ",desc", true, "a tuple tag on an unexported field does nothing; export the field", true},
	} {
		problem, badTag := Unexported(tc.field, tc.tag, tc.hasTag)
		if tc.want == "" && problem != "" || !strings.Contains(problem, tc.want) || badTag != tc.badTag {
			t.Errorf("Unexported(%q, %q, %v) = %q, %v; want %q, %v", tc.field, tc.tag, tc.hasTag, problem, badTag, tc.want, tc.badTag)
		}
	}
}
