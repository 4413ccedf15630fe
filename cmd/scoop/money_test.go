package main

import (
	"strings"
	"testing"
)

// verdictLines are the lines of out that are a hand's verdict (those
// that name its number, "FILE #N"), without the summary.
func verdictLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, " #") && (strings.Contains(l, "ILLEGAL") || strings.Contains(l, "unreadable:")) {
			lines = append(lines, l)
		}
	}
	return lines
}

// TestAnalyzeSaysIllegalHandsLikeReplay (issue 27): scoop analyze's line
// for an illegal or unreadable hand is scoop replay's, word for word:
// the offending line, the street, the amounts in the site's money.
func TestAnalyzeSaysIllegalHandsLikeReplay(t *testing.T) {
	t.Parallel()
	for _, f := range []string{"../../examples/illegal.txt", "testdata/winamax-illegal.txt", "testdata/winamax-unreadable.txt"} {
		_, replay, errs := runReplayCmd("replay", f)
		_, analyze, errs2 := runReplayCmd("analyze", f)
		want, got := verdictLines(replay), verdictLines(analyze)
		if len(want) != 1 || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: analyze says\n%s\nreplay says\n%s\n(%s%s)", f, strings.Join(got, "\n"), strings.Join(want, "\n"), errs, errs2)
		}
		if strings.Contains(analyze, "action ") {
			t.Errorf("%s: analyze names an action number: %s", f, analyze)
		}
	}
	_, out, _ := runReplayCmd("analyze", "../../examples/illegal.txt")
	if !strings.Contains(out, "€30.25") || !strings.Contains(out, "€37.32") || !strings.Contains(out, "line 24") {
		t.Errorf("analyze's illegal line lacks the money and the line: %s", out)
	}
}

// TestAnalyzeNamesItsMoney (issue 27): the header names the money of
// every kind of hand (play money said "amounts in " before), and amounts
// carry the currency's symbol.
func TestAnalyzeNamesItsMoney(t *testing.T) {
	t.Parallel()
	_, out, errs := runReplayCmd("analyze", "testdata/winamax-unreadable.txt")
	if !strings.Contains(out, "amounts in EUR\n") || !strings.Contains(out, "€") {
		t.Errorf("EUR hand: %s%s", out, errs)
	}
	_, out, errs = runReplayCmd("analyze", "testdata/winamax-play.txt")
	if !strings.Contains(out, "amounts in play chips\n") || strings.Contains(out, "amounts in \n") {
		t.Errorf("play money: %s%s", out, errs)
	}
	_, out, errs = runReplayCmd("analyze", "testdata/upoker-cny.txt")
	if !strings.Contains(out, "amounts in CNY\n") || !strings.Contains(out, "raises to ¥175.00") || strings.Contains(out, ".00 CNY") {
		t.Errorf("Upoker's yuan (the file writes ¥): %s%s", out, errs)
	}
}

// TestUnreadableHandInSiteMoney (issue 27): the reader's error of an
// unreadable hand says its amounts as the site writes them, with its
// line, in scoop replay and scoop import alike.
func TestUnreadableHandInSiteMoney(t *testing.T) {
	t.Parallel()
	const want = "line 59: Hero raises by €5.00 to €8.00, but the current bet is €2.00, not €3.00"
	for _, args := range [][]string{{"replay"}, {"import", "--dry-run"}} {
		_, out, errs := runReplayCmd(append(args, "testdata/winamax-unreadable.txt")...)
		if !strings.Contains(out, want) || strings.Contains(out, "chip units") {
			t.Errorf("%s: want %q in\n%s%s", args[0], want, out, errs)
		}
	}
}
