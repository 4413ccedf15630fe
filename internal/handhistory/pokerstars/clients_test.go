package pokerstars

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// otherClients holds the corpus files other clients wrote in PokerStars'
// format (Run It Once Poker, Upoker), copied verbatim.
const otherClients = "testdata/other-clients"

// hand900 is the header line of hhtest.PokerStarsHand, up to the game.
const hand900 = "PokerStars Hand #900:"

// TestPokerStarsHeaderForms reads hhtest.PokerStarsHand under each header
// form PokerStars has written (and the Zoom form other clients write):
// the hand number is the natural key, the site stays "pokerstars", and
// Detect sends each to the PokerStars reader. A header of another shape
// is an error naming its line.
func TestPokerStarsHeaderForms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, header, id, time string
	}{
		{"zoom as written by converters", "PokerStars Game #PokerStars Zoom Hand #84414134468:", "84414134468", ""},
		{"zoom", "PokerStars Zoom Hand #132630000000:", "132630000000", ""},
		{"historical game", "PokerStars Game #27853189212:", "27853189212", ""},
		{"home game", "PokerStars Home Game Hand #98100225021: {Club 7}", "98100225021", ""},
		{"historical home game", "PokerStars Home Game #27853189213: {Club 7}", "27853189213", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			text := strings.Replace(hhtest.PokerStarsHand, hand900, tt.header, 1)
			f, err := handhistory.Detect("", []byte(text))
			if err != nil || f != handhistory.FormatPokerStars {
				t.Fatalf("Detect = %q, %v; want pokerstars", f, err)
			}
			h := oneHand(t, text)
			if h.SiteHandID != tt.id || h.Site != "pokerstars" || h.Time != "2020-01-02T03:04:05-05:00" {
				t.Errorf("site %q id %q time %q; want pokerstars %s at 2020-01-02T03:04:05-05:00", h.Site, h.SiteHandID, h.Time, tt.id)
			}
		})
	}
	// The Zoom form with a local time first and Eastern time in brackets.
	zoom := strings.Replace(hhtest.PokerStarsHand, hand900+"  Omaha Pot Limit ($0.05/$0.10 USD) - 2020/01/02 3:04:05 ET",
		"PokerStars Zoom Hand #159780720453:  Omaha Pot Limit ($0.05/$0.10) - 2016/10/11 22:21:36 JST [2016/10/11 9:21:36 ET]", 1)
	if h := oneHand(t, zoom); h.SiteHandID != "159780720453" || h.Time != "2016-10-11T09:21:36-04:00" || h.Table.Currency != "USD" {
		t.Errorf("zoom with local time: id %q time %q currency %q", h.SiteHandID, h.Time, h.Table.Currency)
	}
	for _, bad := range []string{"PokerStars Game #Party Hand #1:", "PokerStars Game #PokerStars Zoom Hand #12x:"} {
		es := readPSText(t, strings.Replace(hhtest.PokerStarsHand, hand900, bad, 1))
		var fe *fault.Error
		if len(es) != 1 || !errors.As(es[0].Err, &fe) || fe.Line != 1 {
			t.Errorf("%s: %+v, want an error on line 1", bad, es)
		}
	}
}

// TestPokerStarsOtherClients reads the corpus files that Run It Once Poker
// and Upoker wrote in PokerStars' format: Detect sends them to this
// reader, which reads them under their own site with the site's amounts.
func TestPokerStarsOtherClients(t *testing.T) {
	t.Parallel()
	read := func(t *testing.T, name string) *handhistory.Hand {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(otherClients, name))
		if err != nil {
			t.Fatal(err)
		}
		f, err := handhistory.Detect(name, data)
		if err != nil || f != handhistory.FormatPokerStars {
			t.Fatalf("Detect = %q, %v; want pokerstars", f, err)
		}
		es, err := handhistory.Read(f, data)
		if err != nil || len(es) != 1 || es[0].Hand == nil {
			t.Fatalf("Read = %+v, %v; want one hand", es, err)
		}
		return es[0].Hand
	}
	t.Run("run it once side pots", func(t *testing.T) {
		t.Parallel()
		// Written in Windows-1252 (the euro sign is byte 0x80).
		h := read(t, "fpdb3__cash__Stars__Flop__PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots__RunItOncePoker.txt")
		if h.Site != "runitonce" || h.SiteHandID != "34011543" || h.Time != "2019-04-19T17:52:00Z" || h.TableName != "34010755" ||
			h.Table.MaxSeats != 6 || h.Table.Currency != "EUR" || h.Table.ChipUnit != "0.01" || h.Table.MinBet != 20 {
			t.Errorf("hand %s/%s at %s, table %q %+v", h.Site, h.SiteHandID, h.Time, h.TableName, h.Table)
		}
		if len(h.Players) != 6 || h.Players[2].Name != "Hero" || h.Players[2].Stack != 3129 || h.Players[h.Button].Name != "Karl J" {
			t.Errorf("players %+v, button %d", h.Players, h.Button)
		}
		// The show written twice is one show; the summary's mucked hands
		// give the others' cards.
		shows := 0
		for _, a := range h.Actions {
			if a.Kind == game.Show {
				shows++
			}
		}
		if shows != 1 || h.Players[1].Hole.String() != "Kd4hKc6c" || h.Players[4].Hole.String() != "7d8c5s6h" {
			t.Errorf("%d shows, holes %s %s", shows, h.Players[1].Hole, h.Players[4].Hole)
		}
		o := h.Outcome
		// Main pot €62.60 and side pot €20.98 before rake, the €2 rake
		// from the main pot: €60.60 and €20.98 after it.
		if o.TotalPot != 8358 || o.Rake != 200 || !reflect.DeepEqual(o.Pots, []int64{6060, 2098}) ||
			!reflect.DeepEqual(o.Collected, []int64{0, 0, 8158, 0, 0, 0}) || !reflect.DeepEqual(o.Returned, []int64{0, 0, 0, 0, 843, 0}) {
			t.Errorf("outcome %+v", o)
		}
	})
	t.Run("run it once splash the pot", func(t *testing.T) {
		t.Parallel()
		h := read(t, "fpdb3__cash__Stars__Flop__PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot__RunItOncePoker.txt")
		if h.Site != "runitonce" || h.SiteHandID != "36197946" || h.Time != "2019-08-14T17:55:00Z" {
			t.Errorf("hand %s/%s at %s", h.Site, h.SiteHandID, h.Time)
		}
		// "STP added: €5.00" is the site's money, AddedToPot. The site's
		// total pot holds it; its pots (€119.52, €21.82 before rake) do
		// not: the main pot after rake holds it (€119.52 + €5 - €2.50).
		// The collected lines (€122.02 + €26.82) hold it twice: a note.
		o := h.Outcome
		if h.AddedToPot != 500 || o.TotalPot != 14634 || o.Rake != 250 || !reflect.DeepEqual(o.Pots, []int64{12202, 2182}) ||
			!reflect.DeepEqual(o.Collected, []int64{0, 0, 0, 14884, 0, 0}) || !reflect.DeepEqual(o.Returned, []int64{0, 0, 0, 7142, 0, 0}) {
			t.Errorf("added %d, outcome %+v", h.AddedToPot, o)
		}
		want := []string{"site inconsistency: the collected lines add up to €148.84, €5.00 more than the total pot €146.34 less rake €2.50: they count the €5.00 the site added (STP) twice, the total pot once"}
		if !reflect.DeepEqual(h.Notes, want) {
			t.Errorf("notes %q, want %q", h.Notes, want)
		}
	})
	t.Run("upoker", func(t *testing.T) {
		t.Parallel()
		h := read(t, "hhsmithy-567ce475__Upoker__CashGame__uPokerStarsFormatBetAndWinFlopIP.txt")
		if h.Site != "upoker" || h.SiteHandID != "113367101128" || h.TableName != "UPOK264191504" ||
			h.Table.Currency != "CNY" || h.Table.ChipUnit != "0.01" || h.Table.MinBet != 5000 {
			t.Errorf("hand %s/%s, table %q %+v", h.Site, h.SiteHandID, h.TableName, h.Table)
		}
		if o := h.Outcome; len(h.Players) != 3 || h.Players[0].Stack != 511300 || o.TotalPot != 37500 || o.Rake != 1000 ||
			!reflect.DeepEqual(o.Collected, []int64{36500, 0, 0}) || !reflect.DeepEqual(o.Returned, []int64{12800, 0, 0}) {
			t.Errorf("players %+v, outcome %+v", h.Players, o)
		}
	})
	t.Run("splash the pot after the betting began is a line error", func(t *testing.T) {
		t.Parallel()
		data, err := os.ReadFile(filepath.Join(otherClients, "fpdb3__cash__Stars__Flop__PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot__RunItOncePoker.txt"))
		if err != nil {
			t.Fatal(err)
		}
		late := strings.Replace(string(data), "STP added: €5.00\n", "", 1)
		late = strings.Replace(late, "Nelson B: folds\n", "Nelson B: folds\nSTP added: €5.00\n", 1)
		es, err := handhistory.Read(handhistory.FormatPokerStars, []byte(late))
		var fe *fault.Error
		if err != nil || len(es) != 1 || !errors.As(es[0].Err, &fe) || fe.Line != 20 || !strings.Contains(fe.Message, "after the betting began") {
			t.Errorf("Read = %+v, %v; want an error on the late STP line (20)", es, err)
		}
	})
	t.Run("splash the pot said twice differently", func(t *testing.T) {
		t.Parallel()
		data, err := os.ReadFile(filepath.Join(otherClients, "fpdb3__cash__Stars__Flop__PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot__RunItOncePoker.txt"))
		if err != nil {
			t.Fatal(err)
		}
		bad := strings.Replace(string(data), "| STP €5.00 |", "| STP €4.00 |", 1)
		es, err := handhistory.Read(handhistory.FormatPokerStars, []byte(bad))
		var fe *fault.Error
		if err != nil || len(es) != 1 || !errors.As(es[0].Err, &fe) || fe.Line != 43 || !strings.Contains(fe.Message, "STP added") {
			t.Errorf("Read = %+v, %v; want an error on the total pot line (43)", es, err)
		}
	})
}

// TestPokerStarsIncompleteHand: a hand cut off before its summary, every
// line of it read, is skipped as incomplete whether the next header or the
// end of the file cuts it; so is one whose unreadable last line is the
// file's, without a line end. A malformed line is still an error naming
// it, and the hands around are read.
func TestPokerStarsIncompleteHand(t *testing.T) {
	t.Parallel()
	good := hhtest.PokerStarsHand
	next := strings.Replace(good, "#900", "#902", 1)
	cutAt := func(marker string) string { // the hand up to, not including, marker
		k := strings.Index(good, marker)
		if k < 0 {
			t.Fatalf("hand lacks %q", marker)
		}
		return strings.Replace(good[:k], "#900", "#901", 1)
	}
	tests := []struct {
		name, file string
		upTo       string // the text up to the second entry's last line, when it is skipped as incomplete, or
		errLine    int    // the line of its error
	}{
		{"cut before the summary, next hand follows", good + cutAt("*** SUMMARY ***") + next, good + cutAt("*** SUMMARY ***"), 0},
		{"cut after the summary's marker", good + cutAt("Total pot") + next, good + cutAt("Total pot"), 0},
		{"cut in the seat list", good + cutAt("Seat 2:") + next, good + cutAt("Seat 2:"), 0},
		{"header only", good + cutAt("Table 'T'") + next, good + cutAt("Table 'T'"), 0},
		{"cut at the end of the file", good + cutAt("Ann collected"), good + cutAt("Ann collected"), 0},
		{"cut in the middle of the file's last line", good + cutAt("Cid: folds") + "Cid: fo", good + cutAt("Cid: folds") + "Cid: fo", 0},
		{"malformed last line of the file, ended", good + cutAt("Cid: folds") + "Cid: fo\n", "", 27},
		{"malformed line, then cut off", good + strings.Replace(cutAt("*** SUMMARY ***"), "Bob: folds", "Bob: fo", 1) + next, "", 26},
		{"malformed table line, then cut off", good + strings.Replace(cutAt("Seat 2:"), "Table 'T'", "Tabel 'T'", 1) + next, "", 18},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			es := readPSText(t, tt.file)
			if len(es) < 2 || es[0].Hand == nil || es[1].ID != "901" {
				t.Fatalf("entries %+v", es)
			}
			if len(es) == 3 && es[2].Hand == nil {
				t.Errorf("the next hand is not read: %+v", es[2])
			}
			if tt.upTo != "" {
				// Skipped, naming the line where the hand stops: the last
				// non-blank line of the text up to its cut.
				stop := len(strings.Split(strings.TrimRight(tt.upTo, " \n"), "\n"))
				if want := sitetext.Incomplete(stop); es[1].Skipped != want || es[1].Err != nil || es[1].Line != 17 {
					t.Errorf("entry %+v, want skipped %q at line 17", es[1], want)
				}
				return
			}
			var fe *fault.Error
			if !errors.As(es[1].Err, &fe) || fe.Line != tt.errLine {
				t.Errorf("entry %+v, want an error on line %d", es[1], tt.errLine)
			}
		})
	}
}

// TestPokerStarsBoardMisprintedOnStreetLines: street lines that misprint
// the board while the summary has it right read with the summary's board
// (the one the showdown agrees with), dealt street by street; a summary
// that cannot be the board is still an error (TestPokerStarsMalformed).
func TestPokerStarsBoardMisprintedOnStreetLines(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, from, to string }{
		{"river card", "*** RIVER *** [2c 3d 4h 5s] [6s]", "*** RIVER *** [2c 3d 4h 5s] [7s]"},
		{"flop", "*** FLOP *** [2c 3d 4h]\n", "*** FLOP *** [2c 3d 4c]\n"},
		{"board repeated on the turn line", "*** TURN *** [2c 3d 4h] [5s]", "*** TURN *** [2c 3d 4c] [5s]"},
		// The hero's four hole cards printed where the flop belongs, and
		// repeated on the turn line.
		{"flop printing the hero's hole cards", "*** FLOP *** [2c 3d 4h]\n", "*** FLOP *** [As Ks Qs Js]\n"},
		{"four-card flop repeated", "*** FLOP *** [2c 3d 4h]\nx/y (z): checks\nA: checks\nA: B [c]: bets $0.30\nx/y (z): folds\nA: raises $0.60 to $0.90 and is all-in\nA: B [c]: calls $0.60\n*** TURN *** [2c 3d 4h] [5s]",
			"*** FLOP *** [As Ks Qs Js]\nx/y (z): checks\nA: checks\nA: B [c]: bets $0.30\nx/y (z): folds\nA: raises $0.60 to $0.90 and is all-in\nA: B [c]: calls $0.60\n*** TURN *** [As Ks Qs Js] [5s]"},
		{"two-card flop", "*** FLOP *** [2c 3d 4h]\n", "*** FLOP *** [2c 3d]\n"},
		{"river of two cards", "*** RIVER *** [2c 3d 4h 5s] [6s]", "*** RIVER *** [2c 3d 4h 5s] [6s 7s]"},
	}
	want := []string{"2c3d4h", "5s", "6s"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			text := strings.Replace(std, tt.from, tt.to, 1)
			if text == std {
				t.Fatalf("template lacks %q", tt.from)
			}
			h := oneHand(t, text)
			var got []string
			for _, a := range h.Actions {
				if a.Kind == game.DealBoard {
					got = append(got, a.Cards.String())
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("board deals %v, want %v", got, want)
			}
			if len(h.Notes) != 1 || !strings.Contains(h.Notes[0], "the summary's board 2c3d4h5s6s (line 30) is used") {
				t.Errorf("notes %q, want the summary's board said", h.Notes)
			}
		})
	}
	// A street line of any length (up to the line bound) is a misprint
	// like another: the note clips the board it names, within MaxText.
	var all []string
	for r := range cards.Rank(13) {
		for su := range cards.Suit(4) {
			all = append(all, cards.New(r, su).String())
		}
	}
	long := strings.Repeat(strings.Join(all, " ")+" ", 30)
	h := oneHand(t, strings.Replace(std, "*** FLOP *** [2c 3d 4h]\n", "*** FLOP *** ["+strings.TrimSpace(long)+"]\n", 1))
	if h.Board().String() != "2c3d4h5s6s" || len(h.Notes) != 1 || len(h.Notes[0]) > handhistory.MaxText {
		t.Errorf("board %s, notes %q", h.Board(), h.Notes)
	}
	// A misprinted river whose summary board collides with the misprint's
	// card elsewhere is no problem: the mended board's cards are the ones
	// seen (a later hole card equal to the misprinted 7s reads).
	text := strings.Replace(std, "[2c 3d 4h 5s] [6s]", "[2c 3d 4h 5s] [7s]", 1)
	text = strings.Replace(text, "Seat 1: A: B [c] mucked [Ah Kh Qh Jh]", "Seat 1: A: B [c] mucked [Ah Kh Qh Jh]\nSeat 2: x/y (z) mucked [7s 7h 7d 8c]", 1)
	if h := oneHand(t, text); h.Board().String() != "2c3d4h5s6s" || h.Players[1].Hole.String() != "7s7h7d8c" {
		t.Errorf("board %s, x/y's hole %s", h.Board(), h.Players[1].Hole)
	}
}

// TestPokerStarsConvertedRaiseToTotal: hands converted to PokerStars'
// format by other tools write a raise's total twice ("raises $60 to
// $60"); over the current bet it is a raise to that total; at or under it
// the line means nothing clear and stays an error naming it.
func TestPokerStarsConvertedRaiseToTotal(t *testing.T) {
	t.Parallel()
	h := oneHand(t, strings.Replace(hhtest.PokerStarsHand, "Ann: raises $0.25 to $0.35", "Ann: raises $0.35 to $0.35", 1))
	if a := h.Actions[0]; a.Kind != game.BetRaise || a.Amount != 35 || a.Player != 0 {
		t.Errorf("action %+v, want Ann's raise to 35", a)
	}
	for _, bad := range []string{"Ann: raises $0.10 to $0.10", "Ann: raises $0.05 to $0.05"} {
		es := readPSText(t, strings.Replace(hhtest.PokerStarsHand, "Ann: raises $0.25 to $0.35", bad, 1))
		var fe *fault.Error
		if len(es) != 1 || !errors.As(es[0].Err, &fe) || fe.Line != 9 || !strings.Contains(fe.Message, "current bet is $0.10") {
			t.Errorf("%s: %+v, want an error on line 9", bad, es)
		}
	}
}

// TestPokerStarsConverterLines: the table-traffic lines a converter
// carries over from Bovada/Ignition records ("name : Table leave user")
// are skipped, neither errors nor notes, and the hand settles as before.
func TestPokerStarsConverterLines(t *testing.T) {
	t.Parallel()
	good := hhtest.PokerStarsHand
	k := strings.Index(good, "*** HOLE CARDS ***")
	text := good[:k] + "Zed : Table enter user\nZed : Seat sit down\n" + good[k:]
	text = strings.Replace(text, "*** SUMMARY ***", "Zed : Table leave user\n*** SUMMARY ***", 1)
	es := readPSText(t, text)
	if len(es) != 1 || es[0].Hand == nil || es[0].Err != nil || len(es[0].Hand.Notes) != 0 {
		t.Fatalf("entries %+v", es)
	}
	want := readPSText(t, good)[0].Hand
	if got := es[0].Hand; len(got.Actions) != len(want.Actions) || got.Outcome.Collected[0] != want.Outcome.Collected[0] {
		t.Errorf("hand %+v, want %+v", got, want)
	}
}
