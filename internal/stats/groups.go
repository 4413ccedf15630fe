package stats

import "slices"

// Block is the statistics (S1-S5) of one group of a player's hands, as a
// Report gives them: the figures over all the group's hands (amounts
// null when they span several ledgers), its one ledger when it has one,
// and the figures of each ledger, cash first.
type Block struct {
	Figures
	Ledger  *Ledger         `json:"ledger"`
	Ledgers []LedgerFigures `json:"ledgers"`
}

// NewBlock derives a group's statistics from its totals per ledger (any
// order; zero-hand totals are left out).
func NewBlock(ledgers []Totals) Block {
	r := NewReport("", ledgers...)
	return Block{Figures: r.Figures, Ledger: r.Ledger, Ledgers: r.Ledgers}
}

// PositionBlock is the statistics of a player's hands from one seat.
type PositionBlock struct {
	Position string `json:"position"` // SeatName
	Block
}

// PositionsReport is the JSON of GET /v1/players/{name}/stats/positions:
// a block per seat he played from, in Seats order (UTG first, BB last).
type PositionsReport struct {
	Player    string          `json:"player"`
	Positions []PositionBlock `json:"positions"`
}

// HoldingBlock is the statistics of a player's hands of one starting-hand
// group of one game.
type HoldingBlock struct {
	Game  string `json:"game"`
	Group string `json:"group"` // HoldingGroups
	Label string `json:"label"` // HoldingLabels
	Block
}

// HoldingsReport is the JSON of GET /v1/players/{name}/stats/holdings: a
// block per game and starting-hand group he held (hands with his cards
// unknown are in none), omaha-hilo first, each game's groups in
// HoldingGroups order.
type HoldingsReport struct {
	Player   string         `json:"player"`
	Holdings []HoldingBlock `json:"holdings"`
}

// GroupTotals are the totals of one ledger of one group, as a store
// returns them (Game "" for a seat).
type GroupTotals struct {
	Game, Group string
	Totals      Totals
}

// groupsOf gathers rows by (game, group) in first-seen order.
func groupsOf(rows []GroupTotals) (keys [][2]string, by map[[2]string][]Totals) {
	by = map[[2]string][]Totals{}
	for _, r := range rows {
		k := [2]string{r.Game, r.Group}
		if _, ok := by[k]; !ok {
			keys = append(keys, k)
		}
		by[k] = append(by[k], r.Totals)
	}
	return keys, by
}

// NewPositionsReport makes player's report by seat from per seat and
// ledger totals.
func NewPositionsReport(player string, rows []GroupTotals) PositionsReport {
	keys, by := groupsOf(rows)
	slices.SortStableFunc(keys, func(a, b [2]string) int { return slices.Index(Seats, a[1]) - slices.Index(Seats, b[1]) })
	out := PositionsReport{Player: player, Positions: []PositionBlock{}}
	for _, k := range keys {
		out.Positions = append(out.Positions, PositionBlock{Position: k[1], Block: NewBlock(by[k])})
	}
	return out
}

// NewHoldingsReport makes player's report by starting-hand group from per
// game, group and ledger totals.
func NewHoldingsReport(player string, rows []GroupTotals) HoldingsReport {
	keys, by := groupsOf(rows)
	rank := func(k [2]string) int {
		i := slices.Index(HoldingGroups[k[0]], k[1])
		if i < 0 {
			i = len(HoldingGroups[k[0]])
		}
		if k[0] != "omaha-hilo" {
			i += 100
		}
		return i
	}
	slices.SortStableFunc(keys, func(a, b [2]string) int { return rank(a) - rank(b) })
	out := HoldingsReport{Player: player, Holdings: []HoldingBlock{}}
	for _, k := range keys {
		out.Holdings = append(out.Holdings, HoldingBlock{Game: k[0], Group: k[1], Label: HoldingLabels[k[1]], Block: NewBlock(by[k])})
	}
	return out
}
