// Package store is Scoop's storage seam: the Store interface, the records it
// keeps (hands with their verdicts, equity results) and the helpers both
// implementations share (natural keys, cursors). The implementations live in
// postgres/ (pgx) and sqlite/ (pure-Go SQLite); storetest is the one
// conformance suite both must pass.
//
// Records carry JSON as bytes: the store does not interpret a hand or a
// verdict beyond the columns it indexes. This package imports only fault and
// the standard library; it never imports api or a domain package.
package store

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/fault"
)

// Hand is one stored hand and its verdict.
type Hand struct {
	ID string // assigned by the store; ignored by SaveHands
	// NaturalKey identifies the hand across uploads (see NaturalKey).
	NaturalKey string
	Site       string
	SiteHandID string
	Game       string // "omaha-hi" or "omaha-hilo"
	Legal      bool
	Players    []string        // player names in table order
	Hand       json.RawMessage // the canonical hand JSON
	Verdict    json.RawMessage // the verdict JSON
	CreatedAt  time.Time       // assigned by the store
}

// Saved is the outcome of saving one hand: its id, and whether this call
// created it (false: the natural key was already stored, ID is the existing
// hand's).
type Saved struct {
	ID      string
	Created bool
}

// Query selects stored hands. Zero fields select everything.
type Query struct {
	Player string // hands this player was dealt into
	Game   string
	Legal  *bool
	Limit  int    // page size: 0 means DefaultLimit; capped at MaxLimit
	Cursor string // from a previous Page.Next; empty for the first page
}

// Page sizes.
const (
	DefaultLimit = 50
	MaxLimit     = 500
)

// PageLimit returns the effective page size for q.Limit.
func PageLimit(limit int) int {
	switch {
	case limit <= 0:
		return DefaultLimit
	case limit > MaxLimit:
		return MaxLimit
	}
	return limit
}

// Page is one page of hands, newest first. Next is the cursor of the next
// page, empty on the last page. Hands in a page carry no Hand or Verdict
// JSON (read one hand for those).
type Page struct {
	Hands []Hand
	Next  string
}

// Equity is a stored equity result.
type Equity struct {
	ID        string
	Result    json.RawMessage
	CreatedAt time.Time
}

// Store keeps hands and equity results. Implementations are safe for
// concurrent use. Errors are *fault.Error values: NotFound for a missing id
// (including an id that is not one of ours), Invalid for a bad cursor,
// Unavailable when the database cannot be reached, Internal otherwise.
type Store interface {
	// SaveHands stores hands in one transaction, idempotently on
	// NaturalKey: a hand already stored (by this or an earlier or a
	// concurrent call) is not stored again and its existing id is returned.
	// The result is indexed like hands. On error nothing is stored.
	SaveHands(ctx context.Context, hands []Hand) ([]Saved, error)
	// Hand returns the hand with the given id.
	Hand(ctx context.Context, id string) (Hand, error)
	// Hands returns a page of hands matching q, newest first (keyset
	// pagination on the id).
	Hands(ctx context.Context, q Query) (Page, error)
	// SaveEquity stores an equity result and returns its id.
	SaveEquity(ctx context.Context, result json.RawMessage) (string, error)
	// Equity returns the equity result with the given id.
	Equity(ctx context.Context, id string) (Equity, error)
	// Ready reports whether the database is reachable and its migrations
	// are current (Unavailable otherwise).
	Ready(ctx context.Context) error
	// Close releases the store's connections.
	Close() error
}

// NaturalKey returns the key a hand is stored under: "site:<site>:<id>"
// when both site and siteHandID are known, else "sha256:<hex>" of the
// canonical hand JSON.
func NaturalKey(site, siteHandID string, canonical []byte) string {
	if site != "" && siteHandID != "" {
		return "site:" + site + ":" + siteHandID
	}
	sum := sha256.Sum256(canonical)
	return "sha256:" + hex.EncodeToString(sum[:])
}

const cursorPrefix = "h1:"

// EncodeCursor returns the opaque cursor that resumes a listing after the
// hand with the given id.
func EncodeCursor(id int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte(cursorPrefix + strconv.FormatInt(id, 10)))
}

// DecodeCursor returns the id a cursor resumes after; an empty cursor is 0
// (start from the newest). A malformed cursor is an Invalid error on field
// "cursor".
func DecodeCursor(c string) (int64, error) {
	if c == "" {
		return 0, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err == nil {
		if s, ok := strings.CutPrefix(string(b), cursorPrefix); ok {
			if id, err := strconv.ParseInt(s, 10, 64); err == nil && id > 0 {
				return id, nil
			}
		}
	}
	return 0, fault.Field(fault.Invalid, "cursor", "malformed cursor %q (use the next_cursor of a previous page)", c)
}

// ParseID returns the numeric form of a stored id, or a NotFound error
// naming what: an id that is not a positive integer names nothing stored.
func ParseID(what, id string) (int64, error) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || n <= 0 {
		return 0, fault.New(fault.NotFound, "no %s with id %q", what, id)
	}
	return n, nil
}

// FormatID returns the API form of a numeric id.
func FormatID(id int64) string { return strconv.FormatInt(id, 10) }
