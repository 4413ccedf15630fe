package store

import (
	"context"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/fault"
)

// Session is a browser sign-in: the token of an HttpOnly cookie stands
// for the API key it was made with. Only the token's SHA-256 is stored.
// A session ends when it is revoked, when its key or the key's account is
// revoked, when it has been idle too long (LastSeenAt) or at ExpiresAt;
// the store keeps the facts and the caller judges them (Live).
type Session struct {
	Hash      []byte // SHA-256 of the token: the session's identity
	KeyPrefix string // the API key the session stands for
	CreatedAt time.Time
	// LastSeenAt is when the session was last used, as TouchSession
	// recorded it (at most a minute or so behind).
	LastSeenAt time.Time
	ExpiresAt  time.Time  // the absolute end, whatever the use
	RevokedAt  *time.Time // nil for a session not signed out
	// Key is the key the session stands for, with its account and its
	// state (SessionByHash fills it).
	Key APIKey
}

// Live reports whether the session may be used at now: not revoked, its
// key live, not idle for idle or more, and before ExpiresAt.
func (s Session) Live(now time.Time, idle time.Duration) bool {
	return s.RevokedAt == nil && s.Key.Live() && now.Before(s.ExpiresAt) && now.Sub(s.LastSeenAt) < idle
}

// Share is a read-only link to one stored hand: its token (in the link,
// /s/<token>) is shown once, when it is made; only its SHA-256 is stored.
type Share struct {
	ID        string // public id (NewPublicID), for listing and revoking
	Hash      []byte // SHA-256 of the token
	HandID    string // the shared hand's public id
	AccountID account.ID
	CreatedAt time.Time
	ExpiresAt *time.Time // nil: until revoked
	RevokedAt *time.Time
}

// Live reports whether the link may be used at now.
func (s Share) Live(now time.Time) bool {
	return s.RevokedAt == nil && (s.ExpiresAt == nil || now.Before(*s.ExpiresAt))
}

// SharesQuery asks for a page of the context's account's share links,
// newest first.
type SharesQuery struct {
	Limit  int    // at most MaxLimit; 0 means DefaultLimit
	Cursor string // "" for the first page, else a Page's NextCursor
}

// SharesPage is one page of share links.
type SharesPage struct {
	Shares     []Share
	NextCursor string // "" on the last page
}

// Sessions keeps browser sessions and share links. Key material never
// reaches it: only hashes of tokens.
type Sessions interface {
	// CreateSession stores s (Hash, KeyPrefix, ExpiresAt) for the live key
	// with that prefix; NotFound when there is no such key.
	CreateSession(ctx context.Context, s Session) error
	// SessionByHash returns the session whose token hashes to hash, with
	// its key and the key's state, whatever its own state; NotFound when
	// there is none.
	SessionByHash(ctx context.Context, hash []byte) (Session, error)
	// TouchSession records that the session was used now.
	TouchSession(ctx context.Context, hash []byte) error
	// RevokeSession ends the session from now on (again: no change);
	// NotFound when there is none.
	RevokeSession(ctx context.Context, hash []byte) error
	// CreateShare stores a share link (Hash, HandID, ExpiresAt) of a hand
	// of the context's account and returns it with its ID and CreatedAt;
	// NotFound when the account has no such hand.
	CreateShare(ctx context.Context, s Share) (Share, error)
	// ShareByHash returns the link whose token hashes to hash, of any
	// account, whatever its state; NotFound when there is none.
	ShareByHash(ctx context.Context, hash []byte) (Share, error)
	// Shares returns a page of the context's account's links, live and
	// not, newest first. Invalid for a malformed cursor.
	Shares(ctx context.Context, q SharesQuery) (SharesPage, error)
	// RevokeShare revokes the context's account's link with the given id
	// (again: no change); NotFound when the account has none.
	RevokeShare(ctx context.Context, id string) error
}

// CheckNewSession validates CreateSession's argument before the database.
func CheckNewSession(s Session) error {
	if len(s.Hash) != 32 || s.KeyPrefix == "" || s.ExpiresAt.IsZero() {
		return fault.New(fault.Internal, "create session: hash, key and expiry are required")
	}
	return nil
}

// CheckNewShare validates CreateShare's argument before the database.
func CheckNewShare(s Share) error {
	if err := CheckHandID(s.HandID); err != nil {
		return err
	}
	if len(s.Hash) != 32 {
		return fault.New(fault.Internal, "create share: a token hash is required")
	}
	return nil
}

// NoSession is the NotFound error of a session token that names none.
func NoSession() error { return fault.New(fault.NotFound, "no such session") }

// NoShare is the NotFound error of a share link that names none.
func NoShare(id string) error {
	return fault.New(fault.NotFound, "no share link %q", id)
}

const shareCursorPrefix = "s1:"

// ShareCursor returns the opaque cursor resuming a listing after the share
// link with the given public id.
func ShareCursor(publicID string) string { return encodeCursor(shareCursorPrefix, publicID) }

// DecodeShareCursor returns the public id a cursor resumes after ("" for
// ""); anything but ShareCursor's form is Invalid on field "cursor".
func DecodeShareCursor(c string) (string, error) {
	if c == "" {
		return "", nil
	}
	if id, ok := decodeCursor(shareCursorPrefix, c, ValidPublicID); ok {
		return id, nil
	}
	return "", BadCursor(c)
}
