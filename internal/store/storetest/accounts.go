package storetest

import (
	"context"
	"testing"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// newKey stores a fresh key for the named account and returns its prefix
// and the account's id.
func newKey(t *testing.T, s store.Store, accountName, name, scopes string) (string, account.ID) {
	t.Helper()
	_, prefix, hash := auth.NewKey()
	id, err := s.CreateKey(context.Background(), accountName, store.APIKey{Prefix: prefix, Name: name, Scopes: scopes, Hash: hash})
	if err != nil {
		t.Fatalf("CreateKey(%s): %v", accountName, err)
	}
	return prefix, id
}

func testKeys(t *testing.T, s store.Store) {
	ctx := context.Background()
	if n, err := s.LiveKeys(ctx); err != nil || n != 0 {
		t.Fatalf("LiveKeys of a new store = %d, %v; want 0", n, err)
	}
	p1, def := newKey(t, s, "", "laptop", "admin")
	if def != account.Default {
		t.Errorf("a key for no account belongs to account %d, want the default %d", def, account.Default)
	}
	key, p2, hash := auth.NewKey()
	alice, err := s.CreateKey(ctx, "alice", store.APIKey{Prefix: p2, Name: "coach", Scopes: "read,write", Hash: hash})
	if err != nil || alice == account.Default {
		t.Fatalf("CreateKey(alice) = %d, %v; want a new account", alice, err)
	}
	if id, err := s.AccountID(ctx, "alice"); err != nil || id != alice {
		t.Errorf("AccountID(alice) = %d, %v; want %d", id, err, alice)
	}
	if id, err := s.AccountID(ctx, store.DefaultAccount); err != nil || id != account.Default {
		t.Errorf("AccountID(default) = %d, %v", id, err)
	}
	if _, err := s.AccountID(ctx, "nobody"); !isKind(err, fault.NotFound) {
		t.Errorf("AccountID(nobody): %v, want not found", err)
	}
	p3, again := newKey(t, s, "alice", "second", "read")
	if again != alice {
		t.Errorf("a second key of alice belongs to account %d, want %d", again, alice)
	}
	k, err := s.KeyByPrefix(ctx, p2)
	if err != nil || k.AccountID != alice || k.Account != "alice" || k.Name != "coach" || k.Scopes != "read,write" || !auth.Matches(key, k.Hash) || !k.Live() {
		t.Fatalf("KeyByPrefix = %+v, %v", k, err)
	}
	if _, err := s.KeyByPrefix(ctx, "sk_scoop_0000000000"); !isKind(err, fault.NotFound) {
		t.Errorf("unknown prefix: %v, want not found", err)
	}
	if err := s.TouchKey(ctx, p2); err != nil {
		t.Fatal(err)
	}
	keys, err := s.ListKeys(ctx, "", 0)
	if page, err := s.ListKeys(ctx, p1, 1); err != nil || len(page) != 1 || page[0].Prefix != p2 {
		t.Errorf("ListKeys after %s, 1 = %+v, %v; want the one key %s", p1, page, err, p2)
	}
	if _, err := s.ListKeys(ctx, "sk_scoop_0000000000", 1); !isKind(err, fault.NotFound) {
		t.Errorf("ListKeys after an unknown prefix: %v, want not found", err)
	}
	if err != nil || len(keys) != 3 || keys[0].Prefix != p1 || keys[1].Prefix != p2 || keys[2].Prefix != p3 {
		t.Fatalf("ListKeys = %+v, %v; want the three keys oldest first", keys, err)
	}
	if keys[1].LastUsedAt == nil || keys[0].LastUsedAt != nil || len(keys[1].Hash) != 0 {
		t.Errorf("ListKeys: last used %v and %v, hash %x; want the touched key used, the other not, no hash", keys[1].LastUsedAt, keys[0].LastUsedAt, keys[1].Hash)
	}
	if err := s.RevokeKey(ctx, p3); err != nil {
		t.Fatal(err)
	}
	if k, err := s.KeyByPrefix(ctx, p3); err != nil || k.Live() || k.RevokedAt == nil {
		t.Errorf("a revoked key: %+v, %v; want not live", k, err)
	}
	if err := s.RevokeKey(ctx, "sk_scoop_0000000000"); !isKind(err, fault.NotFound) {
		t.Errorf("revoke an unknown key: %v, want not found", err)
	}
	if n, err := s.LiveKeys(ctx); err != nil || n != 2 {
		t.Errorf("LiveKeys = %d, %v; want 2", n, err)
	}
	if err := s.RevokeAccount(ctx, "alice"); err != nil {
		t.Fatal(err)
	}
	if k, err := s.KeyByPrefix(ctx, p2); err != nil || k.Live() || !k.AccountRevoked {
		t.Errorf("a key of a revoked account: %+v, %v; want not live", k, err)
	}
	if n, err := s.LiveKeys(ctx); err != nil || n != 1 {
		t.Errorf("LiveKeys after revoking alice = %d, %v; want 1", n, err)
	}
	if _, err := s.CreateKey(ctx, "alice", store.APIKey{Prefix: "sk_scoop_zzzzzzzzzz", Name: "x", Scopes: "read", Hash: hash}); !isKind(err, fault.Invalid) {
		t.Errorf("a key for a revoked account: %v, want invalid", err)
	}
	if err := s.RevokeAccount(ctx, "nobody"); !isKind(err, fault.NotFound) {
		t.Errorf("revoke an unknown account: %v, want not found", err)
	}
	if _, err := s.CreateKey(ctx, "bad\x00name", store.APIKey{Prefix: "sk_scoop_yyyyyyyyyy", Name: "x", Scopes: "read", Hash: hash}); !isKind(err, fault.Invalid) {
		t.Errorf("an account name with a NUL: %v, want invalid", err)
	}
}

// testOwnership: every read sees only the caller's account; another
// account's ids answer exactly like ids that do not exist; deduplication
// is per account.
func testOwnership(t *testing.T, s store.Store) {
	_, bob := newKey(t, s, "bob", "bob's key", "read,write")
	ctxA := account.With(context.Background(), account.Default)
	ctxB := account.With(context.Background(), bob)

	h, _ := realHand(t, legalPHH)
	savedA, err := s.SaveHands(ctxA, []store.Hand{h, NewHand(1, "pokerstars", "omaha-hi", true, "a", "b")})
	if err != nil || !savedA[0].Created {
		t.Fatalf("save as A: %+v, %v", savedA, err)
	}
	idA := savedA[0].ID
	player := h.Players[0]

	// B sees none of it.
	if page, err := s.Hands(ctxB, store.Query{}); err != nil || len(page.Hands) != 0 {
		t.Errorf("B lists %+v, %v; want nothing", page, err)
	}
	_, errOther := s.Hand(ctxB, idA)
	missing := store.NewPublicID()
	_, errMissing := s.Hand(ctxB, missing)
	if !isKind(errOther, fault.NotFound) || errOther.Error() != store.NoHand(idA).Error() || errMissing.Error() != store.NoHand(missing).Error() {
		t.Errorf("B reads A's hand: %v; a missing one: %v; want the same not found", errOther, errMissing)
	}
	if _, err := s.Analysis(ctxB, idA); !isKind(err, fault.NotFound) || err.Error() != store.NoHand(idA).Error() {
		t.Errorf("B reads A's analysis: %v, want no such hand", err)
	}
	if tot, err := s.PlayerStats(ctxB, player, stats.Filter{}); err != nil || tot.Hands != 0 {
		t.Errorf("B's stats of %s: %d hands, %v; want 0", player, tot.Hands, err)
	}
	if tot, err := s.PlayerStats(ctxA, player, stats.Filter{}); err != nil || tot.Hands != 1 {
		t.Errorf("A's stats of %s: %d hands, %v; want 1", player, tot.Hands, err)
	}
	if res, err := s.PlayerResults(ctxB, store.ResultsQuery{Player: player}); err != nil || len(res.Points) != 0 {
		t.Errorf("B's results of %s: %+v, %v; want none", player, res, err)
	}
	if res, err := s.PlayerResults(ctxA, store.ResultsQuery{Player: player}); err != nil || len(res.Points) != 1 || res.Points[0].HandID != idA {
		t.Errorf("A's results of %s: %+v, %v; want the hand %s", player, res, err, idA)
	}
	if ps, err := s.Players(ctxB, store.PlayersQuery{}); err != nil || len(ps.Players) != 0 {
		t.Errorf("B's players: %+v, %v; want none", ps, err)
	}
	// A's cursor means nothing to B.
	pageA, err := s.Hands(ctxA, store.Query{Limit: 1})
	if err != nil || pageA.Next == "" {
		t.Fatalf("A's first page: %+v, %v; want a next cursor", pageA, err)
	}
	if _, err := s.Hands(ctxB, store.Query{Cursor: pageA.Next}); !isKind(err, fault.Invalid) {
		t.Errorf("B pages with A's cursor: %v, want an invalid cursor", err)
	}

	// The same hand stored by B is B's own copy; A storing it again is a
	// duplicate of A's.
	savedB, err := s.SaveHands(ctxB, []store.Hand{h})
	if err != nil || !savedB[0].Created || savedB[0].ID == idA {
		t.Fatalf("B stores A's hand: %+v, %v; want a new copy", savedB, err)
	}
	again, err := s.SaveHands(ctxA, []store.Hand{h})
	if err != nil || again[0].Created || again[0].ID != idA {
		t.Errorf("A stores it again: %+v, %v; want a duplicate of %s", again, err, idA)
	}
	if got, err := s.Hand(ctxB, savedB[0].ID); err != nil || got.ID != savedB[0].ID {
		t.Errorf("B reads its copy: %+v, %v", got, err)
	}
	if _, err := s.Hand(ctxA, savedB[0].ID); !isKind(err, fault.NotFound) {
		t.Errorf("A reads B's copy: %v, want not found", err)
	}
	if tot, err := s.PlayerStats(ctxB, player, stats.Filter{}); err != nil || tot.Hands != 1 {
		t.Errorf("B's stats of %s after its copy: %d hands, %v; want 1", player, tot.Hands, err)
	}
	// The maintenance listings walk every account's hands and name each
	// one's owner (the analysis of a swept hand reads its owner's
	// statistics, A10).
	owners := map[string]account.ID{}
	for _, list := range []func(context.Context, int, int64, int) ([]store.Hand, error){s.UnanalyzedHands, s.StaleHands} {
		hs, err := list(context.Background(), analysis.EngineVersion+1, 0, store.MaxLimit)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hs {
			owners[h.ID] = h.Account
		}
	}
	if owners[idA] != account.Default || owners[savedB[0].ID] != bob {
		t.Errorf("owners in the maintenance listings: %v; want %s by %d and %s by %d", owners, idA, account.Default, savedB[0].ID, bob)
	}

	// Equity results.
	eq, err := s.SaveEquity(ctxA, []byte(`{"game":"omaha-hi"}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Equity(ctxB, eq); !isKind(err, fault.NotFound) {
		t.Errorf("B reads A's equity result: %v, want not found", err)
	}
	if _, err := s.Equity(ctxA, eq); err != nil {
		t.Errorf("A reads its equity result: %v", err)
	}
}

// testKeysAtomic: concurrent attempts at the first key, or at a key of a
// new account of one name, succeed exactly once.
func testKeysAtomic(t *testing.T, s store.Store) {
	ctx := context.Background()
	const n = 8
	type result struct {
		ok  bool
		err error
	}
	run := func(fn func() (bool, error)) []result {
		out := make(chan result, n)
		for range n {
			go func() { ok, err := fn(); out <- result{ok, err} }()
		}
		var rs []result
		for range n {
			rs = append(rs, <-out)
		}
		return rs
	}
	first := run(func() (bool, error) {
		_, prefix, hash := auth.NewKey()
		return s.CreateFirstKey(ctx, store.APIKey{Prefix: prefix, Name: "first admin key", Scopes: "admin", Hash: hash})
	})
	made := 0
	for _, r := range first {
		if r.err != nil {
			t.Errorf("CreateFirstKey: %v", r.err)
		}
		if r.ok {
			made++
		}
	}
	if n, err := s.LiveKeys(ctx); made != 1 || err != nil || n != 1 {
		t.Errorf("%d concurrent CreateFirstKey made %d (live keys %d, %v), want exactly one", len(first), made, n, err)
	}
	if ok, err := s.CreateFirstKey(ctx, store.APIKey{Prefix: "sk_scoop_zzzzzzzzzz", Name: "x", Scopes: "admin", Hash: []byte{1}}); ok || err != nil {
		t.Errorf("CreateFirstKey with a key stored = %v, %v; want false", ok, err)
	}
	fresh := run(func() (bool, error) {
		_, prefix, hash := auth.NewKey()
		_, err := s.CreateKeyNewAccount(ctx, "carol", store.APIKey{Prefix: prefix, Name: "carol", Scopes: "read", Hash: hash})
		if isKind(err, fault.Invalid) {
			return false, nil
		}
		return err == nil, err
	})
	made = 0
	for _, r := range fresh {
		if r.err != nil {
			t.Errorf("CreateKeyNewAccount: %v", r.err)
		}
		if r.ok {
			made++
		}
	}
	if made != 1 {
		t.Errorf("%d concurrent CreateKeyNewAccount of one name made %d, want exactly one", n, made)
	}
}

// testHandRecords: HandRecords reads the caller's hands by id in one call,
// in the order asked, each once, without another account's or a missing
// one, with the fields StaleHands gives; more than MaxLimit ids are
// invalid.
func testHandRecords(t *testing.T, s store.Store) {
	_, bob := newKey(t, s, "bob", "bob's key", "read,write")
	ctxA := account.With(context.Background(), account.Default)
	ctxB := account.With(context.Background(), bob)
	hands := []store.Hand{NewHand(1, "pokerstars", "omaha-hi", true, "a", "b"), NewHand(2, "pokerstars", "omaha-hilo", false, "c", "d"),
		NewHand(3, "", "omaha-hi", true, "e", "f")}
	savedA, err := s.SaveHands(ctxA, hands)
	if err != nil {
		t.Fatal(err)
	}
	savedB, err := s.SaveHands(ctxB, []store.Hand{NewHand(4, "pokerstars", "omaha-hi", true, "g", "h")})
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{savedA[2].ID, store.NewPublicID(), savedA[0].ID, "not an id", savedA[0].ID, savedB[0].ID, savedA[1].ID}
	got, err := s.HandRecords(ctxA, ids)
	if err != nil {
		t.Fatal(err)
	}
	want := []int{2, 0, 1}
	if len(got) != len(want) {
		t.Fatalf("%d records, want %d: %+v", len(got), len(want), got)
	}
	for k, i := range want {
		g, h := got[k], hands[i]
		if g.ID != savedA[i].ID || g.NaturalKey != h.NaturalKey || g.Site != h.Site || g.Game != h.Game || g.Legal != h.Legal ||
			g.Account != account.Default || g.Seq == 0 || g.CreatedAt.IsZero() || g.ContentHash != store.ContentHash(h.Hand) {
			t.Errorf("record %d: %+v, want hand %d (%s)", k, g, i, savedA[i].ID)
		}
		jsonEqual(t, "record's hand", g.Hand, h.Hand)
		jsonEqual(t, "record's verdict", g.Verdict, h.Verdict)
	}
	if got, err := s.HandRecords(ctxB, ids); err != nil || len(got) != 1 || got[0].ID != savedB[0].ID {
		t.Errorf("B's records: %+v, %v; want B's hand alone", got, err)
	}
	if got, err := s.HandRecords(ctxA, nil); err != nil || len(got) != 0 {
		t.Errorf("no ids: %+v, %v", got, err)
	}
	if _, err := s.HandRecords(ctxA, make([]string, store.MaxLimit+1)); !isKind(err, fault.Invalid) {
		t.Errorf("%d ids: %v, want invalid", store.MaxLimit+1, err)
	}
}
