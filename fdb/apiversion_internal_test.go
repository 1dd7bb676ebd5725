package fdb

import (
	"errors"
	"testing"
)

// resetAPIVersion gives a test the state of a process that has selected
// nothing, and restores that state after it.
func resetAPIVersion(t *testing.T) {
	t.Helper()
	apiVersion = 0
	t.Cleanup(func() { apiVersion = 0 })
}

// TestAPIVersionSelection walks the official binding's rules: nothing
// selected is Error{2200}; an unsupported version is Error{2203} and
// selects nothing; the first supported version is selected; the same one
// again is accepted; another one is Error{2201} and changes nothing.
func TestAPIVersionSelection(t *testing.T) {
	resetAPIVersion(t)
	if IsAPIVersionSelected() {
		t.Fatal("selected before any call")
	}
	if v, err := GetAPIVersion(); v != 0 || !errors.Is(err, Error{2200}) {
		t.Fatalf("GetAPIVersion before selection = %d, %v; want 0, Error{2200}", v, err)
	}
	for _, bad := range []int{0, -1, 199, 731, 100000} {
		if err := APIVersion(bad); !errors.Is(err, Error{2203}) {
			t.Errorf("APIVersion(%d) = %v, want Error{2203}", bad, err)
		}
	}
	if IsAPIVersionSelected() {
		t.Fatal("an unsupported version was selected")
	}
	if err := APIVersion(200); err != nil {
		t.Fatalf("APIVersion(200) = %v", err)
	}
	if err := APIVersion(200); err != nil {
		t.Errorf("APIVersion(200) again = %v, want nil", err)
	}
	for _, other := range []int{730, 199, 710} {
		if err := APIVersion(other); !errors.Is(err, Error{2201}) {
			t.Errorf("APIVersion(%d) after 200 = %v, want Error{2201}", other, err)
		}
	}
	if v, err := GetAPIVersion(); v != 200 || err != nil || !IsAPIVersionSelected() || MustGetAPIVersion() != 200 {
		t.Errorf("GetAPIVersion = %d, %v; want 200", v, err)
	}
}

// TestAPIVersionUpperBound: 730, the newest version of the official
// binding this module is compared with, is accepted.
func TestAPIVersionUpperBound(t *testing.T) {
	resetAPIVersion(t)
	if err := APIVersion(730); err != nil {
		t.Fatalf("APIVersion(730) = %v", err)
	}
}

func TestMustAPIVersionPanics(t *testing.T) {
	resetAPIVersion(t)
	mustPanicWith(t, Error{2200}, func() { MustGetAPIVersion() })
	mustPanicWith(t, Error{2203}, func() { MustAPIVersion(100) })
	MustAPIVersion(710)
	MustAPIVersion(710)
	mustPanicWith(t, Error{2201}, func() { MustAPIVersion(720) })
}

func mustPanicWith(t *testing.T, want Error, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if r := recover(); r != want {
			t.Errorf("panic = %v, want %v", r, want)
		}
	}()
	f()
}

// TestAPIVersionErrorText checks the messages against the official
// binding's form and the C library's descriptions of the three API-version
// codes; a code without a description prints bare.
func TestAPIVersionErrorText(t *testing.T) {
	for _, tt := range []struct {
		code int
		want string
	}{
		{2200, "FoundationDB error code 2200 (API version must be set)"},
		{2201, "FoundationDB error code 2201 (API version may be set only once)"},
		{2203, "FoundationDB error code 2203 (API version not supported in this version or binding)"},
		{4100, "FoundationDB error code 4100"},
	} {
		if got := (Error{tt.code}).Error(); got != tt.want {
			t.Errorf("Error{%d} = %q, want %q", tt.code, got, tt.want)
		}
	}
}
