package analysis

import (
	"fmt"
	"strings"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/money"
)

// ShownHand is one hand shown down, named as players say it (A7).
type ShownHand struct {
	Player string `json:"player"`
	Hand   string `json:"hand"` // the hole cards shown
	// High is the best high the hand makes on the board ("two pair,
	// kings and sevens"); Low its best low ("8-5-3-2-A", "no low"),
	// empty for omaha-hi. For a hand run more than once they are on the
	// first run's board, and Runs names them on each run's.
	High string      `json:"high"`
	Low  string      `json:"low,omitempty"`
	Runs []HandNames `json:"runs,omitempty"`
}

// HandNames are a shown hand's high and low on one run's board.
type HandNames struct {
	Board string `json:"board"`
	High  string `json:"high"`
	Low   string `json:"low,omitempty"`
}

// nameShowdown fills v.Showdown and each pot's HiHand and LoHand (A7) from
// the replayed state s and its settlement st, when the hand reached a
// showdown with a full board. A shown hand is one of a player in the
// showdown order whose cards the record knows and who did not muck.
func nameShowdown(v *Verdict, h *handhistory.Hand, s *game.State, st *game.Settlement) {
	if s.Phase() != game.Showdown {
		return
	}
	boards := st.Boards
	if boards == nil {
		boards = []cards.List{s.Board()}
	}
	if len(boards[0]) < 5 {
		return
	}
	g := h.Table.Game
	known := knownHoles(h)
	mucked := make([]bool, len(h.Players))
	for _, a := range h.Actions {
		if a.Kind == game.Muck && a.Player >= 0 && a.Player < len(mucked) {
			mucked[a.Player] = true
		}
	}
	shown := make(map[string]cards.List)
	for _, p := range s.ShowdownOrder() {
		if p >= len(known) || known[p] == nil || mucked[p] {
			continue
		}
		sh := ShownHand{Player: v.Players[p], Hand: known[p].String()}
		sh.High, sh.Low = eval.OmahaNames(g, known[p], boards[0])
		if len(boards) > 1 {
			for _, b := range boards {
				hn := HandNames{Board: b.String()}
				hn.High, hn.Low = eval.OmahaNames(g, known[p], b)
				sh.Runs = append(sh.Runs, hn)
			}
		}
		v.Showdown = append(v.Showdown, sh)
		shown[v.Players[p]] = known[p]
	}
	for k := range v.Pots {
		p := &v.Pots[k]
		if len(boards) == 1 {
			p.HiHand, p.LoHand = halfNames(g, p.Eligible, p.Hi, p.Lo, shown, boards[0])
			continue
		}
		for j := range p.Runs {
			if j < len(boards) {
				p.Runs[j].HiHand, p.Runs[j].LoHand = halfNames(g, p.Eligible, p.Runs[j].Hi, p.Runs[j].Lo, shown, boards[j])
			}
		}
	}
}

// halfNames names what a pot's halves went for on board: the high of a
// winner of the high half and the low of a winner of the low half ("no
// low" when a hi/lo pot had none), when two or more of its eligible
// players showed down; "" otherwise.
func halfNames(g eval.Game, eligible []string, hi, lo Shares, shown map[string]cards.List, board cards.List) (hiHand, loHand string) {
	contenders := 0
	for _, e := range eligible {
		if shown[e] != nil {
			contenders++
		}
	}
	if contenders < 2 {
		return "", ""
	}
	for name := range hi {
		if hole := shown[name]; hole != nil {
			hiHand = eval.OmahaHigh(hole, board).Name()
			break
		}
	}
	if !g.HasLow() {
		return hiHand, ""
	}
	loHand = "no low"
	for name := range lo {
		if hole := shown[name]; hole != nil {
			if l, ok := eval.OmahaLow(hole, board); ok {
				loHand = l.Name()
			}
			break
		}
	}
	return hiHand, loHand
}

// cardsContradictRecord is the note of a verdict whose record says
// another player won than the cards it shows: every player eligible for
// a contested pot showed his hand (so the cards alone decide those pots,
// RULES.md E1-E3), and, in a hand run once, the record pays a player more
// than his uncontested pots (a pot of one eligible player) while the
// cards give him nothing of the contested ones, or pays nothing to one
// the cards give a share of them. The note names each such player, what
// his hand makes and both amounts, in the hand's money; "" when the
// record does not contradict the cards so (a difference of amounts
// alone, an odd chip, the rake, an uncontested pot the record leaves
// out, is the Differences' to say).
func cardsContradictRecord(v *Verdict, m money.Format) string {
	if v.MatchesRecord == nil || *v.MatchesRecord || len(v.Runs) > 0 || len(v.Showdown) < 2 {
		return ""
	}
	shown := make(map[string]ShownHand, len(v.Showdown))
	for _, sh := range v.Showdown {
		shown[sh.Player] = sh
	}
	// Each player's share of the contested pots, and of the others.
	contested, alone := map[string]int64{}, map[string]int64{}
	for _, p := range v.Pots {
		to := alone
		if len(p.Eligible) >= 2 {
			to = contested
			for _, e := range p.Eligible {
				if _, ok := shown[e]; !ok {
					return ""
				}
			}
		}
		for name, x := range p.Hi {
			to[name] += x
		}
		for name, x := range p.Lo {
			to[name] += x
		}
	}
	var parts []string
	for _, d := range v.Differences {
		if d.Field != "collected" || d.Run != 0 {
			continue
		}
		paysALoser := contested[d.Player] == 0 && d.Recorded > alone[d.Player]
		nothingToAWinner := contested[d.Player] > 0 && d.Recorded == 0
		if !paysALoser && !nothingToAWinner {
			continue
		}
		makes := "his cards"
		if sh, ok := shown[d.Player]; ok {
			makes = sh.High
			if sh.Low != "" {
				makes += "; low " + sh.Low
			}
		}
		parts = append(parts, fmt.Sprintf("%s (%s) collected %s where the cards give %s", d.Player, makes, m.Chips(d.Recorded), m.Chips(d.Replayed)))
	}
	if len(parts) == 0 {
		return ""
	}
	return "site inconsistency: every hand eligible for a contested pot is shown, so the cards decide the pots, and the record pays otherwise: " + strings.Join(parts, "; ")
}
