package main

import "testing"

// TestNotesText: a readable verdict repeats at most maxNotesShown notes,
// then says how many more --json gives.
func TestNotesText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		notes []string
		want  string
	}{
		{nil, ""},
		{[]string{"a"}, "; note: a"},
		{[]string{"a", "b", "c"}, "; note: a; note: b; note: c"},
		{[]string{"a", "b", "c", "d", "e"}, "; note: a; note: b; note: c; and 2 more notes (--json gives them)"},
	} {
		if got := notesText(c.notes); got != c.want {
			t.Errorf("notesText(%q) = %q, want %q", c.notes, got, c.want)
		}
	}
}
