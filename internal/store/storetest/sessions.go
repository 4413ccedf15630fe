package storetest

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

// tokenHash returns the SHA-256 of a fresh random token.
func tokenHash() []byte {
	var b [32]byte
	rand.Read(b[:])
	h := sha256.Sum256(b[:])
	return h[:]
}

// testSessions: a session is stored for a live key only, read back by its
// hash with its key's state, touched and revoked; revoking the key or
// its account shows on the session at once.
func testSessions(t *testing.T, s store.Store) {
	ctx := context.Background()
	prefix, alice := newKey(t, s, "alice", "browser", "read,write")
	hash := tokenHash()
	expires := time.Now().Add(7 * 24 * time.Hour).UTC().Truncate(time.Millisecond)
	if err := s.CreateSession(ctx, store.Session{Hash: hash, KeyPrefix: prefix, ExpiresAt: expires}); err != nil {
		t.Fatal(err)
	}
	sn, err := s.SessionByHash(ctx, hash)
	if err != nil || !bytes.Equal(sn.Hash, hash) || sn.KeyPrefix != prefix || sn.Key.AccountID != alice || sn.Key.Scopes != "read,write" ||
		!sn.ExpiresAt.Equal(expires) || sn.RevokedAt != nil || !sn.Live(time.Now(), time.Hour) {
		t.Fatalf("SessionByHash = %+v, %v; want alice's live session expiring %v", sn, err, expires)
	}
	if sn.Live(expires.Add(time.Second), 30*24*time.Hour) {
		t.Error("a session is live past its absolute expiry")
	}
	if sn.Live(sn.LastSeenAt.Add(2*time.Hour), time.Hour) {
		t.Error("a session is live after being idle longer than its idle limit")
	}
	if _, err := s.SessionByHash(ctx, tokenHash()); !isKind(err, fault.NotFound) {
		t.Errorf("an unknown session: %v, want not found", err)
	}
	if err := s.CreateSession(ctx, store.Session{Hash: tokenHash(), KeyPrefix: "sk_scoop_0000000000", ExpiresAt: expires}); !isKind(err, fault.NotFound) {
		t.Errorf("a session for an unknown key: %v, want not found", err)
	}
	time.Sleep(5 * time.Millisecond) // the clocks' resolution: a touch is later
	if err := s.TouchSession(ctx, hash); err != nil {
		t.Fatal(err)
	}
	if again, err := s.SessionByHash(ctx, hash); err != nil || !again.LastSeenAt.After(sn.LastSeenAt) {
		t.Errorf("after TouchSession last seen %v, before %v (%v); want later", again.LastSeenAt, sn.LastSeenAt, err)
	}

	// Signing out ends one session, not the key's others.
	other := tokenHash()
	if err := s.CreateSession(ctx, store.Session{Hash: other, KeyPrefix: prefix, ExpiresAt: expires}); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeSession(ctx, hash); err != nil {
		t.Fatal(err)
	}
	if sn, err := s.SessionByHash(ctx, hash); err != nil || sn.RevokedAt == nil || sn.Live(time.Now(), time.Hour) {
		t.Errorf("a signed-out session: %+v, %v; want revoked", sn, err)
	}
	if err := s.RevokeSession(ctx, hash); err != nil {
		t.Errorf("sign out twice: %v", err)
	}
	if err := s.RevokeSession(ctx, tokenHash()); !isKind(err, fault.NotFound) {
		t.Errorf("sign out of an unknown session: %v, want not found", err)
	}
	if sn, err := s.SessionByHash(ctx, other); err != nil || !sn.Live(time.Now(), time.Hour) {
		t.Errorf("the key's other session: %+v, %v; want live", sn, err)
	}
	// Revoking the key ends its sessions at once; no new one is made.
	if err := s.RevokeKey(ctx, prefix); err != nil {
		t.Fatal(err)
	}
	if sn, err := s.SessionByHash(ctx, other); err != nil || sn.Key.Live() || sn.Live(time.Now(), time.Hour) {
		t.Errorf("a session of a revoked key: %+v, %v; want not live", sn, err)
	}
	if err := s.CreateSession(ctx, store.Session{Hash: tokenHash(), KeyPrefix: prefix, ExpiresAt: expires}); !isKind(err, fault.NotFound) {
		t.Errorf("a session for a revoked key: %v, want not found", err)
	}
	// And revoking the account ends its keys' sessions.
	p2, _ := newKey(t, s, "alice", "second", "read")
	third := tokenHash()
	if err := s.CreateSession(ctx, store.Session{Hash: third, KeyPrefix: p2, ExpiresAt: expires}); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeAccount(ctx, "alice"); err != nil {
		t.Fatal(err)
	}
	if sn, err := s.SessionByHash(ctx, third); err != nil || sn.Live(time.Now(), time.Hour) {
		t.Errorf("a session of a revoked account: %+v, %v; want not live", sn, err)
	}
}

// testShares: a link is made for a hand of the caller's account only,
// found by its hash from any account, listed per account in keyset pages,
// and revoked by its owner alone.
func testShares(t *testing.T, s store.Store) {
	_, bob := newKey(t, s, "bob", "bob's key", "read,write")
	ctxA := account.With(context.Background(), account.Default)
	ctxB := account.With(context.Background(), bob)
	saved, err := s.SaveHands(ctxA, []store.Hand{NewHand(1, "", "omaha-hi", true, "a", "b"), NewHand(2, "", "omaha-hi", true, "c", "d")})
	if err != nil {
		t.Fatal(err)
	}
	hand := saved[0].ID
	if _, err := s.CreateShare(ctxB, store.Share{Hash: tokenHash(), HandID: hand}); !isKind(err, fault.NotFound) {
		t.Errorf("B shares A's hand: %v, want not found", err)
	}
	if _, err := s.CreateShare(ctxA, store.Share{Hash: tokenHash(), HandID: store.NewPublicID()}); !isKind(err, fault.NotFound) {
		t.Errorf("A shares a hand that does not exist: %v, want not found", err)
	}
	hash := tokenHash()
	expires := time.Now().Add(time.Hour).UTC().Truncate(time.Millisecond)
	sh, err := s.CreateShare(ctxA, store.Share{Hash: hash, HandID: hand, ExpiresAt: &expires})
	if err != nil || !store.ValidPublicID(sh.ID) || sh.HandID != hand || sh.CreatedAt.IsZero() || sh.AccountID != account.Default {
		t.Fatalf("CreateShare = %+v, %v", sh, err)
	}
	got, err := s.ShareByHash(context.Background(), hash)
	if err != nil || got.ID != sh.ID || got.HandID != hand || got.AccountID != account.Default || got.ExpiresAt == nil || !got.ExpiresAt.Equal(expires) || !got.Live(time.Now()) {
		t.Fatalf("ShareByHash = %+v, %v; want %+v", got, err, sh)
	}
	if got.Live(expires.Add(time.Second)) {
		t.Error("a link is live past its expiry")
	}
	if _, err := s.ShareByHash(context.Background(), tokenHash()); !isKind(err, fault.NotFound) {
		t.Errorf("an unknown link: %v, want not found", err)
	}
	// Pages, newest first.
	var ids []string
	for i := range 3 {
		sh, err := s.CreateShare(ctxA, store.Share{Hash: tokenHash(), HandID: saved[i%2].ID})
		if err != nil || sh.ExpiresAt != nil {
			t.Fatalf("CreateShare without expiry = %+v, %v", sh, err)
		}
		ids = append(ids, sh.ID)
	}
	want := []string{ids[2], ids[1], ids[0], sh.ID}
	var listed []string
	cursor := ""
	for range 5 {
		page, err := s.Shares(ctxA, store.SharesQuery{Limit: 3, Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range page.Shares {
			listed = append(listed, l.ID)
		}
		if cursor = page.NextCursor; cursor == "" {
			break
		}
	}
	if len(listed) != len(want) || listed[0] != want[0] || listed[3] != want[3] {
		t.Errorf("A's links listed %v, want %v", listed, want)
	}
	if page, err := s.Shares(ctxB, store.SharesQuery{}); err != nil || len(page.Shares) != 0 {
		t.Errorf("B's links: %+v, %v; want none", page, err)
	}
	first, _ := s.Shares(ctxA, store.SharesQuery{Limit: 1})
	if _, err := s.Shares(ctxB, store.SharesQuery{Cursor: first.NextCursor}); !isKind(err, fault.Invalid) {
		t.Errorf("B pages with A's cursor: %v, want invalid", err)
	}
	if _, err := s.Shares(ctxA, store.SharesQuery{Cursor: "nonsense"}); !isKind(err, fault.Invalid) {
		t.Errorf("a malformed cursor: %v, want invalid", err)
	}
	// Revoked by its owner only.
	if err := s.RevokeShare(ctxB, sh.ID); !isKind(err, fault.NotFound) {
		t.Errorf("B revokes A's link: %v, want not found", err)
	}
	if err := s.RevokeShare(ctxA, sh.ID); err != nil {
		t.Fatal(err)
	}
	if got, err := s.ShareByHash(context.Background(), hash); err != nil || got.RevokedAt == nil || got.Live(time.Now()) {
		t.Errorf("a revoked link: %+v, %v; want revoked", got, err)
	}
	if err := s.RevokeShare(ctxA, sh.ID); err != nil {
		t.Errorf("revoke twice: %v", err)
	}
	if err := s.RevokeShare(ctxA, "nonsense"); !isKind(err, fault.NotFound) {
		t.Errorf("revoke a malformed id: %v, want not found", err)
	}
}
