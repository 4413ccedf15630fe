package main

import (
	"fmt"
	"strings"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	moneyfmt "github.com/scoophq/scoop/internal/money"
)

// analysisText is the readable form of a hand's analysis, amounts in the
// site's money: a header line, the hole cards (what "?" means), the
// actions, the street table with each known hand's low status (hi/lo),
// the decisions facing a bet with both equities, the showdown, and the
// all-in line.
func analysisText(v analysis.Verdict, a *analysis.Analysis, h *handhistory.Hand) string {
	m := moneyOf(h)
	var b strings.Builder
	fmt.Fprintf(&b, "%s #%d", v.File, v.Hand)
	if v.ID != nil {
		fmt.Fprintf(&b, " (%s)", *v.ID)
	}
	fmt.Fprintf(&b, ": %s %s", v.Game, v.Structure)
	fmt.Fprintf(&b, ", amounts in %s\n", moneyfmt.Unit(h))
	if h != nil {
		unknown := false
		b.WriteString("  hands:")
		for i, p := range v.Players {
			cards := holeOf(h, i)
			if cards == "" {
				cards, unknown = "?", true
			}
			sep := ","
			if i == len(v.Players)-1 {
				sep = ""
			}
			fmt.Fprintf(&b, " %s %s%s", p, cards, sep)
		}
		b.WriteByte('\n')
		if unknown {
			b.WriteString("  (? = cards the record does not show: such a hand's equity is against random hands, Monte Carlo, ± one standard error)\n")
		}
		for _, line := range actionLines(h, m) {
			fmt.Fprintf(&b, "  %s\n", line)
		}
	}
	streets := func(prefix string, ss []analysis.Street) {
		for _, s := range ss {
			board := s.Board
			if board == "" {
				board = "-"
			}
			fmt.Fprintf(&b, "  %s%-8s %-12s %10s ", prefix, s.Street, board, m.Chips(s.Pot))
			for _, p := range s.Players {
				fmt.Fprintf(&b, " %s %s", p.Name, equityText(s.Mode, p))
			}
			if s.Mode == "montecarlo" {
				fmt.Fprintf(&b, "  (%d trials)", s.Boards)
			}
			b.WriteByte('\n')
			for _, p := range s.Players {
				if p.LowStatus != nil {
					fmt.Fprintf(&b, "  %s           low: %s %s\n", prefix, p.Name, lowStatusText(s.Street, p.LowStatus))
				}
			}
		}
	}
	fmt.Fprintf(&b, "  %-8s %-12s %10s  equities\n", "street", "board", "pot")
	streets("", a.Streets)
	for _, r := range a.Runs {
		fmt.Fprintf(&b, "  run %d, board %s:\n", r.Run, r.Board)
		streets("  ", r.Streets)
	}
	for _, d := range a.Decisions {
		if len(d.Ranges) > 0 {
			b.WriteString("  (ranges, A10: an opponent who raised before the flop holds the top PFR% of hands, one who did not the top VPIP%; the default is 15% and 35%, below 100 stored hands)\n")
			break
		}
	}
	for _, d := range a.Decisions {
		if d.ToCall == nil {
			continue
		}
		fmt.Fprintf(&b, "  %s %s %s facing %s into %s (pot odds %.2f%%): equity %s against random hands",
			d.Street, d.Player, d.Action, m.Chips(*d.ToCall), m.Chips(d.Pot), 100**d.PotOdds, pctText(d.Equity, d.Stderr))
		if d.RangeEquity != nil {
			fmt.Fprintf(&b, ", %s against ranges (%s)", pctText(*d.RangeEquity, *d.RangeStderr), rangesText(d.Ranges))
		}
		switch {
		case d.BelowOdds && d.BelowOddsVsRange:
			b.WriteString("; below the odds against both")
		case d.BelowOdds:
			b.WriteString("; below the odds against random hands")
		case d.BelowOddsVsRange:
			b.WriteString("; below the odds against the ranges")
		}
		b.WriteByte('\n')
	}
	if len(a.Freeroll) > 0 {
		fmt.Fprintf(&b, "  freeroll: %s\n", strings.Join(a.Freeroll, ", "))
	}
	for _, sh := range v.Showdown {
		fmt.Fprintf(&b, "  shows %s %s %s\n", sh.Player, sh.Hand, shownNames(sh))
	}
	for k, p := range v.Pots {
		if p.HiHand == "" && p.LoHand == "" && len(p.Runs) == 0 {
			continue
		}
		name := "main pot"
		if k > 0 {
			name = fmt.Sprintf("side pot %d", k)
		}
		fmt.Fprintf(&b, "  %s %s: hi %s", name, m.Chips(p.Amount), moneyShares(m, p.Hi))
		if p.HiHand != "" {
			fmt.Fprintf(&b, " (%s)", p.HiHand)
		}
		switch {
		case len(p.Lo) > 0:
			fmt.Fprintf(&b, ", lo %s (%s)", moneyShares(m, p.Lo), p.LoHand)
		case p.LoHand != "":
			fmt.Fprintf(&b, ", %s", p.LoHand)
		}
		b.WriteByte('\n')
	}
	if a.AllIn != nil {
		board := a.AllIn.Board
		if board == "" {
			board = "none"
		}
		fmt.Fprintf(&b, "  all-in on the %s (board %s):", a.AllIn.Street, board)
		for _, r := range a.Results {
			fmt.Fprintf(&b, " %s expected %s actual %s (luck %s);", r.Player, m.SignedExpected(*r.Expected), m.Signed(r.Net), m.SignedExpected(r.Luck))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// holeOf is player i's hole cards as the record knows them (given with
// the player, dealt face up or shown), "" when unknown.
func holeOf(h *handhistory.Hand, i int) string {
	if i < len(h.Players) && len(h.Players[i].Hole) == 4 {
		return h.Players[i].Hole.String()
	}
	for _, a := range h.Actions {
		if a.Player == i && (a.Kind == game.Show || a.Kind == game.DealHole) && len(a.Cards) == 4 {
			return a.Cards.String()
		}
	}
	return ""
}

// actionLines are the hand's betting, one line per street ("preflop:
// Bob raises to $0.06, Ann calls $0.04"), amounts in m, the bets followed
// as the rules engine counts them (a call puts in what is owed, at most
// the stack).
func actionLines(h *handhistory.Hand, m money) []string {
	n := len(h.Players)
	name := func(p int) string {
		if p >= 0 && p < n && h.Players[p].Name != "" {
			return h.Players[p].Name
		}
		return fmt.Sprintf("p%d", p+1)
	}
	stack := make([]int64, n)
	bet := make([]int64, n)
	for i, p := range h.Players {
		stack[i] = p.Stack
	}
	for _, p := range h.Posts {
		if p.Player < 0 || p.Player >= n {
			continue
		}
		amt := min(p.Amount, stack[p.Player])
		stack[p.Player] -= amt
		if p.Kind != game.Ante && p.Kind != game.Dead {
			bet[p.Player] += amt
		}
	}
	var lines []string
	street := "preflop"
	var parts []string
	flush := func() {
		if len(parts) > 0 {
			lines = append(lines, street+": "+strings.Join(parts, ", "))
		}
		parts = nil
	}
	board := 0
	for _, a := range h.Actions {
		p := a.Player
		valid := p >= 0 && p < n
		top := int64(0)
		for _, x := range bet {
			top = max(top, x)
		}
		allIn := func() string {
			if valid && stack[p] == 0 {
				return " all-in"
			}
			return ""
		}
		switch a.Kind {
		case game.DealBoard:
			if a.Run > 1 {
				continue
			}
			flush()
			board += len(a.Cards)
			street = map[int]string{3: "flop", 4: "turn", 5: "river"}[min(board, 5)]
			if street == "" {
				street = "board"
			}
			street += " " + a.Cards.String()
			for i := range bet {
				bet[i] = 0
			}
		case game.Fold:
			parts = append(parts, name(p)+" folds")
		case game.Check:
			parts = append(parts, name(p)+" checks")
		case game.Call, game.CheckCall:
			if !valid {
				continue
			}
			owed := min(top-bet[p], stack[p])
			if owed <= 0 {
				parts = append(parts, name(p)+" checks")
				continue
			}
			stack[p] -= owed
			bet[p] += owed
			parts = append(parts, name(p)+" calls "+m.Chips(owed)+allIn())
		case game.BetRaise:
			if !valid {
				continue
			}
			put := min(a.Amount-bet[p], stack[p])
			stack[p] -= put
			bet[p] += put
			verb := " bets "
			if top > 0 {
				verb = " raises to "
			}
			parts = append(parts, name(p)+verb+m.Chips(bet[p])+allIn())
		case game.Muck:
			parts = append(parts, name(p)+" mucks")
		}
	}
	flush()
	return lines
}

// pctText is an equity with its standard error when not exact: "41.20%",
// "41.20%±0.45".
func pctText(x, se float64) string {
	if se == 0 {
		return fmt.Sprintf("%.2f%%", 100*x)
	}
	return fmt.Sprintf("%.2f%%±%.2f", 100*x, 100*se)
}

// rangesText names the ranges of A10: "Bob top 15%: raised, the
// default", "Ann top 28%: called, his VPIP over 300 hands".
func rangesText(rs []analysis.OpponentRange) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		why := "called"
		if r.Basis == "pfr" {
			why = "raised"
		}
		if r.Default {
			parts[i] = fmt.Sprintf("%s top %s: %s, the default", r.Player, r.Range, why)
		} else {
			parts[i] = fmt.Sprintf("%s top %s: %s, his %s over %d hands", r.Player, r.Range, why, strings.ToUpper(r.Basis), r.Hands)
		}
	}
	return strings.Join(parts, "; ")
}

// lowStatusText is a known hand's low status (A9) in words.
func lowStatusText(street string, st *analysis.LowStatus) string {
	var parts []string
	switch {
	case st.MadeLow == "" && street == "river":
		parts = append(parts, "no low")
	case st.MadeLow == "":
		parts = append(parts, "no low yet")
	case st.NutLow:
		parts = append(parts, st.MadeLow+", the nut low")
	default:
		parts = append(parts, st.MadeLow)
	}
	if street != "river" {
		if st.BestLow != "" {
			parts = append(parts, fmt.Sprintf("best still makeable %s on %.1f%% of boards, a low on %.1f%%", st.BestLow, 100*st.BestLowShare, 100*st.LowShare))
		} else {
			parts = append(parts, "no low to make")
		}
		if st.MadeLow != "" {
			parts = append(parts, fmt.Sprintf("counterfeited on %.1f%%", 100*st.Counterfeit))
		}
	}
	var locked []string
	if st.LockedHigh {
		locked = append(locked, "high")
	}
	if st.LockedLow {
		locked = append(locked, "low")
	}
	if len(locked) > 0 {
		parts = append(parts, "locked: "+strings.Join(locked, " and "))
	}
	if st.Freeroll {
		parts = append(parts, "FREEROLL")
	}
	return strings.Join(parts, "; ")
}

// equityText is a live player's equity in the street table: "62.80%",
// with "±0.41" for Monte Carlo, "(random)" for an unknown hand drawn at
// random, "?" for an unknown hand of a snapshot without equities.
func equityText(mode string, p analysis.StreetPlayer) string {
	if p.Equity == nil {
		return "?"
	}
	s := fmt.Sprintf("%.2f%%", 100**p.Equity)
	if mode == "montecarlo" {
		s += fmt.Sprintf("±%.2f", 100**p.Stderr)
	}
	if p.Unknown {
		s += "(random)"
	}
	return s
}
