package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/scoophq/scoop/internal/fault"
)

// CheckText returns nil when s is text every store can hold (UTF-8 without
// a NUL character), else an Invalid error naming field. PostgreSQL refuses
// both a NUL and invalid UTF-8 in a text value (SQLSTATE 22021), so both
// stores refuse them here, before the database, the same way.
func CheckText(field, s string) error {
	if !utf8.ValidString(s) {
		return fault.Field(fault.Invalid, field, "%s %q is not UTF-8 text", field, s)
	}
	if strings.IndexByte(s, 0) >= 0 {
		return fault.Field(fault.Invalid, field, "%s %q holds a NUL character, which is not allowed in text", field, s)
	}
	return nil
}

// CheckJSON returns nil when doc is a JSON document every store can hold,
// else an Invalid error naming field (and, for a NUL, the member holding
// it, e.g. "hand.players[1].name"): the document must be valid JSON in
// UTF-8 without a NUL character, raw or escaped as \u0000, and without an
// unpaired UTF-16 surrogate escape (PostgreSQL's jsonb refuses both
// escapes, SQLSTATE 22P05 and 22P02).
func CheckJSON(field string, doc []byte) error {
	if !utf8.Valid(doc) {
		return fault.Field(fault.Invalid, field, "%s JSON is not UTF-8 text", field)
	}
	if !json.Valid(doc) {
		return fault.Field(fault.Invalid, field, "%s is not valid JSON", field)
	}
	switch jsonEscapes(doc) {
	case escapeNUL:
		where := field + jsonPathOf(doc, func(s string) bool { return strings.IndexByte(s, 0) >= 0 })
		return fault.Field(fault.Invalid, where, "%s holds a NUL character (\\u0000), which cannot be stored", where)
	case escapeSurrogate:
		return fault.Field(fault.Invalid, field, "%s JSON holds an unpaired UTF-16 surrogate escape, which cannot be stored", field)
	}
	return nil
}

// CheckRecord returns nil when every text of h can be stored (see
// CheckText and CheckJSON), else an Invalid error naming the first field
// that cannot: "natural_key", "site", "site_hand_id", "game",
// "players[i]", "hand...", "verdict..." or "analysis...". SaveHands refuses such a record
// alone (Saved.Err) and stores the others.
func CheckRecord(h Hand) error {
	for _, f := range []struct{ name, value string }{
		{"natural_key", h.NaturalKey}, {"site", h.Site}, {"site_hand_id", h.SiteHandID}, {"game", h.Game},
	} {
		if err := CheckText(f.name, f.value); err != nil {
			return err
		}
	}
	for i, p := range h.Players {
		if err := CheckText("players["+strconv.Itoa(i)+"]", p); err != nil {
			return err
		}
	}
	if err := CheckJSON("hand", h.Hand); err != nil {
		return err
	}
	if err := CheckJSON("verdict", h.Verdict); err != nil {
		return err
	}
	if h.Analysis != nil {
		return CheckJSON("analysis", h.Analysis)
	}
	return nil
}

// Admit checks each hand with CheckRecord: it returns the indexes of those
// that can be stored, in order, and a result slice of len(hands) in which
// each refused hand has its Err set. Both stores' SaveHands start with it.
func Admit(hands []Hand) (ok []int, out []Saved) {
	out = make([]Saved, len(hands))
	ok = make([]int, 0, len(hands))
	for i, h := range hands {
		if err := CheckRecord(h); err != nil {
			out[i].Err = err
			continue
		}
		ok = append(ok, i)
	}
	return ok, out
}

type escapeFault uint8

const (
	escapeOK escapeFault = iota
	escapeNUL
	escapeSurrogate
)

// jsonEscapes scans valid JSON for a NUL (raw or \u0000) and for an
// unpaired surrogate escape. Outside strings JSON has no backslash, so every
// backslash starts an escape.
func jsonEscapes(b []byte) escapeFault {
	if bytes.IndexByte(b, 0) >= 0 {
		return escapeNUL
	}
	for i := bytes.IndexByte(b, '\\'); i >= 0 && i+1 < len(b); {
		if b[i+1] == 'u' && i+6 <= len(b) {
			r, _ := strconv.ParseUint(string(b[i+2:i+6]), 16, 32)
			switch {
			case r == 0:
				return escapeNUL
			case r >= 0xDC00 && r <= 0xDFFF:
				return escapeSurrogate // a low half with no high half before it
			case r >= 0xD800 && r <= 0xDBFF:
				j := i + 6
				if j+6 > len(b) || b[j] != '\\' || b[j+1] != 'u' {
					return escapeSurrogate
				}
				lo, _ := strconv.ParseUint(string(b[j+2:j+6]), 16, 32)
				if lo < 0xDC00 || lo > 0xDFFF {
					return escapeSurrogate
				}
				i = j // the pair is fine: go on after its low half
			}
			i += 6
		} else {
			i += 2
		}
		next := bytes.IndexByte(b[i:], '\\')
		if next < 0 {
			break
		}
		i += next
	}
	return escapeOK
}

// jsonPathOf returns the path (".a.b[2]") of the first string, key or
// value, in doc for which bad is true, or "" when it cannot tell.
func jsonPathOf(doc []byte, bad func(string) bool) string {
	type level struct {
		array bool
		index int
		key   string
		onKey bool // in an object, the next string is a key
	}
	var stack []level
	path := func(key string) string {
		var b strings.Builder
		for _, l := range stack {
			if l.array {
				b.WriteString("[" + strconv.Itoa(l.index) + "]")
			} else if l.key != "" {
				b.WriteString("." + l.key)
			}
		}
		if key != "" {
			b.WriteString("." + key)
		}
		return b.String()
	}
	// afterValue moves the enclosing level past a value just read.
	afterValue := func() {
		if n := len(stack); n > 0 {
			if stack[n-1].array {
				stack[n-1].index++
			} else {
				stack[n-1].onKey = true
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) || err != nil {
			return ""
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, level{onKey: true})
			case '[':
				stack = append(stack, level{array: true})
			default:
				stack = stack[:len(stack)-1]
				afterValue()
			}
		case string:
			if n := len(stack); n > 0 && !stack[n-1].array && stack[n-1].onKey {
				if bad(t) {
					return path(strconv.Quote(t))
				}
				stack[n-1].key, stack[n-1].onKey = t, false
				continue
			}
			if bad(t) {
				return path("")
			}
			afterValue()
		default:
			afterValue()
		}
	}
}
