package store

import "github.com/scoophq/scoop/internal/stats"

// QueryOf is the hand listing's query for the hand filters f (package
// filter's Parse): f's Player, Game and Legal as the query's own fields,
// the others as its Filter (which must leave those three zero).
func QueryOf(f stats.Filter) Query {
	q := Query{Player: f.Player, Game: f.Game, Legal: f.Legal}
	f.Player, f.Game, f.Legal = "", "", nil
	q.Filter = f
	return q
}
