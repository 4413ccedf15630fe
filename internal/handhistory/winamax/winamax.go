package winamax

import (
	"strings"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

type parser struct {
	b         sitetext.Builder
	bb        int64 // the stakes' big blind (fixed-limit: the small bet)
	boardSaid bool
	potNames  []string // the pots named by collected lines, in order
	potAmts   []int64
}

func (p *parser) parse(lines []sitetext.Line) (*handhistory.Hand, string, error) {
	b := &p.b
	b.Reset(&handhistory.Hand{Site: "winamax", Format: string(handhistory.FormatWinamax)}, 100)
	p.bb, p.boardSaid = 0, false
	b.MendsBoard = true // the summary's "Board: [..]" settles a misprinted street line
	p.potNames, p.potAmts = p.potNames[:0], p.potAmts[:0]
	head := lines[0]
	skip, err := p.header(head)
	if err != nil || skip != "" {
		return b.Hand, skip, err
	}
	table := "Table: '" // "Table: '...' 6-max Seat #1 is the button"
	if len(lines) > 1 && strings.HasPrefix(lines[1].S, "Table '") {
		table = "Table '" // 2021: "Table 'Nagoya' 5-max (real money) Seat #3 is the button"
	}
	if skip, err := b.ReadBody(lines, table, p.seat, p.b.Route(p.marker, summaryLines.For(p), p.play)); err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if len(p.potNames) > 1 || len(p.potNames) == 1 && p.potNames[0] != "pot" {
		// Main pot first, then the side pots in order.
		b.Pots = b.Pots[:0]
		for _, want := range []string{"main pot", "side pot 1", "side pot 2", "side pot 3", "side pot 4", "side pot 5", "side pot 6", "side pot 7", "side pot 8", "side pot 9"} {
			for k, n := range p.potNames {
				if n == want {
					b.Pots = append(b.Pots, p.potAmts[k])
				}
			}
		}
		if len(b.Pots) != len(p.potNames) {
			b.Pots = b.Pots[:0]
		}
		p.dropUncalledPot()
	}
	b.SetTableBets()
	return b.Hand, "", b.Assemble(head.N)
}

// dropUncalledPot removes from the pots a last side pot that is an
// uncalled bet: Winamax names the excess of the largest bet over the
// second largest a side pot of its own, collected by the bettor alone
// and never raked; the model's pots do not hold it (it is returned).
func (p *parser) dropUncalledPot() {
	b := &p.b
	if len(b.Pots) < 2 {
		return
	}
	big, second := -1, int64(0)
	for i := range b.Seats {
		if big < 0 || b.Seats[i].In > b.Seats[big].In {
			if big >= 0 {
				second = max(second, b.Seats[big].In)
			}
			big = i
		} else {
			second = max(second, b.Seats[i].In)
		}
	}
	excess := b.Seats[big].In - second
	last := len(b.Pots) - 1
	if excess > 0 && b.Pots[last] == excess && b.Seats[big].Collected >= excess {
		b.Pots = b.Pots[:last]
		b.Total -= excess
	}
}

// summaryLines are Winamax's summary lines that count: the total pot and
// rake, the board and the seats' shown cards.
var summaryLines = sitetext.SummaryLines[*parser]{
	{Prefix: "Total pot ", Read: (*parser).totalPot},
	{Prefix: "Board: [", Read: (*parser).board},
	{Prefix: "Seat ", Read: (*parser).seatCards},
}
