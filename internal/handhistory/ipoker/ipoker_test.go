package ipoker

import (
	"errors"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

// doc is a one-game iPoker session: game is the <game> element's body.
func doc(gametype, game string) string {
	return `<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
 <general>
  <mode>real</mode>
  <gametype>` + gametype + `</gametype>
  <tablename>T, 1</tablename>
  <tablecurrency>EUR</tablecurrency>
  <startdate>2014-01-06 14:17:14</startdate>
  <nickname>Hero</nickname>
 </general>
` + game + `
</session>
`
}

// stdGame is a legal game: Ann (button) raises to €3, Bob (small
// blind) folds, Cid (big blind) calls; Cid checks and folds to Ann's €4
// bet on the flop. Ann's win (€10.10) includes her €4 back: €0.40 rake.
const stdGame = ` <game gamecode="42">
  <general>
   <startdate>2014-01-06 14:17:50</startdate>
   <players>
    <player seat="1" name="Ann" chips="€100" dealer="1" win="€10.10" bet="€7"/>
    <player seat="2" name="Bob" chips="€50" dealer="0" win="€0" bet="€0.50"/>
    <player seat="4" name="Cid" chips="€1,000" dealer="0" win="€0" bet="€3"/>
    <player seat="6" name="Dan" chips="€10" dealer="0" win="€0" bet="€0"/>
   </players>
  </general>
  <round no="0">
   <action no="2" player="Cid" type="2" sum="€1" cards=""/>
   <action no="1" player="Bob" type="1" sum="€0.50" cards=""/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Ann">X X X X</cards>
   <cards type="Pocket" player="Bob">X X X X</cards>
   <cards type="Pocket" player="Cid">SA H10 D2 C3</cards>
   <action no="3" player="Ann" type="23" sum="€3" cards=""/>
   <action no="5" player="Cid" type="3" sum="€2" cards=""/>
   <action no="4" player="Bob" type="0" sum="€0" cards=""/>
  </round>
  <round no="2">
   <cards type="Flop" player="">D8 D4 H2</cards>
   <action no="6" player="Cid" type="4" sum="€0" cards=""/>
   <action no="7" player="Ann" type="5" sum="€4" cards=""/>
   <action no="8" player="Cid" type="0" sum="€0" cards=""/>
  </round>
 </game>`

func TestIPokerReadsTheModel(t *testing.T) {
	t.Parallel()
	want := `{"site":"ipoker","site_hand_id":"42","format":"ipoker","time":"2014-01-06T14:17:50","table_name":"T, 1",` +
		`"table":{"game":"omaha-hi","structure":"pot-limit","min_bet":100,"chip_unit":"0.01","currency":"EUR"},` +
		`"players":[{"name":"Ann","seat":1,"stack":10000},{"name":"Bob","seat":2,"stack":5000},{"name":"Cid","seat":4,"stack":100000,"hole":"AsTh2d3c"}],` +
		`"button":0,"posts":[{"player":1,"kind":"small-blind","amount":50},{"player":2,"kind":"big-blind","amount":100}],` +
		`"actions":[{"player":0,"kind":"bet-raise","amount":300},{"player":1,"kind":"fold"},{"player":2,"kind":"call","amount":200},` +
		`{"player":-1,"kind":"deal-board","cards":"8d4d2h"},{"player":2,"kind":"check"},{"player":0,"kind":"bet-raise","amount":400},{"player":2,"kind":"fold"}],` +
		`"outcome":{"finishing_stacks":[10310,4950,99700],"collected":[1010,0,0],"returned":[0,0,0],"rake":40}}`
	readertest.CheckJSON(t, readertest.OneHand(t, Reader.Read, []byte(doc("Omaha PL €0.50/€1", stdGame))), want)
}

func TestIPokerGames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, gametype, skip, game, structure string
		tournament                            bool
	}{
		{"pot-limit high", "Omaha PL €0.50/€1", "", "omaha-hi", "pot-limit", false},
		{"hi-lo pot limit", "Omaha Hi-Lo Pot limit €0.50/€1 Ante €0.00", "", "omaha-hilo", "pot-limit", false},
		{"no-limit", "Omaha NL €0.50/€1", "", "omaha-hi", "no-limit", false},
		{"holdem skipped", "Holdem NL €0.50/€1", "game Holdem is not Omaha", "", "", false},
		{"stud skipped", "7 Card Stud L €0.50/€1", "game 7 Card Stud is not Omaha", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			es, err := Reader.Read([]byte(doc(tt.gametype, stdGame)))
			if err != nil || len(es) != 1 {
				t.Fatalf("%+v %v", es, err)
			}
			e := es[0]
			if e.Skipped != tt.skip || e.ID != "42" {
				t.Fatalf("skipped %q id %q err %v, want %q", e.Skipped, e.ID, e.Err, tt.skip)
			}
			if tt.skip == "" && (e.Hand == nil || e.Hand.Table.Game.String() != tt.game || e.Hand.Table.Structure.String() != tt.structure) {
				t.Fatalf("hand %+v err %v", e.Hand, e.Err)
			}
		})
	}
}

// TestIPokerMalformedGameIsItsOwnEntry: a bad game is an error naming its
// line; the games after it are still read.
func TestIPokerMalformedGameIsItsOwnEntry(t *testing.T) {
	t.Parallel()
	bad := strings.Replace(stdGame, `gamecode="42"`, `gamecode="41"`, 1)
	bad = strings.Replace(bad, `type="3" sum="€2"`, `type="99" sum="€2"`, 1)
	truncated := strings.Replace(stdGame, `gamecode="42"`, `gamecode="43"`, 1)
	truncated = strings.Replace(truncated, `<action no="8" player="Cid" type="0" sum="€0" cards=""/>`, `<action no="8" player="Cid" type`, 1)
	truncated = strings.TrimSuffix(strings.TrimSuffix(truncated, "</game>"), " ")
	truncated = truncated[:strings.Index(truncated, "</round>\n  <round no=\"2\">")+len("</round>\n  <round no=\"2\">")] + "\n <action no=\"6\" player"
	doc := doc("Omaha PL €0.50/€1", bad+"\n"+stdGame+"\n"+truncated)
	es, err := Reader.Read([]byte(doc))
	if err != nil || len(es) != 3 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	var fe *fault.Error
	if !errors.As(es[0].Err, &fe) || fe.Kind != fault.Invalid || fe.Line != 30 || !strings.Contains(fe.Message, `unknown action type "99"`) || es[0].ID != "41" {
		t.Errorf("entry 1: %+v", es[0])
	}
	if es[1].Hand == nil || es[1].ID != "42" {
		t.Errorf("entry 2: %+v", es[1])
	}
	if !errors.As(es[2].Err, &fe) || fe.Kind != fault.Invalid || fe.Line == 0 || !strings.Contains(fe.Message, "bad XML") || es[2].ID != "43" {
		t.Errorf("entry 3: %+v", es[2])
	}
}

// TestIPokerBounds: every bound is checked before the XML decoder runs,
// each failing its game alone with its line.
func TestIPokerBounds(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("<x>", 10000) + strings.Repeat("</x>", 10000)
	manyAttrs := "<x" + strings.Repeat(` a="1"`, 40) + "/>"
	manyActions := strings.Repeat(`<action no="9" player="Cid" type="4" sum="€0"/>`+"\n", handhistory.MaxActions+1)
	longText := "<x>" + strings.Repeat("a", handhistory.MaxLineBytes+1) + "</x>"
	tests := []struct {
		name, inject, msg string
		kind              fault.Kind
		line              int
	}{
		{"deep nesting", deep, "nest deeper than 16 (MaxNesting)", fault.Invalid, 34},
		{"attributes", manyAttrs, "40 attributes; at most 32", fault.Invalid, 34},
		{"actions", manyActions, "more than 5000 actions", fault.Impossible, 34 + handhistory.MaxActions - 5}, // the game's 5001st action
		{"long text", longText, "(MaxLineBytes)", fault.Invalid, 34},
		{"DTD", `<!DOCTYPE x [<!ENTITY a "b">]>`, "a DTD or declaration", fault.Invalid, 34},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			game := strings.Replace(stdGame, `<round no="2">`, `<round no="2">`+"\n"+tt.inject, 1)
			doc := doc("Omaha PL €0.50/€1", game+"\n"+strings.Replace(stdGame, `"42"`, `"44"`, 1))
			es, err := Reader.Read([]byte(doc))
			if err != nil || len(es) != 2 {
				t.Fatalf("%d entries, %v", len(es), err)
			}
			var fe *fault.Error
			if !errors.As(es[0].Err, &fe) || fe.Kind != tt.kind || fe.Line != tt.line || !strings.Contains(fe.Message, tt.msg) {
				t.Errorf("entry 1: %v (kind %v line %d)", es[0].Err, fault.KindOf(es[0].Err), fe.Line)
			}
			if es[1].Hand == nil {
				t.Errorf("entry 2: %+v", es[1])
			}
		})
	}
}

// TestIPokerUnseenCardsAndCurrency: "X" cards are unknown; an amount in
// another currency than the table's is an error; a player without cards
// nor actions is not dealt in.
func TestIPokerUnseenCardsAndCurrency(t *testing.T) {
	t.Parallel()
	es, _ := Reader.Read([]byte(doc("Omaha PL €0.50/€1", stdGame)))
	h := es[0].Hand
	if len(h.Players) != 3 || h.Players[0].Hole != nil || len(h.Players[2].Hole) != 4 {
		t.Errorf("players %+v", h.Players)
	}
	es, _ = Reader.Read([]byte(doc("Omaha PL €0.50/€1", strings.Replace(stdGame, `sum="€4"`, `sum="$4"`, 1))))
	if es[0].Err == nil || !strings.Contains(es[0].Err.Error(), "not in the table's currency EUR") {
		t.Errorf("got %+v", es[0])
	}
}

func TestIPokerCorpusFields(t *testing.T) {
	t.Parallel()
	es := readertest.ReadFile(t, "fpdb3__cash__iPoker__Flop__PLO-USD-100.00-200.00-201307.archive.txt", handhistory.FormatIPoker)
	h := es[0].Hand
	if h == nil || h.SiteHandID != "4963476830" || h.Table.Currency != "USD" || h.TableName != "Laree (No DP Full Stack), 265572101" ||
		len(h.Players) != 5 || h.Players[0].Stack != 5575600 || h.Outcome.Collected[0] != 209500 || h.Outcome.Rake != 500 {
		t.Fatalf("hand %s", readertest.HandJSON(t, h))
	}
	// A Windows-1252 file: the name "Pr\xe4xn" decodes.
	es = readertest.ReadFile(t, "fpdb3__cash__iPoker__Flop__PLO-EUR-5.00-10.00-201504.non.standard.player.name.txt", handhistory.FormatIPoker)
	if h := es[0].Hand; h == nil || h.Players[3].Name != "Präxn" || h.Players[3].Stack != 45200 {
		t.Fatalf("hand %+v", es[0])
	}
	// A file cut off before </game></session> is read as recorded.
	es = readertest.ReadFile(t, "fpdb3__cash__iPoker__Flop__PLO-EUR-0.10-0.20-201207.CNY.currency.txt", handhistory.FormatIPoker)
	if len(es) != 1 || es[0].Hand == nil || len(es[0].Hand.Board()) != 5 || es[0].Hand.Table.Currency != "EUR" {
		t.Fatalf("entries %+v", es)
	}
}

// FuzzReadIPoker: no panic, no hang, every entry is exactly one of a hand,
// a skip or an error naming its line.
func FuzzReadIPoker(f *testing.F) {
	readertest.FuzzRead(f, Reader.Read,
		[]byte(doc("Omaha PL €0.50/€1", stdGame)),
		[]byte(doc("Omaha PL €0.50/€1", strings.Replace(stdGame, `<round no="2">`, `<round no="2">`+strings.Repeat("<x>", 40), 1))),
	)
}

// TestIPokerTournament: a tournament session (a <tournamentcode>, a game
// type without stakes) reads whole chips with thousands separators, no
// currency, no rake.
func TestIPokerTournament(t *testing.T) {
	t.Parallel()
	game := strings.NewReplacer("€10.10", "1,010", "€1,000", "1,500", "€100", "1,500", "€0.50", "50", "€50", "1,500", "€10", "1,500",
		"€7", "700", "€3", "300", "€2", "200", "€4", "400", "€1", "100", "€0", "0").Replace(stdGame)
	doc := strings.Replace(doc("Omaha Hi-Lo PL", game), "<nickname>", "<tournamentcode>123</tournamentcode>\n  <nickname>", 1)
	h := readertest.OneHand(t, Reader.Read, []byte(doc))
	if !h.Tournament || h.Table.ChipUnit != "1" || h.Table.Currency != "" || h.Table.Game.String() != "omaha-hilo" ||
		h.Players[0].Stack != 1500 || h.Outcome.Collected[0] != 1010 || h.Outcome.Rake != 0 || h.Table.MinBet != 100 {
		t.Errorf("hand %s", readertest.HandJSON(t, h))
	}
}

// BenchmarkReadIPoker reads the iPoker corpus (testdata, 12
// hands) b.N times, without the replay (BenchmarkSiteIPoker in package
// analysis reads and replays it: the figure).
func BenchmarkReadIPoker(b *testing.B) {
	viaRead := func(data []byte) ([]handhistory.Entry, error) {
		return handhistory.Read(handhistory.FormatIPoker, data)
	}
	if hands := readertest.ParseReplay(b, viaRead, nil, readertest.Datas(b)); hands != 12 {
		b.Fatalf("%d hands", hands)
	}
}

// TestIPokerEmptySeats: an empty seat is written as a player without a
// name and with nothing in chips, bet or won (fpdb's
// PLO-USD-0.01-0.02-201108.Sample.txt has them in most of its 28 games):
// no player of the hand, which reads as without it. A nameless seat with
// chips is still an error naming its line.
func TestIPokerEmptySeats(t *testing.T) {
	t.Parallel()
	plain, err := Reader.Read([]byte(doc("Omaha PL €0.50/€1", stdGame)))
	if err != nil || len(plain) != 1 || plain[0].Hand == nil {
		t.Fatalf("%+v %v", plain, err)
	}
	empty := strings.Replace(stdGame, `<player seat="2"`, `<player seat="3" name="" chips="$0" dealer="0" win="$0" bet="$0" /><player seat="2"`, 1)
	es, err := Reader.Read([]byte(doc("Omaha PL €0.50/€1", empty)))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("empty seat: %+v %v", es, err)
	}
	if got, want := readertest.HandJSON(t, es[0].Hand), readertest.HandJSON(t, plain[0].Hand); got != want {
		t.Errorf("with an empty seat\n%s\nwant\n%s", got, want)
	}
	money := strings.Replace(stdGame, `<player seat="2"`, `<player seat="3" name="" chips="€5" dealer="0" win="€0" bet="€0" /><player seat="2"`, 1)
	es, err = Reader.Read([]byte(doc("Omaha PL €0.50/€1", money)))
	if err != nil || len(es) != 1 || es[0].Err == nil || !strings.Contains(es[0].Err.Error(), "seat 3 has no player name") {
		t.Errorf("a nameless seat with chips: %+v %v", es, err)
	}
}
