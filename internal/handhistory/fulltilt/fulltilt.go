package fulltilt

import (
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

type parser struct {
	b      sitetext.Builder
	bb     int64
	cap    int64 // the capped game's cap, 0 when none
	boards int   // the summary's "Board: [..]" lines read
}

func (p *parser) parse(lines []sitetext.Line) (*handhistory.Hand, string, error) {
	b := &p.b
	b.Reset(&handhistory.Hand{Site: "fulltilt", Format: string(handhistory.FormatFullTilt)}, 100)
	b.MendsBoard = true // the summary's "Board: [..]" settles a misprinted street line
	p.bb, p.cap, p.boards = 0, 0, 0
	head := lines[0]
	skip, err := p.header(head)
	if err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if skip, err := b.ReadBody(lines, "", p.seat, p.b.Route(p.marker, summaryLines.For(p), p.play)); err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if b.Button == 0 {
		return b.Hand, "", sitetext.LineError(head.N, "hand has no \"The button is in seat #N\" line")
	}
	b.SetTableBets()
	return b.Hand, "", b.Assemble(head.N)
}

// summaryLines are Full Tilt's summary lines that count: the total pot
// and rake, the boards and the seats' shown cards.
var summaryLines = sitetext.SummaryLines[*parser]{
	{Prefix: "Total pot ", Read: (*parser).totalPot},
	{Prefix: "Board: [", Read: (*parser).board},
	{Prefix: "Seat ", Read: (*parser).seatCards},
}
