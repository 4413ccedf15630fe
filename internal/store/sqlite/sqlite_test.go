package sqlite_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/pressly/goose/v3"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/sqlite"
	"github.com/scoophq/scoop/internal/store/storetest"
	"github.com/scoophq/scoop/migrations"
)

func openFresh(t testing.TB) *sqlite.Store { return storetest.OpenSQLite(t) }

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openFresh(t) })
}

func TestPendingMigrationsAreNotReady(t *testing.T) {
	s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "scoop.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Ready(context.Background()); fault.KindOf(err) != fault.Unavailable {
		t.Errorf("Ready before migrating = %v, want unavailable", err)
	}
}

func TestClosedIsUnavailable(t *testing.T) {
	s := openFresh(t)
	s.Close()
	if err := s.Ready(context.Background()); fault.KindOf(err) != fault.Unavailable {
		t.Errorf("Ready after Close = %v (kind %v), want unavailable", err, fault.KindOf(err))
	}
}

func BenchmarkSaveHands(b *testing.B) {
	storetest.BenchSaveHands(b, openFresh(b))
}

// TestUpgradeFromVersion1: a database made by migration 1 keeps its data
// through 00002 (content hash) and 00003 (random equity ids): an old hand
// has no hash and counts as a duplicate, an old equity result gets a
// random id it can be read by.
func TestUpgradeFromVersion1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "scoop.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, migrations.SQLite())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 1); err != nil {
		t.Fatal(err)
	}
	old := storetest.NewHand(1, "pokerstars", "omaha-hi", true, "a", "b")
	if _, err := db.Exec(`INSERT INTO hands (natural_key, site, site_hand_id, game, legal, hand, verdict) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		old.NaturalKey, old.Site, old.SiteHandID, old.Game, old.Legal, string(old.Hand), string(old.Verdict)); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO equity_results (result) VALUES ('{"game":"omaha-hi"}')`); err != nil {
		t.Fatal(err)
	}
	db.Close()

	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.Migrate(ctx); err != nil || !storetest.FromOn(v, 2) {
		t.Fatalf("Migrate = %v, %v; want 2 to the latest applied", v, err)
	}
	// The old hand belongs to the default account, under a public id; its
	// row number names nothing any more.
	page, err := s.Hands(ctx, store.Query{})
	if err != nil || len(page.Hands) != 1 || !store.ValidPublicID(page.Hands[0].ID) {
		t.Fatalf("hands after the upgrade: %+v, %v; want the old hand under a public id", page, err)
	}
	oldID := page.Hands[0].ID
	if _, err := s.Hand(ctx, "1"); fault.KindOf(err) != fault.NotFound {
		t.Errorf("the old numeric hand id still answers: %v", err)
	}
	// A hand stored before engine versions were kept is version 1, stale
	// for the running engine, and has no analysis.
	if h, err := s.Hand(ctx, oldID); err != nil || h.EngineVersion != 1 {
		t.Errorf("the old hand's engine version: %+v, %v; want 1", h, err)
	}
	if stale, err := s.StaleHands(ctx, 2, 0, 10); err != nil || len(stale) != 1 || stale[0].ID != oldID {
		t.Errorf("stale hands: %+v, %v; want the old hand", stale, err)
	}
	if _, err := s.Analysis(ctx, oldID); fault.KindOf(err) != fault.NotFound {
		t.Errorf("the old hand's analysis: %v; want not found", err)
	}
	saved, err := s.SaveHands(ctx, []store.Hand{old})
	if err != nil || saved[0].Created || saved[0].Conflict || saved[0].ID != oldID {
		t.Errorf("the old hand again = %+v, %v; want a duplicate of %s", saved, err, oldID)
	}
	if _, err := s.Equity(ctx, "1"); fault.KindOf(err) != fault.NotFound {
		t.Errorf("the old numeric equity id still answers: %v", err)
	}
	db, err = sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var id string
	if err := db.QueryRow(`SELECT public_id FROM equity_results`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if e, err := s.Equity(ctx, id); err != nil || !store.ValidPublicID(id) || string(e.Result) != `{"game":"omaha-hi"}` {
		t.Errorf("old equity result by its new id %q: %+v, %v", id, e, err)
	}
}

// TestMigration5FillsTheFactsOfStoredHands: see the PostgreSQL test of the
// same name.
func TestMigration5FillsTheFactsOfStoredHands(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "scoop.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, migrations.SQLite())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 4); err != nil {
		t.Fatal(err)
	}
	recs, want := storetest.StatsRecords(t)
	for _, h := range recs {
		var id int64
		if err := db.QueryRow(`INSERT INTO hands (natural_key, site, site_hand_id, game, legal, hand, verdict, content_hash, engine_version)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			h.NaturalKey, h.Site, h.SiteHandID, h.Game, h.Legal, string(h.Hand), string(h.Verdict), store.ContentHash(h.Hand), h.Version()).Scan(&id); err != nil {
			t.Fatal(err)
		}
		for pos, name := range h.Players {
			if _, err := db.Exec(`INSERT INTO hand_players (hand_id, position, name) VALUES (?, ?, ?)`, id, pos, name); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.Exec(`INSERT INTO hand_analyses (hand_id, engine_version, analysis) VALUES (?, ?, ?)`, id, h.Version(), string(h.Analysis)); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.Migrate(ctx); err != nil || !storetest.FromOn(v, 5) {
		t.Fatalf("Migrate = %v, %v; want 5 to the latest applied", v, err)
	}
	// What every command runs after the migrations (openStorage): the
	// store lists the hands without facts and saves the rows ingest makes.
	if n, err := ingest.FillFacts(ctx, s); err != nil || n != len(recs) {
		t.Fatalf("FillFacts = %d, %v; want the %d hands stored under migration 4", n, err, len(recs))
	}
	if n, err := ingest.FillFacts(ctx, s); err != nil || n != 0 {
		t.Errorf("FillFacts again = %d, %v; want none left", n, err)
	}
	for _, name := range []string{"p1", "p2", "p3", "p4"} {
		got, err := s.PlayerStats(ctx, name, stats.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		storetest.SameTotals(t, name, got, want[name])
	}
}

// BenchmarkPlayerStats: see the PostgreSQL benchmark of the same name.
func BenchmarkHolding(b *testing.B) {
	storetest.BenchPlayerStatsHolding(b, openFresh(b), 100_000, "15%")
}

func BenchmarkPlayerStats(b *testing.B) {
	storetest.BenchPlayerStats(b, openFresh(b), 100_000)
}

// BenchmarkPlayerSessions: the first page of one player's sessions over
// 100,000 stored hands (the PokerStars corpus renumbered).
func BenchmarkPlayerSessions(b *testing.B) {
	storetest.BenchPlayerSessions(b, openFresh(b), 100_000)
}

// TestDeletingAHandDeletesItsTagsAndNote: see the PostgreSQL test of the
// same name.
func TestDeletingAHandDeletesItsTagsAndNote(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "scoop.db")
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	id := storetest.AnnotatedHand(t, s)
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	count := func() (n int) {
		if err := db.QueryRow(`SELECT (SELECT count(*) FROM hand_tags) + (SELECT count(*) FROM hand_notes)`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(); n != 3 {
		t.Fatalf("%d tag and note rows; want 3", n)
	}
	if _, err := db.Exec(`DELETE FROM hands WHERE public_id = ?`, id); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 0 {
		t.Errorf("%d tag and note rows after the hand was deleted; want 0", n)
	}
}
