package bovada

import (
	"strings"

	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// totalPot reads "Total Pot($930) | Rake ($3)", and checks the board the
// summary gave against the board dealt.
func (p *parser) totalPot(l sitetext.Line) error {
	b := &p.b
	s := l.S
	for _, part := range strings.Split(s, " | ") {
		label, amt, ok := strings.Cut(part, "(")
		x, err := b.Amount(l, strings.TrimSuffix(amt, ")"))
		if !ok || err != nil {
			return sitetext.LineError(l.N, "bad total pot line %s", sitetext.Quote(s))
		}
		switch strings.TrimSpace(label) {
		case "Total Pot":
			b.Total, b.HasTotal = x, true
		case "Rake":
			b.Rake, b.RakeSet = x, true
		}
	}
	if b.Board.String() != p.board.String() && p.markers {
		return sitetext.LineError(l.N, "the summary's board %s differs from the board dealt %s", p.board, b.Board)
	}
	return nil
}

// scan reads the summary's board before the play, and whether the record
// writes street lines.
func (p *parser) scan(lines []sitetext.Line) error {
	summary := false
	for _, l := range lines {
		switch {
		case l.S == "*** SUMMARY ***":
			summary = true
		case l.S == "*** HOLE CARDS ***":
			p.holeMarker = true
		case strings.HasPrefix(l.S, "*** FLOP ***"):
			p.markers = true
		case summary && strings.HasPrefix(l.S, "Board "):
			c, unknown, err := sitetext.ParseCards(l.S[len("Board "):])
			if err != nil || unknown > 0 || len(c) > 5 {
				return sitetext.LineError(l.N, "bad board in %s", sitetext.Quote(l.S))
			}
			p.board = c
		}
	}
	return nil
}
