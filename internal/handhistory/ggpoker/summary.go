package ggpoker

import (
	"strings"

	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// runsLine reads "Hand was run twice" (or three times).
func (p *parser) runsLine(l sitetext.Line) error {
	n, err := sitetext.RunsSaid(l)
	p.runsSaid = n
	return err
}

// board reads the summary's "Board [..]" of a hand run once, which
// settles the board dealt (sitetext.Builder.SummaryBoard).
func (p *parser) board(l sitetext.Line) error {
	b := &p.b
	s := l.S
	c, _, err := sitetext.ParseCards(s[len("Board "):])
	if err != nil || p.boardSaid || len(b.Runs) > 0 {
		return sitetext.LineError(l.N, "%s differs from the board dealt %s", sitetext.Quote(s), b.Board)
	}
	p.boardSaid = true
	return b.SummaryBoard(l, c)
}

// runBoard reads "FIRST Board [..]" (SECOND, THIRD), checked against the
// run's board.
func (p *parser) runBoard(l sitetext.Line) error {
	b := &p.b
	s := l.S
	ord, rest, _ := strings.Cut(s, " Board ")
	k := map[string]int{"FIRST": 0, "SECOND": 1, "THIRD": 2}[ord]
	c, _, err := sitetext.ParseCards(rest)
	if err != nil || k >= len(b.Runs) {
		return sitetext.LineError(l.N, "%s names a run the hand does not have", sitetext.Quote(s))
	}
	// GGPoker writes the first run's whole board, and the later runs'
	// own cards only.
	run := b.Runs[k]
	if k > 0 {
		run = run[len(b.Board):]
	}
	if c.String() != run.String() {
		return sitetext.LineError(l.N, "%s differs from run %d's board %s", sitetext.Quote(s), k+1, run)
	}
	return nil
}

// seatCards reads a summary seat line's shown cards.
func (p *parser) seatCards(l sitetext.Line) error { return p.b.SeatCards(l, nil) }

// totalPot reads "Total pot $2.81 | Rake $0.06 | Jackpot $0.02 | Bingo $0"
// (any number of fees after the total; each is taken from the pot).
func (p *parser) totalPot(l sitetext.Line) error {
	b := &p.b
	parts := strings.Split(l.S, " | ")
	total, err := p.b.Amount(l, strings.TrimPrefix(parts[0], "Total pot "))
	if err != nil {
		return err
	}
	b.Total, b.HasTotal = total, true
	for _, part := range parts[1:] {
		k := strings.LastIndexByte(part, ' ')
		if k < 0 {
			return sitetext.LineError(l.N, "bad total pot line %s", sitetext.Quote(l.S))
		}
		x, err := p.b.Amount(l, part[k+1:])
		if err != nil {
			return err
		}
		b.Rake += x
	}
	if b.Rake > b.Total {
		return sitetext.LineError(l.N, "fees larger than the pot in %s", sitetext.Quote(l.S))
	}
	return nil
}
