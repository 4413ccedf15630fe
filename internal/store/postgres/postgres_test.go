package postgres_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"reflect"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"github.com/pressly/goose/v3"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/storetest"
	"github.com/scoophq/scoop/migrations"
)

func openFresh(t testing.TB) *postgres.Store { return storetest.OpenPostgres(t) }

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openFresh(t) })
}

func TestMigrateTwiceIsANoOp(t *testing.T) {
	s := openFresh(t)
	v, err := s.Migrate(context.Background())
	if err != nil || len(v) != 0 {
		t.Errorf("second Migrate applied %v, %v; want nothing", v, err)
	}
}

func TestUnreachableIsUnavailable(t *testing.T) {
	_, err := postgres.Open(context.Background(), postgres.Config{URL: "postgres://nobody@127.0.0.1:1/x?sslmode=disable&connect_timeout=2"})
	if err == nil {
		t.Fatal("Open on a closed port succeeded")
	}
	if k := fault.KindOf(err); k != fault.Unavailable {
		t.Errorf("Open on a closed port: %v (kind %v), want unavailable", err, k)
	}
}

func BenchmarkSaveHands(b *testing.B) {
	storetest.BenchSaveHands(b, openFresh(b))
}

// TestUpgradeFromVersion1: see the SQLite test of the same name.
func TestUpgradeFromVersion1(t *testing.T) {
	ctx := context.Background()
	schema := storetest.NewSchema(t)
	db, err := sql.Open("pgx", storetest.SchemaURL(t, schema))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	p, err := goose.NewProvider(goose.DialectPostgres, db, migrations.Postgres())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 1); err != nil {
		t.Fatal(err)
	}
	old := storetest.NewHand(1, "pokerstars", "omaha-hi", true, "a", "b")
	if _, err := db.Exec(`INSERT INTO hands (natural_key, site, site_hand_id, game, legal, hand, verdict) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
		old.NaturalKey, old.Site, old.SiteHandID, old.Game, old.Legal, string(old.Hand), string(old.Verdict)); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO equity_results (result) VALUES ('{"game":"omaha-hi"}')`); err != nil {
		t.Fatal(err)
	}
	s, err := postgres.Open(ctx, postgres.Config{URL: storetest.PostgresURL(), Schema: schema})
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
	var id string
	if err := db.QueryRow(`SELECT public_id FROM equity_results`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	e, err := s.Equity(ctx, id)
	var got, want any
	json.Unmarshal(e.Result, &got)
	json.Unmarshal([]byte(`{"game":"omaha-hi"}`), &want)
	if err != nil || !store.ValidPublicID(id) || !reflect.DeepEqual(got, want) {
		t.Errorf("old equity result by its new id %q: %+v, %v", id, e, err)
	}
}

// TestMigration5FillsTheFactsOfStoredHands: hands stored under migration
// 4 (hands, players and analyses, no facts) get their facts once 00005
// is applied and ingest.FillFacts has run, and a player's statistics
// count them.
func TestMigration5FillsTheFactsOfStoredHands(t *testing.T) {
	ctx := context.Background()
	schema := storetest.NewSchema(t)
	db, err := sql.Open("pgx", storetest.SchemaURL(t, schema))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	p, err := goose.NewProvider(goose.DialectPostgres, db, migrations.Postgres())
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
VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9) RETURNING id`,
			h.NaturalKey, h.Site, h.SiteHandID, h.Game, h.Legal, string(h.Hand), string(h.Verdict), store.ContentHash(h.Hand), h.Version()).Scan(&id); err != nil {
			t.Fatal(err)
		}
		for pos, name := range h.Players {
			if _, err := db.Exec(`INSERT INTO hand_players (hand_id, position, name) VALUES ($1, $2, $3)`, id, pos, name); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.Exec(`INSERT INTO hand_analyses (hand_id, engine_version, analysis) VALUES ($1, $2, $3::jsonb)`, id, h.Version(), string(h.Analysis)); err != nil {
			t.Fatal(err)
		}
	}
	s, err := postgres.Open(ctx, postgres.Config{URL: storetest.PostgresURL(), Schema: schema})
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

// TestMigration16ReadsTheAnalysesStoredBefore: migration 16 moves no row
// (a rewrite of hand_analyses would outlast store.MigrateTimeout on a
// large database): an analysis stored before it, in the jsonb column, is
// read as it was, and saved again it moves to the text column.
func TestMigration16ReadsTheAnalysesStoredBefore(t *testing.T) {
	ctx := context.Background()
	s := openFresh(t)
	id := oneHand(t, s)
	if err := s.SaveAnalysis(ctx, id, 5, json.RawMessage(`{"v":5,"street":"flop"}`), nil); err != nil {
		t.Fatal(err)
	}
	// The row as migration 15 left it: the analysis in jsonb.
	if _, err := s.Pool().Exec(ctx, `UPDATE hand_analyses SET analysis = doc::jsonb, doc = NULL`); err != nil {
		t.Fatal(err)
	}
	got, err := s.Analysis(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(got.Analysis, &doc); err != nil || doc["street"] != "flop" || got.EngineVersion != 5 {
		t.Fatalf("analysis stored before migration 16 read as %s (version %d), %v", got.Analysis, got.EngineVersion, err)
	}
	if err := s.SaveAnalysis(ctx, id, 6, json.RawMessage(`{"v":6}`), nil); err != nil {
		t.Fatal(err)
	}
	var inText, inJSONB bool
	if err := s.Pool().QueryRow(ctx, `SELECT doc IS NOT NULL, analysis IS NOT NULL FROM hand_analyses`).Scan(&inText, &inJSONB); err != nil {
		t.Fatal(err)
	}
	if !inText || inJSONB {
		t.Errorf("saved again: in text %v, in jsonb %v; want text only", inText, inJSONB)
	}
	if got, err := s.Analysis(ctx, id); err != nil || string(got.Analysis) != `{"v":6}` {
		t.Errorf("analysis saved again: %s, %v", got.Analysis, err)
	}
	// Both forms at once are refused (the constraint).
	if _, err := s.Pool().Exec(ctx, `UPDATE hand_analyses SET analysis = doc::jsonb`); err == nil {
		t.Error("a row holding the analysis in both columns was accepted")
	}
}

// TestMigration17ReadsTheHandsStoredBefore: migration 17 moves no row
// either: a hand stored before it, its hand and verdict in the jsonb
// columns, is read as it was by every reader of hands (one hand, a
// listing with text, the analysis' records, a stale or unanalysed scan),
// and its verdict written again (scoop reverify) moves to the text column.
func TestMigration17ReadsTheHandsStoredBefore(t *testing.T) {
	ctx := context.Background()
	s := openFresh(t)
	id := oneHand(t, s)
	// The row as migration 16 left it: hand and verdict in jsonb.
	if _, err := s.Pool().Exec(ctx, `UPDATE hands SET hand = hand_doc::jsonb, hand_doc = NULL, verdict = verdict_doc::jsonb, verdict_doc = NULL`); err != nil {
		t.Fatal(err)
	}
	want := storetest.NewHand(1, "", "omaha-hilo", true, "a", "b")
	same := func(doing string, h store.Hand) {
		t.Helper()
		var gotHand, wantHand, gotVerdict, wantVerdict any
		for _, d := range []struct {
			js  json.RawMessage
			out *any
		}{{h.Hand, &gotHand}, {want.Hand, &wantHand}, {h.Verdict, &gotVerdict}, {want.Verdict, &wantVerdict}} {
			if err := json.Unmarshal(d.js, d.out); err != nil {
				t.Fatalf("%s: %v in %s", doing, err, d.js)
			}
		}
		if !reflect.DeepEqual(gotHand, wantHand) || !reflect.DeepEqual(gotVerdict, wantVerdict) {
			t.Errorf("%s: hand %s verdict %s; want %s and %s", doing, h.Hand, h.Verdict, want.Hand, want.Verdict)
		}
	}
	got, err := s.Hand(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	same("Hand", got)
	page, err := s.Hands(ctx, store.Query{Text: true})
	if err != nil || len(page.Hands) != 1 {
		t.Fatalf("Hands: %+v, %v", page, err)
	}
	same("Hands with text", page.Hands[0])
	if page.Hands[0].Row == nil {
		t.Error("Hands: the listed hand has no row (its verdict was not read)")
	}
	recs, err := s.HandRecords(ctx, []string{id})
	if err != nil || len(recs) != 1 {
		t.Fatalf("HandRecords: %v, %v", recs, err)
	}
	same("HandRecords", recs[0])
	stale, err := s.StaleHands(ctx, recs[0].EngineVersion+1, 0, 10)
	if err != nil || len(stale) != 1 {
		t.Fatalf("StaleHands: %v, %v", stale, err)
	}
	same("StaleHands", stale[0])
	// Stored again under the same key, the hand is a duplicate of the one
	// stored in jsonb (its content hash is the same).
	again, err := s.SaveHands(ctx, []store.Hand{want})
	if err != nil || len(again) != 1 || again[0].ID != id || again[0].Created {
		t.Fatalf("SaveHands again: %+v, %v; want the stored %s, not created", again, err, id)
	}
	verdict := json.RawMessage(`{"hand":1,"legal":true,"reverified":true}`)
	up, err := s.UpdateVerdicts(ctx, []store.VerdictUpdate{{ID: id, EngineVersion: recs[0].EngineVersion + 1, Legal: true, Verdict: verdict}})
	if err != nil || len(up) != 1 || up[0].Err != nil {
		t.Fatalf("UpdateVerdicts: %+v, %v", up, err)
	}
	var handText, handJSONB, verdictText, verdictJSONB bool
	if err := s.Pool().QueryRow(ctx, `SELECT hand_doc IS NOT NULL, hand IS NOT NULL, verdict_doc IS NOT NULL, verdict IS NOT NULL FROM hands`).Scan(&handText, &handJSONB, &verdictText, &verdictJSONB); err != nil {
		t.Fatal(err)
	}
	if handText || !handJSONB || !verdictText || verdictJSONB {
		t.Errorf("verdict written again: hand in text %v, in jsonb %v; verdict in text %v, in jsonb %v; want the hand left in jsonb, the verdict in text only",
			handText, handJSONB, verdictText, verdictJSONB)
	}
	if got, err := s.Hand(ctx, id); err != nil || string(got.Verdict) != string(verdict) {
		t.Errorf("verdict written again: %s, %v; want %s", got.Verdict, err, verdict)
	}
	// Both forms at once are refused (the constraints).
	for _, q := range []string{`UPDATE hands SET hand_doc = hand::text`, `UPDATE hands SET verdict = verdict_doc::jsonb`} {
		if _, err := s.Pool().Exec(ctx, q); err == nil {
			t.Errorf("%s: a row holding a value in both columns was accepted", q)
		}
	}
}

// oneHand stores one legal hand in s and returns its public id.
func oneHand(t *testing.T, s store.Store) string {
	t.Helper()
	got, err := s.SaveHands(context.Background(), []store.Hand{storetest.NewHand(1, "", "omaha-hilo", true, "a", "b")})
	if err != nil || len(got) != 1 {
		t.Fatalf("SaveHands: %v, %v", got, err)
	}
	return got[0].ID
}

// BenchmarkPlayerStats: one player's statistics over 100,000 stored hands
// (the PokerStars corpus renumbered); the goal is at most 300 ms.
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

// TestDeletingAHandDeletesItsTagsAndNote: hand_tags and hand_notes
// cascade from hands.
func TestDeletingAHandDeletesItsTagsAndNote(t *testing.T) {
	ctx := context.Background()
	s := openFresh(t)
	id := storetest.AnnotatedHand(t, s)
	count := func() (n int) {
		if err := s.Pool().QueryRow(ctx, `SELECT (SELECT count(*) FROM hand_tags) + (SELECT count(*) FROM hand_notes)`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(); n != 3 {
		t.Fatalf("%d tag and note rows; want 3", n)
	}
	if _, err := s.Pool().Exec(ctx, `DELETE FROM hands WHERE public_id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 0 {
		t.Errorf("%d tag and note rows after the hand was deleted; want 0", n)
	}
}
