package bovada

import (
	"slices"
	"strings"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// parser is one hand's state beyond the builder's.
type parser struct {
	b sitetext.Builder
	// board is the summary's board ("Board [Td 8h Qs 6d 5d]"), read
	// before the play: a record without street lines deals the streets
	// from it as the play reaches them.
	board cards.List
	// markers: the record has street lines ("*** FLOP *** [..]");
	// holeMarker: it has "*** HOLE CARDS ***" (every line before it is of
	// the deal: posts and notices).
	markers, holeMarker bool
	// acted marks the seats that acted in the betting round since its
	// last bet or raise (for a record without street lines).
	acted [sitetext.MaxSeats]bool
	bb    int64 // the big blind posted
	// main and side are what the "Hand result" lines paid from the main
	// pot and from the side pot ("Hand result-Side pot $550.22").
	main, side int64
}

func (p *parser) parse(lines []sitetext.Line) (*handhistory.Hand, string, error) {
	b := &p.b
	if b.Actions == nil { // the first hand of a file: room for most hands
		b.Seats, b.Actions = make([]sitetext.Seat, 0, sitetext.MaxSeats), make([]handhistory.Action, 0, 64)
	}
	head := lines[0]
	brand, site := brandOf(head.S)
	b.Reset(&handhistory.Hand{Site: site, Format: string(Format)}, 100)
	p.board, p.markers, p.holeMarker, p.bb, p.main, p.side = nil, false, false, 0, 0, 0
	clear(p.acted[:])
	if skip, err := p.header(head, brand); err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if len(lines) > 1 && strings.HasPrefix(lines[1].S, "Table Info: ") {
		// Records of 2021 on ("[MVS]"): "Table Info: Version: 1, Type:
		// MVS, Stakes: $0.25-$0.50, Table: 000A031E-0" before the seats.
		lines = append(lines[:1:1], lines[2:]...)
	}
	if err := p.scan(lines); err != nil {
		return b.Hand, "", err
	}
	if skip, err := b.ReadBody(lines, "", p.seat, b.Route(p.marker, summaryLines.For(p), p.line)); err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if !b.RakeSet && !b.Hand.Tournament {
		// A record without "| Rake ($X)" (2014 on): the rake is what the
		// pot held beyond what was paid out.
		var paid int64
		for i := range b.Seats {
			paid += b.Seats[i].Collected
		}
		if r := b.Total - paid; r > 0 && r <= b.Total/10+1 {
			b.Rake = r
		}
	}
	if p.side > 0 && p.pots() == 2 {
		// The site takes the rake from each pot in proportion: the pots
		// after it are what each paid.
		b.Pots = append(b.Pots, p.main, p.side)
	}
	t := &b.Hand.Table
	bb := b.BigBlind(p.bb)
	b.SetBets(t.Structure, bb > 0, bb, 2*bb, bb)
	return b.Hand, "", b.Assemble(head.N)
}

// pots returns the number of pots the chips put in make: one per
// distinct amount put in by the players still in.
func (p *parser) pots() int {
	b := &p.b
	var levels []int64
	for i := range b.Seats {
		if st := &b.Seats[i]; st.Used && !st.Folded && st.In > 0 && !slices.Contains(levels, st.In) {
			levels = append(levels, st.In)
		}
	}
	return len(levels)
}

// summaryLines are Bovada's summary lines that count: "Total Pot($930) |
// Rake ($3)" (the pot with the rake). "Board [..]" is read before the
// play, and the seats' lines restate what the play said.
var summaryLines = sitetext.SummaryLines[*parser]{
	{Prefix: "Total Pot(", Read: (*parser).totalPot},
}

// hero is the name of the player the record marks "[ME]" (the exporting
// player), whatever his seat's name: the seats are named by position,
// which changes from hand to hand.
const hero = "Hero"
