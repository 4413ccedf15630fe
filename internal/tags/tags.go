// Package tags is the one statement of what a hand's tags and note may
// be (issue 24): the API's PUT /v1/hands/{id}/tags and /note, the tag
// filter (package filter) and both stores check them here. It imports
// fault only.
package tags

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/scoophq/scoop/internal/fault"
)

// Limits of a hand's tags and note.
const (
	MaxTags   = 20   // tags on one hand
	MaxTagLen = 32   // bytes of one tag
	MaxNote   = 4000 // bytes of a note's UTF-8
)

// Valid reports whether t is a tag: 1 to MaxTagLen characters of a-z,
// 0-9, '_' and '-'.
func Valid(t string) bool {
	if t == "" || len(t) > MaxTagLen {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// Check returns the Invalid error of a tag that is not Valid, on field
// (the filter's "tag", or "tags[3]" in a body); nil for a valid one.
func Check(field, t string) error {
	if Valid(t) {
		return nil
	}
	shown := t
	if len(shown) > 40 {
		shown = shown[:40] + "..."
	}
	return fault.Field(fault.Invalid, field, "tag %q: want 1 to %d characters of a-z, 0-9, _ and - (lower case)", shown, MaxTagLen)
}

// Normalize checks a hand's new set of tags (at most MaxTags, each Valid;
// Invalid on "tags" or "tags[i]" otherwise) and returns it sorted without
// repeats: the set as stored and answered. Nil becomes empty.
func Normalize(ts []string) ([]string, error) {
	if len(ts) > MaxTags {
		return nil, fault.Field(fault.Invalid, "tags", "%d tags: at most %d on a hand", len(ts), MaxTags)
	}
	for i, t := range ts {
		if err := Check("tags["+strconv.Itoa(i)+"]", t); err != nil {
			return nil, err
		}
	}
	out := slices.Clone(ts)
	if out == nil {
		out = []string{}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// CheckNote returns the Invalid error, on "note", of a note that is not
// UTF-8, holds a NUL (which no store keeps) or is longer than MaxNote
// bytes; nil otherwise. An empty note deletes the hand's note.
func CheckNote(note string) error {
	switch {
	case len(note) > MaxNote:
		return fault.Field(fault.Invalid, "note", "the note is %d bytes of UTF-8; at most %d", len(note), MaxNote)
	case !utf8.ValidString(note):
		return fault.Field(fault.Invalid, "note", "the note is not UTF-8 text")
	case strings.IndexByte(note, 0) >= 0:
		return fault.Field(fault.Invalid, "note", "the note holds a NUL character")
	}
	return nil
}
