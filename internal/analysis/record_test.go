package analysis

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
)

// psO8File is the corpus file the record tests edit hands of.
const psO8File = "fpdb3__cash__Stars__Flop__PLO8-6max-USD-0.01-0.02-200911.txt"

// corpusHand returns the text of the hand whose header holds id in the
// PokerStars corpus file name, with each replacement pair applied once
// (failing the test when the text lacks one).
func corpusHand(t *testing.T, name, id string, repl ...string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(psCorpus, name))
	if err != nil {
		t.Fatal(err)
	}
	var hand string
	for _, h := range strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n\n") {
		if strings.Contains(strings.SplitN(strings.TrimSpace(h), "\n", 2)[0], "#"+id+":") {
			hand = strings.TrimSpace(h) + "\n"
		}
	}
	if hand == "" {
		t.Fatalf("%s: no hand #%s", name, id)
	}
	for i := 0; i+1 < len(repl); i += 2 {
		if !strings.Contains(hand, repl[i]) {
			t.Fatalf("hand #%s lacks %q", id, repl[i])
		}
		hand = strings.Replace(hand, repl[i], repl[i+1], 1)
	}
	return hand
}

// replayText reads the one PokerStars hand of text and replays it.
func replayText(t *testing.T, text string) Verdict {
	t.Helper()
	es, err := handhistory.Read(handhistory.FormatPokerStars, []byte(text))
	if err != nil || len(es) != 1 || es[0].Err != nil || es[0].Hand == nil {
		t.Fatalf("read: %v, %d entries %+v", err, len(es), es)
	}
	return Replay(es[0].Hand)
}

// TestUncalledBetReturnedIsCompared checks the "Uncalled bet (X) returned
// to P" lines against the replay's returned bets: a return to the wrong
// player or of the wrong amount is a "returned" difference; a record that
// omits the line (returns 0) keeps its tolerance.
func TestUncalledBetReturnedIsCompared(t *testing.T) {
	t.Parallel()
	const line = "Uncalled bet ($0.31) returned to UnderMeSensi"
	tests := []struct {
		name  string
		to    string
		match bool
		diffs []Difference
	}{
		{"as recorded", line, true, nil},
		{"line omitted", "", true, nil},
		{"to another player", "Uncalled bet ($0.31) returned to Hero", false, []Difference{{Player: "Hero", Field: "returned", Recorded: 31, Replayed: 0}}},
		{"wrong amount", "Uncalled bet ($0.21) returned to UnderMeSensi", false, []Difference{{Player: "UnderMeSensi", Field: "returned", Recorded: 21, Replayed: 31}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v := replayText(t, corpusHand(t, psO8File, "35874998500", line, tt.to))
			if !v.Legal {
				t.Fatalf("illegal: %+v", v.Error)
			}
			if v.MatchesRecord == nil || *v.MatchesRecord != tt.match {
				t.Errorf("matches_record %v, want %v (differences %+v)", mustJSON(v.MatchesRecord), tt.match, v.Differences)
			}
			if !slices.Equal(v.Differences, tt.diffs) && !(len(v.Differences) == 0 && len(tt.diffs) == 0) {
				t.Errorf("differences %+v, want %+v", v.Differences, tt.diffs)
			}
		})
	}
}

// TestRecordedRakeAppliedWhenPotsDoNotLineUp: a record whose total pot is
// not ours still has its rake taken (main pot first), so the only
// difference is the total pot, not a rake and collected differences.
func TestRecordedRakeAppliedWhenPotsDoNotLineUp(t *testing.T) {
	t.Parallel()
	v := replayText(t, corpusHand(t, psO8File, "35874998500",
		"UnderMeSensi collected $0.31 from pot", "UnderMeSensi collected $0.29 from pot",
		"Total pot $0.31 | Rake $0", "Total pot $0.41 | Rake $0.02",
		"UnderMeSensi collected ($0.31)", "UnderMeSensi collected ($0.29)"))
	if !v.Legal {
		t.Fatalf("illegal: %+v", v.Error)
	}
	want := []Difference{{Field: "total_pot", Recorded: 41, Replayed: 31}}
	if !slices.Equal(v.Differences, want) {
		t.Errorf("differences %+v, want %+v", v.Differences, want)
	}
	if v.Rake != 2 || len(v.Pots) != 1 || v.Pots[0].Rake != 2 {
		t.Errorf("rake %d, pots %+v, want the recorded rake 2 taken from the pot", v.Rake, v.Pots)
	}
}

// TestDoesNotShowHandAtShowdownIsAMuck: "P: doesn't show hand" at a
// showdown gives up the pots as "P: mucks hand" does: the same pots with
// the same eligible players.
func TestDoesNotShowHandAtShowdownIsAMuck(t *testing.T) {
	t.Parallel()
	const id = "35875293439"
	mucked := replayText(t, corpusHand(t, psO8File, id))
	unshown := replayText(t, corpusHand(t, psO8File, id, "supermeXXX: mucks hand", "supermeXXX: doesn't show hand"))
	if !mucked.Legal || !unshown.Legal {
		t.Fatalf("illegal: %+v / %+v", mucked.Error, unshown.Error)
	}
	if got, want := mustJSON(unshown.Pots), mustJSON(mucked.Pots); got != want {
		t.Errorf("pots %s, want %s", got, want)
	}
	for _, p := range unshown.Pots {
		if slices.Contains(p.Eligible, "supermeXXX") {
			t.Errorf("supermeXXX, who did not show, is eligible for %+v", p)
		}
	}
	if unshown.MatchesRecord == nil || !*unshown.MatchesRecord {
		t.Errorf("matches_record %s, differences %+v", mustJSON(unshown.MatchesRecord), unshown.Differences)
	}
}

// TestActionErrorReason: Reason drops the engine's "action N: " and
// nothing else (a message without it, or with a name that looks like
// it, is kept whole).
func TestActionErrorReason(t *testing.T) {
	t.Parallel()
	for msg, want := range map[string]string{
		"action 11: Shaun J raise to €30.25 is below the pot-limit minimum €37.32": "Shaun J raise to €30.25 is below the pot-limit minimum €37.32",
		"action 0: p1 check is not allowed":                                        "p1 check is not allowed",
		"line 3: bad amount":                                                       "line 3: bad amount",
		"action x: kept":                                                           "action x: kept",
		"action 12 kept":                                                           "action 12 kept",
		"":                                                                         "",
	} {
		if got := (&ActionError{Message: msg}).Reason(); got != want {
			t.Errorf("Reason of %q = %q, want %q", msg, got, want)
		}
	}
}

// TestActionErrorExplained: the reason, then what was allowed when the
// engine knows it.
func TestActionErrorExplained(t *testing.T) {
	t.Parallel()
	e := &ActionError{Message: "action 11: Shaun J raise to €30.25 is below the pot-limit minimum €37.32", Allowed: "fold, call €21.82 or raise to €37.32"}
	if got, want := e.Explained(), "Shaun J raise to €30.25 is below the pot-limit minimum €37.32 (allowed: fold, call €21.82 or raise to €37.32)"; got != want {
		t.Errorf("Explained = %q, want %q", got, want)
	}
	e.Allowed = ""
	if got, want := e.Explained(), "Shaun J raise to €30.25 is below the pot-limit minimum €37.32"; got != want {
		t.Errorf("Explained without allowed = %q, want %q", got, want)
	}
}

// TestCardsContradictingTheRecordAreNamed: when every hand eligible for a
// contested pot is shown, the cards decide the pots; a record that pays
// the loser is the site's inconsistency, and the verdict's notes say so,
// naming each player paid otherwise and what his hand makes (the hand's
// reader notes untouched). An amount off (an odd chip, a misprint) is the
// differences' alone.
func TestCardsContradictingTheRecordAreNamed(t *testing.T) {
	t.Parallel()
	const file, id = "hhsmithy__PokerStars__CashGame__PlayerTests__OmahaShowdown.txt", "109665973281"
	paysTheLoser := []string{
		"MajinVeta collected $215.96 from pot", "Dracospinner collected $215.96 from pot",
		"showed [7d 6s 9s 7h] and won ($215.96) with", "showed [7d 6s 9s 7h] and lost with",
		"showed [3d 5s 6h Kd] and lost with", "showed [3d 5s 6h Kd] and won ($215.96) with",
	}
	for _, c := range []struct {
		name string
		repl []string
		want string
	}{
		{"as recorded", nil, ""},
		{"the loser paid", paysTheLoser, "site inconsistency: every hand eligible for a contested pot is shown, so the cards decide the pots, and the record pays otherwise: " +
			"MajinVeta (full house, sevens full of threes) collected $0.00 where the cards give $215.96; Dracospinner (three of a kind, threes) collected $215.96 where the cards give $0.00"},
		{"an amount off", []string{"MajinVeta collected $215.96 from pot", "MajinVeta collected $215.95 from pot", "won ($215.96)", "won ($215.95)"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			text := corpusHand(t, file, id, c.repl...)
			es, err := handhistory.Read(handhistory.FormatPokerStars, []byte(text))
			if err != nil || len(es) != 1 || es[0].Hand == nil {
				t.Fatalf("read: %v %+v", err, es)
			}
			h := es[0].Hand
			before := slices.Clone(h.Notes)
			v := Replay(h)
			if !v.Legal {
				t.Fatalf("illegal: %+v", v.Error)
			}
			var got string
			for _, n := range v.Notes {
				if strings.HasPrefix(n, "site inconsistency: every hand") {
					got = n
				}
			}
			if got != c.want {
				t.Errorf("note %q\nwant %q (differences %+v)", got, c.want, v.Differences)
			}
			if c.want != "" && (v.MatchesRecord == nil || *v.MatchesRecord) {
				t.Errorf("matches_record %v", mustJSON(v.MatchesRecord))
			}
			if !slices.Equal(h.Notes, before) {
				t.Errorf("the hand's notes became %q, were %q", h.Notes, before)
			}
		})
	}
}

// TestUncontestedPotIsNoContradiction: a real Kings Club record leaves out
// Hero's side pot, which nobody contested (he lost the contested one):
// its verdict differs from the record, and says so in its differences,
// but the cards it shows contradict nothing, so no such note.
func TestUncontestedPotIsNoContradiction(t *testing.T) {
	t.Parallel()
	name := filepath.Join("..", "handhistory", "kingsclub", "testdata", "kingsclub__fpdb3__LO8-USD-500-100-202104.RIO.txt")
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := handhistory.Detect(name, data)
	if err != nil {
		t.Fatal(err)
	}
	es, err := handhistory.Read(f, data)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range es {
		if e.Hand == nil || e.Hand.SiteHandID != "3969308" {
			continue
		}
		found = true
		v := Replay(e.Hand)
		if v.MatchesRecord == nil || *v.MatchesRecord || len(v.Differences) == 0 {
			t.Fatalf("hand 3969308: matches_record %v, differences %+v; want a difference", mustJSON(v.MatchesRecord), v.Differences)
		}
		for _, n := range v.Notes {
			if strings.HasPrefix(n, "site inconsistency: every hand") {
				t.Errorf("hand 3969308: %q", n)
			}
		}
	}
	if !found {
		t.Fatal("no hand 3969308")
	}
}
