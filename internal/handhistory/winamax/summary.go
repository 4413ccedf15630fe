package winamax

import (
	"strings"

	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// totalPot reads "Total pot X | Rake Y" or "Total pot X | No rake", the
// pot after rake.
func (p *parser) totalPot(l sitetext.Line) error {
	b := &p.b
	s := l.S
	total, fee, _ := strings.Cut(s[len("Total pot "):], " | ")
	x, err := p.b.Amount(l, total)
	if err != nil {
		return err
	}
	var rake int64
	switch {
	case fee == "No rake":
	case strings.HasPrefix(fee, "Rake "):
		if rake, err = p.b.Amount(l, fee[len("Rake "):]); err != nil {
			return err
		}
	default:
		return sitetext.LineError(l.N, "bad total pot line %s", sitetext.Quote(s))
	}
	// Winamax's total pot is after rake.
	b.Total, b.Rake, b.HasTotal = x+rake, rake, true
	return nil
}

// board reads the summary's "Board: [..]", which settles the board dealt
// (sitetext.Builder.SummaryBoard); a second is an error.
func (p *parser) board(l sitetext.Line) error {
	b := &p.b
	s := l.S
	c, _, err := sitetext.ParseCards(s[len("Board: "):])
	if err != nil || p.boardSaid {
		return sitetext.LineError(l.N, "%s differs from the board dealt %s", sitetext.Quote(s), b.Board)
	}
	p.boardSaid = true
	return b.SummaryBoard(l, c)
}

// seatCards reads a summary seat line's shown cards.
func (p *parser) seatCards(l sitetext.Line) error { return p.b.SeatCards(l, nil) }
