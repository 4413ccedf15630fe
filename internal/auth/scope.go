package auth

import (
	"fmt"
	"slices"
	"strings"
)

// Scope is what a key may do. Scopes are a set: a key holds one or more.
type Scope uint8

const (
	// Read: list and read the account's hands, analyses, statistics,
	// imports and stored equity results, and replay or analyse hands
	// without storing them.
	Read Scope = 1 << iota
	// Write: store hands, start and cancel imports, store equity results.
	Write
	// Admin: everything, and the server's metrics.
	Admin
)

var scopeNames = []struct {
	s    Scope
	name string
}{{Read, "read"}, {Write, "write"}, {Admin, "admin"}}

// AllScopes are the names of every scope, in order.
var AllScopes = []string{"read", "write", "admin"}

// Has reports whether the set s allows what need asks: admin allows
// everything.
func (s Scope) Has(need Scope) bool {
	return s&Admin != 0 || s&need == need
}

// String is the set as ParseScopes reads it, e.g. "read,write".
func (s Scope) String() string {
	var names []string
	for _, n := range scopeNames {
		if s&n.s != 0 {
			names = append(names, n.name)
		}
	}
	return strings.Join(names, ",")
}

// ParseScopes reads a comma-separated set of scope names ("read,write");
// an empty or unknown name is an error naming it.
func ParseScopes(list string) (Scope, error) {
	var s Scope
	for name := range strings.SplitSeq(list, ",") {
		name = strings.TrimSpace(name)
		i := slices.IndexFunc(scopeNames, func(n struct {
			s    Scope
			name string
		}) bool {
			return n.name == name
		})
		if i < 0 {
			return 0, fmt.Errorf("unknown scope %q (scopes: %s)", name, strings.Join(AllScopes, ", "))
		}
		s |= scopeNames[i].s
	}
	return s, nil
}
