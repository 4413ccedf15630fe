package fulltilt

import (
	"strings"

	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// totalPot reads "Total pot $X | Rake $Y" (the rake may be missing).
func (p *parser) totalPot(l sitetext.Line) error {
	b := &p.b
	s := l.S
	parts := strings.Split(s, " | ")
	f := strings.Fields(parts[0])
	if len(f) < 3 {
		return sitetext.LineError(l.N, "bad total pot line %s", sitetext.Quote(s))
	}
	total, err := p.b.Amount(l, f[2])
	if err != nil {
		return err
	}
	b.Total, b.HasTotal = total, true
	for _, part := range parts[1:] {
		if r, ok := strings.CutPrefix(part, "Rake "); ok {
			if b.Rake, err = p.b.Amount(l, strings.TrimSpace(r)); err != nil {
				return err
			}
		}
	}
	return nil
}

// board reads the summary's "Board: [..]": the first settles the board
// dealt (sitetext.Builder.SummaryBoard), the next are the runs' boards.
func (p *parser) board(l sitetext.Line) error {
	b := &p.b
	s := l.S
	c, _, err := sitetext.ParseCards(s[len("Board: "):])
	if err == nil && p.boards == 0 && len(b.Runs) == 0 {
		p.boards++
		return b.SummaryBoard(l, c)
	}
	want := b.RunBoard(p.boards)
	if err != nil || want == nil || c.String() != want.String() {
		return sitetext.LineError(l.N, "%s differs from the board dealt %s", sitetext.Quote(s), want)
	}
	p.boards++
	return nil
}

// seatCards reads a summary seat line's shown cards.
func (p *parser) seatCards(l sitetext.Line) error { return p.b.SeatCards(l, nil) }
