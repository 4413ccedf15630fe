package tags_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/tags"
)

func TestValid(t *testing.T) {
	for tag, want := range map[string]bool{
		"a": true, "bad-beat": true, "x_1": true, strings.Repeat("z", 32): true,
		"": false, "Bad": false, "a b": false, "é": false, "a,b": false, strings.Repeat("z", 33): false,
	} {
		if got := tags.Valid(tag); got != want {
			t.Errorf("Valid(%q) = %v; want %v", tag, got, want)
		}
	}
}

// TestNormalize: the set sorted without repeats; 21 tags or a bad one is
// Invalid naming tags or tags[i].
func TestNormalize(t *testing.T) {
	got, err := tags.Normalize([]string{"river", "a", "river"})
	if err != nil || !slices.Equal(got, []string{"a", "river"}) {
		t.Errorf("Normalize: %q, %v", got, err)
	}
	if got, err := tags.Normalize(nil); err != nil || got == nil || len(got) != 0 {
		t.Errorf("Normalize(nil): %#v, %v; want empty", got, err)
	}
	for _, tc := range []struct {
		in    []string
		field string
	}{
		{slices.Repeat([]string{"a"}, 21), "tags"},
		{[]string{"a", "b", "C"}, "tags[2]"},
	} {
		var fe *fault.Error
		if _, err := tags.Normalize(tc.in); !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Field != tc.field {
			t.Errorf("%q: %v; want Invalid on %s", tc.in, err, tc.field)
		}
	}
}

// TestCheckNote: up to 4000 bytes of UTF-8 without a NUL.
func TestCheckNote(t *testing.T) {
	for _, ok := range []string{"", "x", strings.Repeat("é", 2000)} {
		if err := tags.CheckNote(ok); err != nil {
			t.Errorf("%d bytes: %v", len(ok), err)
		}
	}
	for _, bad := range []string{strings.Repeat("a", 4001), "a\x00", "\xff"} {
		var fe *fault.Error
		if err := tags.CheckNote(bad); !errors.As(err, &fe) || fe.Field != "note" {
			t.Errorf("%q: %v; want Invalid on note", bad[:min(len(bad), 8)], err)
		}
	}
}
