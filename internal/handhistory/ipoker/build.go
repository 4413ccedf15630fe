package ipoker

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// checkSym checks that an amount's currency mark is the table's.
func checkSym(h *handhistory.Hand, sym string, line int, s string) error {
	if sym == "" || h.Table.Currency == "" && h.Tournament {
		return nil
	}
	if c := sitetext.CurrencyCode(sym); c != h.Table.Currency {
		return sitetext.LineError(line, "amount %s is not in the table's currency %s", sitetext.Quote(s), h.Table.Currency)
	}
	return nil
}

// amount reads an amount of the game.
func amount(h *handhistory.Hand, g *sitetext.GameSpec, s string, line int, what string) (int64, error) {
	x, sym, ok := sitetext.ParseAmount(s, g.Scale)
	if !ok {
		return 0, sitetext.LineError(line, "bad amount %s (%s)", sitetext.Quote(s), what)
	}
	if err := checkSym(h, sym, line, s); err != nil {
		return 0, err
	}
	return x, nil
}

// parseCards reads "D8 C8 C10 S10" (suit first; "X" unseen) or the
// usual rank-first form.
func parseCards(s string) (cards.List, int, error) {
	var out cards.List
	unknown := 0
	for f := range strings.FieldsSeq(s) {
		switch f {
		case "X", "x", "XX", "xx":
			unknown++
			continue
		}
		if c, ok := suitFirst(f); ok {
			out = append(out, c)
			continue
		}
		if len(f) >= 2 && strings.IndexByte("SHDCshdc", f[0]) >= 0 {
			if c, err := cards.Parse(f[1:] + f[:1]); err == nil && len(c) == 1 {
				out = append(out, c[0])
				continue
			}
		}
		c, err := cards.Parse(f)
		if err != nil || len(c) != 1 {
			return nil, 0, fmt.Errorf("bad card %s", sitetext.Quote(f))
		}
		out = append(out, c[0])
	}
	return out, unknown, nil
}

// suitFirst reads the usual suit-first card ("D8", "c10", "SA"): a
// suit letter then a rank (one character, or "10"), as cards.Parse reads
// the rank then the suit.
func suitFirst(f string) (cards.Card, bool) {
	if len(f) < 2 || len(f) > 3 {
		return 0, false
	}
	su, ok := sitetext.SuitLetter(f[0])
	if !ok {
		return 0, false
	}
	if len(f) == 3 {
		if f[1:] != "10" {
			return 0, false
		}
		return cards.New(cards.Ten, su), true
	}
	var r cards.Rank
	switch b := f[1]; {
	case b >= '2' && b <= '9':
		r = cards.Rank(b - '2')
	case b == 't' || b == 'T':
		r = cards.Ten
	case b == 'j' || b == 'J':
		r = cards.Jack
	case b == 'q' || b == 'Q':
		r = cards.Queen
	case b == 'k' || b == 'K':
		r = cards.King
	case b == 'a' || b == 'A':
		r = cards.Ace
	default:
		return 0, false
	}
	return cards.New(r, su), true
}

// build turns a decoded game into a Hand.
func build(b *sitetext.Builder, sess *session, h *handhistory.Hand, raw *raw, g sitetext.GameSpec, line int) (*handhistory.Hand, string, error) {
	h.Time = parseTime(raw.start)
	// An empty seat is written as a player without a name and with
	// nothing in chips, bet or won (<player seat="1" name="" chips="$0"
	// .../>): no player of the hand. A nameless seat with money is still
	// an error (AddSeat's).
	kept := raw.players[:0]
	for _, pl := range raw.players {
		if pl.name == "" && zeroAmount(pl.chips) && zeroAmount(pl.bet) && zeroAmount(pl.win) {
			continue
		}
		kept = append(kept, pl)
	}
	raw.players = kept
	if len(raw.players) == 0 {
		return nil, "", sitetext.LineError(line, "game %s lists no players", raw.code)
	}
	bets := make([]int64, len(raw.players))
	wins := make([]int64, len(raw.players))
	for k, pl := range raw.players {
		chips, err := amount(h, &g, pl.chips, pl.line, "chips")
		if err != nil {
			return nil, "", err
		}
		if bets[k], err = amount(h, &g, pl.bet, pl.line, "bet"); err != nil {
			return nil, "", err
		}
		if wins[k], err = amount(h, &g, pl.win, pl.line, "win"); err != nil {
			return nil, "", err
		}
		if bets[k] > chips {
			return nil, "", sitetext.LineError(pl.line, "%s bets %s with %s in chips", sitetext.Quote(pl.name), pl.bet, pl.chips)
		}
		if err := b.AddSeat(sitetext.Line{N: pl.line}, pl.seat, pl.name, chips, false); err != nil {
			return nil, "", err
		}
		if pl.dealer == "1" {
			b.Button = pl.seat
		}
	}
	// The uncalled bet by the record's own "bet" figures, for the
	// finishing stacks of exports whose win leaves it out.
	top, second := -1, int64(0)
	for k := range bets {
		if top < 0 || bets[k] > bets[top] {
			if top >= 0 {
				second = max(second, bets[top])
			}
			top = k
		} else {
			second = max(second, bets[k])
		}
	}
	for k := range raw.players {
		st := &b.Seats[k]
		st.Collected = wins[k]
		st.Finish, st.FinishSet = st.Stack-bets[k]+wins[k], true
		if sess.winsLeaveReturned && k == top {
			st.Finish += bets[top] - second
		}
	}
	for r := 0; r < 5; r++ {
		for _, c := range raw.cards[r] {
			known, unknown, err := parseCards(c.text)
			if err != nil {
				return nil, "", sitetext.LineError(c.line, "%v in %s", err, sitetext.Quote(c.text))
			}
			switch c.ty {
			case "Pocket":
				i := b.Named(c.player)
				if i < 0 {
					return nil, "", sitetext.LineError(c.line, "cards dealt to %s, who is not seated", sitetext.Quote(c.player))
				}
				b.Seats[i].Used = true
				switch {
				case len(known) == 4 && unknown == 0:
					if err := b.SetHole(sitetext.Line{N: c.line}, i, known); err != nil {
						return nil, "", err
					}
				case len(known) == 0:
				default:
					return nil, "", sitetext.LineError(c.line, "%d known and %d unseen hole cards for %s; Omaha deals 4", len(known), unknown, sitetext.Quote(c.player))
				}
			case "Flop", "Turn", "River":
				want := 4 // River
				switch c.ty {
				case "Flop":
					want = 2
				case "Turn":
					want = 3
				}
				if r != want || unknown > 0 {
					return nil, "", sitetext.LineError(c.line, "%s cards %s in round %d", c.ty, sitetext.Quote(c.text), r)
				}
				if err := b.DealNext(sitetext.Line{N: c.line}, known); err != nil {
					return nil, "", err
				}
			default:
				return nil, "", sitetext.LineError(c.line, "cards of type %s: not an Omaha deal", sitetext.Quote(c.ty))
			}
		}
		acts := raw.rounds[r]
		slices.SortStableFunc(acts, func(x, y action) int { return cmp.Compare(x.no, y.no) })
		for _, a := range acts {
			if err := act(b, h, &g, r, a); err != nil {
				return nil, "", err
			}
			if len(b.Actions) > handhistory.MaxActions {
				return nil, "", handhistory.TooManyActions(a.line, 0)
			}
		}
	}
	var bb int64
	if g.HasStakes {
		bb = g.Stakes[1]
	}
	b.SetBets(g.Structure, g.HasStakes, g.Stakes[0], g.Stakes[1], bb)
	b.Settle = sitetext.Settlement{Derived: true, WinsWithReturned: !sess.winsLeaveReturned, AutoShow: true}
	if err := b.Assemble(line); err != nil {
		return nil, "", err
	}
	return b.Hand, "", nil
}

// act applies one action of round r.
func act(b *sitetext.Builder, h *handhistory.Hand, g *sitetext.GameSpec, r int, a action) error {
	i := b.Named(a.player)
	if i < 0 {
		return sitetext.LineError(a.line, "action by %s, who is not seated", sitetext.Quote(a.player))
	}
	x, err := amount(h, g, a.sum, a.line, "sum")
	if a.sum == "" {
		x, err = 0, nil
	}
	if err != nil {
		return err
	}
	if r == 0 {
		switch a.ty {
		case "1", "2", "15", "8":
		default:
			return sitetext.LineError(a.line, "action type %s before the deal", sitetext.Quote(a.ty))
		}
	} else if a.ty == "1" || a.ty == "2" || a.ty == "15" {
		return sitetext.LineError(a.line, "a blind or ante (type %s) after the deal", a.ty)
	}
	switch a.ty {
	case "1":
		return b.Post(sitetext.Line{N: a.line}, i, game.SmallBlind, x)
	case "2":
		if bb := g.Stakes[1]; g.HasStakes && g.Structure != game.FixedLimit && x > bb && len(b.Posts) > 0 {
			// Both blinds at once: the small blind's part is dead.
			if err := b.Post(sitetext.Line{N: a.line}, i, game.Dead, x-bb); err != nil {
				return err
			}
			return b.Post(sitetext.Line{N: a.line}, i, game.BigBlind, bb)
		}
		return b.Post(sitetext.Line{N: a.line}, i, game.BigBlind, x)
	case "15":
		return b.Post(sitetext.Line{N: a.line}, i, game.Ante, x)
	case "8":
		return nil
	case "9":
		if !b.Seats[i].Used {
			// Sitting out with no cards dealt and nothing posted: not a
			// player of the hand.
			return nil
		}
		return b.Fold(sitetext.Line{N: a.line}, i)
	case "0":
		return b.Fold(sitetext.Line{N: a.line}, i)
	case "4":
		return b.Check(sitetext.Line{N: a.line}, i)
	case "3":
		return b.Call(sitetext.Line{N: a.line}, i, x)
	case "5", "7":
		return b.PutMore(sitetext.Line{N: a.line}, i, x)
	case "23":
		return b.BetTo(sitetext.Line{N: a.line}, i, x)
	case "6":
		return b.BetTo(sitetext.Line{N: a.line}, i, b.CurBet+x)
	default:
		return sitetext.LineError(a.line, "unknown action type %s", sitetext.Quote(a.ty))
	}
}

// zeroAmount reports whether an iPoker amount attribute says nothing or
// zero ("", "0", "$0", "€0.00", "0,00").
func zeroAmount(s string) bool {
	for _, r := range s {
		switch {
		case r == '0', r == '.', r == ',', r == ' ':
		case r >= '1' && r <= '9':
			return false
		}
	}
	return true
}

// parseTime returns the start date as RFC 3339 without an offset, "" when
// it is in no known form.
func parseTime(s string) string {
	t, ok := sitetext.ParseClock(s, "2006-01-02 15:04:05", "02-01-2006 15:04:05", "02/01/2006 15:04:05", "02.01.2006 15:04:05", "2006/01/02 15:04:05", "02-Jan-2006 15:04:05", "02-Jan-2006 15:04")
	if !ok {
		return ""
	}
	return sitetext.Clock(t)
}
