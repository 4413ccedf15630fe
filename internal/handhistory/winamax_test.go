package handhistory

import (
	"errors"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
)

// wmStd is a small Winamax cash hand with a dead small blind posted out
// of position and an uncalled bet left in the pot, as Winamax writes them.
const wmStd = `Winamax Poker - CashGame - HandId: #6935619-5785-1419437602 - Omaha pot limit (2€/4€) - 2014/12/24 16:13:22 UTC
Table: 'Wloclawek' 5-max (real money) Seat #3 is the button
Seat 1: Incognito 1 (789€)
Seat 2: Incognito 2 (160€)
Seat 3: Incognito 3 (1 268,38€)
Seat 4: Incognito 4 (679€)
Seat 5: Hero (474.50€)
*** ANTE/BLINDS ***
Incognito 4 posts small blind 2€
Hero posts big blind 4€
Incognito 2 posts small blind 2€ out of position
Dealt to Hero [4c Qc 4h Qd]
*** PRE-FLOP ***
Incognito 1 folds
Incognito 2 folds
Incognito 3 raises 8€ to 12€
Incognito 4 folds
Hero raises 28€ to 40€
Incognito 3 folds
Hero collected 56€ from pot
*** SUMMARY ***
Total pot 56€ | No rake
Seat 5: Hero (big blind) won 56€`

func TestWinamaxReadsTheModel(t *testing.T) {
	t.Parallel()
	es, err := readWinamax([]byte(wmStd))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%+v, %v", es, err)
	}
	h := es[0].Hand
	o := h.Outcome
	switch {
	case h.Site != "winamax" || h.Format != "winamax" || h.SiteHandID != "6935619-5785-1419437602":
		t.Errorf("site %q format %q id %q", h.Site, h.Format, h.SiteHandID)
	case h.Time != "2014-12-24T16:13:22Z" || h.TableName != "Wloclawek" || h.Tournament:
		t.Errorf("time %q table %q", h.Time, h.TableName)
	case h.Table.Game != eval.OmahaHi || h.Table.Structure != PotLimit || h.Table.MinBet != 400 || h.Table.ChipUnit != "0.01" || h.Table.Currency != "EUR" || h.Table.MaxSeats != 5:
		t.Errorf("table %+v", h.Table)
	case len(h.Players) != 5 || h.Players[0].Name != "Incognito 1" || h.Players[2].Stack != 126838 || h.Players[4].Hole.String() != "4cQc4hQd" || h.Button != 2:
		t.Errorf("players %+v button %d", h.Players, h.Button)
	case len(h.Posts) != 3 || h.Posts[2] != (Post{1, PostDead, 200}):
		t.Errorf("posts %+v", h.Posts)
	// The uncalled 28€ stays in Winamax's pot and in Hero's collected.
	case o.Collected[4] != 5600 || o.Returned[4] != 0 || o.TotalPot != 5600 || o.Rake != 0:
		t.Errorf("outcome %+v", o)
	}
}

func TestWinamaxHiLoPlayMoneyAndPosts(t *testing.T) {
	t.Parallel()
	es, err := readWinamax(ggwfFile(t, "winamax", "fpdb3__cash__Winamax__Flop__PLO8-2max-play-0.05-0.10-201610.export.txt"))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%+v, %v", es, err)
	}
	h := es[0].Hand
	// Play money in hundredths, no currency; both halves shown once each.
	if h.Table.Game != eval.OmahaHiLo || h.Table.Currency != "" || h.Table.ChipUnit != "0.01" || h.Outcome.Collected[0] != 46 || h.Outcome.Collected[1] != 47 || h.Outcome.TotalPot != 100 || h.Outcome.Rake != 7 {
		t.Errorf("hi/lo play-money hand %+v %+v", h.Table, h.Outcome)
	}
	shows := 0
	for _, a := range h.Actions {
		if a.Kind == Show {
			shows++
		}
	}
	if shows != 2 {
		t.Errorf("%d shows, want 2", shows)
	}
	// "posts small blind 3€ out of position": 1€ dead and the 2€ big blind.
	es, err = readWinamax(ggwfFile(t, "winamax", "fpdb3__cash__Winamax__Flop__PLO-5max-EUR-1.00-2.00-201611.post.both.txt"))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%+v, %v", es, err)
	}
	if p := es[0].Hand.Posts; len(p) != 4 || p[2] != (Post{4, PostDead, 100}) || p[3] != (Post{4, PostBigBlind, 200}) {
		t.Errorf("posts %+v", p)
	}
	// A seat with no chips is not dealt in; "deny BB" says nothing.
	es, err = readWinamax(ggwfFile(t, "winamax", "fpdb3__cash__Winamax__Flop__PLO-FR-EUR-0.02-0.05-201009.Sample"))
	if err != nil || len(es) != 60 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	for _, e := range es {
		if e.ID == "270777-208-1284852647" && (e.Hand == nil || len(e.Hand.Players) != 7) {
			t.Errorf("hand with a 0€ seat: %+v", e)
		}
	}
}

func TestWinamaxPerHandErrors(t *testing.T) {
	t.Parallel()
	other := strings.Replace(wmStd, "Omaha pot limit", "Holdem no limit", 1)
	bad := strings.Replace(wmStd, "Hero raises 28€ to 40€", "Hero raises 28 to 40€", 1)
	es, err := readWinamax([]byte(wmStd + "\n\n" + other + "\n\n" + bad + "\n\n" + wmStd))
	if err != nil || len(es) != 4 || es[0].Hand == nil || es[3].Hand == nil {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	var fe *fault.Error
	if es[1].Skipped != "game Holdem no limit is not Omaha" {
		t.Errorf("skip %q", es[1].Skipped)
	}
	if !errors.As(es[2].Err, &fe) || fe.Kind != fault.Invalid || fe.Line != es[2].Line+17 {
		t.Errorf("bad amount: %+v (%v)", es[2], es[2].Err)
	}
	ggwfBounds(t, readWinamax, wmStd, "*** PRE-FLOP ***\n", "Hero checks")
	for _, c := range []struct{ name, from, to string }{
		{"raise by contradicts to", "Incognito 3 raises 8€ to 12€", "Incognito 3 raises 9€ to 12€"},
		{"unknown line", "Incognito 1 folds", "Somebody does something"},
		{"dollars in a euro game", "Hero posts big blind 4€", "Hero posts big blind $4"},
		{"no summary", "*** SUMMARY ***", "Hero checks"},
	} {
		es, err := readWinamax([]byte(strings.Replace(wmStd, c.from, c.to, 1)))
		if err != nil || len(es) != 1 || !errors.As(es[0].Err, &fe) || fe.Line <= 0 {
			t.Errorf("%s: %+v, %v", c.name, es, err)
		}
	}
}

// FuzzReadWinamax: no panic, no hang; every entry is exactly one of a
// hand (passing Validate), a skip or a located error.
func FuzzReadWinamax(f *testing.F) {
	f.Add([]byte(wmStd))
	ggwfSeeds(f, "winamax")
	f.Fuzz(func(t *testing.T, data []byte) {
		es, err := readWinamax(data)
		ggwfCheckEntries(t, es, err)
	})
}
