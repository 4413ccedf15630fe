package ggpoker

import (
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

type parser struct {
	b         sitetext.Builder
	cashDrop  int64
	runsSaid  int
	boardSaid bool
}

func (p *parser) parse(lines []sitetext.Line) (*handhistory.Hand, string, error) {
	b := &p.b
	b.Reset(&handhistory.Hand{Site: "ggpoker", Format: string(handhistory.FormatGGPoker)}, 100)
	p.cashDrop, p.runsSaid, p.boardSaid = 0, 0, false
	b.MendsBoard = true // the summary's "Board [..]" settles a misprinted street line
	head := lines[0]
	skip, err := p.header(head)
	if err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if skip, err := b.ReadBody(lines, "Table '", p.seat, p.b.Route(p.marker, summaryLines.For(p), p.play)); err != nil || skip != "" { // "Table '...' 6-max Seat #1 is the button"
		return b.Hand, skip, err
	}
	if p.runsSaid != 0 && p.runsSaid != len(b.Runs) {
		return b.Hand, "", sitetext.LineError(lines[len(lines)-1].N, "the summary says the hand was run %d times, but it was run %d times", p.runsSaid, max(len(b.Runs), 1))
	}
	b.SetTableBets()
	b.Hand.AddedToPot = p.cashDrop // validated by assemble
	return b.Hand, "", b.Assemble(head.N)
}

// summaryLines are GGPoker's summary lines that count: the total pot and
// fees, the boards and runs; seat lines restate the play and give shown
// cards.
var summaryLines = sitetext.SummaryLines[*parser]{
	{Prefix: "Total pot ", Read: (*parser).totalPot},
	{Prefix: "Hand was run ", Read: (*parser).runsLine},
	{Prefix: "Board [", Read: (*parser).board},
	{Prefix: "FIRST Board [", Read: (*parser).runBoard},
	{Prefix: "SECOND Board [", Read: (*parser).runBoard},
	{Prefix: "THIRD Board [", Read: (*parser).runBoard},
	{Prefix: "Seat ", Read: (*parser).seatCards},
}
