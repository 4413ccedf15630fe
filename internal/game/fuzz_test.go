package game

import (
	"fmt"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// byteSource hands out fuzz bytes; it returns zeros once they run out.
type byteSource struct {
	b []byte
	i int
}

func (s *byteSource) next() byte {
	if s.i >= len(s.b) {
		s.i++
		return 0
	}
	s.i++
	return s.b[s.i-1]
}

func (s *byteSource) intn(n int) int {
	if n <= 0 {
		return 0
	}
	return int(uint16(s.next())<<8|uint16(s.next())) % n
}

func (s *byteSource) done() bool { return s.i >= len(s.b)+64 }

// randomHand drives a State with actions chosen from the fuzz bytes: mostly
// legal ones, sometimes arbitrary ones (which must be rejected cleanly).
// It returns the state and whether it reached a settleable end.
func randomHand(src *byteSource) (*State, bool) {
	n := 2 + src.intn(9)
	cfg := Config{
		Game:            eval.Game(src.intn(2)),
		Structure:       Structure(src.intn(3)),
		Stacks:          make([]int64, n),
		Button:          src.intn(n),
		SmallBet:        int64(src.intn(5)),
		BigBet:          int64(src.intn(9)),
		MinBet:          int64(src.intn(4)),
		MaxBets:         src.intn(6),
		UncappedHeadsUp: src.intn(2) == 1,
		ChipUnit:        int64(src.intn(4)),
	}
	for i := range cfg.Stacks {
		cfg.Stacks[i] = 1 + int64(src.intn(300))
	}
	// Money the site adds to the pot, in about one hand in three, read
	// from the middle of the bytes so that the other choices stay as the
	// stored corpus made them.
	if x := (&byteSource{b: src.b, i: len(src.b) / 3}).intn(60); x < 20 {
		cfg.Added = int64(x)
	}
	// Random posts, mostly from the seats the blinds belong to (R3), so
	// that New accepts most hands; sometimes from any seat.
	sb := -1
	for k := src.intn(6); k > 0; k-- {
		po := Post{Player: src.intn(n), Kind: PostKind(src.intn(5)), Amount: int64(src.intn(12))}
		if src.intn(8) != 0 {
			switch {
			case po.Kind == SmallBlind && n == 2:
				po.Player = cfg.Button
			case po.Kind == SmallBlind:
				po.Player = (cfg.Button + 1) % n
			case po.Kind == BigBlind && sb >= 0:
				po.Player = (sb + 1) % n
			case po.Kind == BigBlind: // no small blind: first or second left of the button
				po.Player = (cfg.Button + 1 + src.intn(2)) % n
			}
		}
		if po.Kind == SmallBlind && sb < 0 {
			sb = po.Player
		}
		cfg.Posts = append(cfg.Posts, po)
	}
	s, err := New(cfg)
	if err != nil {
		return nil, false
	}
	deck := cards.FullDeck
	draw := func() cards.Card {
		c0 := src.intn(cards.NumCards)
		for k := range cards.NumCards {
			c := cards.Card((c0 + k) % cards.NumCards)
			if deck.Has(c) {
				deck = deck.Remove(c)
				return c
			}
		}
		return 0
	}
	for step := 0; step < 400 && !src.done(); step++ {
		if src.intn(16) == 0 { // an arbitrary action
			a := Action{Player: src.intn(n+2) - 1, Kind: ActionKind(src.intn(10)), Amount: int64(src.intn(400)) - 5}
			for k := src.intn(6); k > 0; k-- {
				a.Cards = append(a.Cards, cards.Card(src.intn(60)))
			}
			if err := s.Apply(a); err == nil {
				for _, c := range a.Cards { // dealt, shown or in a hole now
					deck = deck.Remove(c)
				}
			}
			continue
		}
		switch s.Phase() {
		case Betting:
			l, _ := s.Legal()
			a := Action{Player: l.Player}
			switch r := src.intn(8); {
			case r == 0:
				a.Kind = Fold
			case r < 3:
				a.Kind = CheckCall
			case (r < 5 || !l.Raise) && l.Check:
				a.Kind = Check
			case r < 5 || !l.Raise:
				a.Kind = Call
				if src.intn(2) == 0 {
					a.Amount = l.Call
				}
			case l.To != nil:
				a.Kind = BetRaise
				a.Amount = l.To[src.intn(len(l.To))]
			default:
				a.Kind = BetRaise
				a.Amount = l.MinTo + int64(src.intn(int(l.MaxTo-l.MinTo)+1))
			}
			if err := s.Apply(a); err != nil {
				panic(fmt.Sprintf("a legal action was rejected: %v (legal %+v, cfg %+v)", err, l, s.cfg))
			}
		case Dealing, Runout:
			k, run := 1, 0
			if len(s.Board()) == 0 {
				k = 3
			}
			if s.Phase() == Runout {
				// Deal one card to the first run with a short board,
				// labelled with its run number or (for the first) not.
				for j, b := range s.Boards() {
					if len(b) < 5 {
						k, run = 1, j+1
						break
					}
				}
				if run == 1 && src.intn(2) == 0 {
					run = 0
				}
			}
			var cs cards.List
			for range k {
				cs = append(cs, draw())
			}
			if err := s.Apply(Action{Player: -1, Kind: DealBoard, Cards: cs, Run: run}); err != nil {
				panic("a fresh board card was rejected: " + err.Error())
			}
		case Showdown:
			if s.common >= 0 && s.Runs() < 3 && src.intn(3) == 0 { // run it again
				if err := s.Apply(Action{Player: -1, Kind: DealBoard, Cards: cards.List{draw()}, Run: s.Runs() + 1}); err != nil {
					panic("a fresh card for a new run was rejected: " + err.Error())
				}
				continue
			}
			fallthrough
		default:
			for p := 0; p < n; p++ {
				if s.Folded(p) || s.hole[p] != nil {
					continue
				}
				if src.intn(5) == 0 {
					_ = s.Apply(Action{Player: p, Kind: Muck})
					continue
				}
				hole := cards.List{draw(), draw(), draw(), draw()}
				_ = s.Apply(Action{Player: p, Kind: Show, Cards: hole})
			}
			return s, true
		}
	}
	return s, s.Done()
}

func FuzzStateMachine(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x00\x03\x01\x02\x00\x01\x00\x02\x00\x01\x00\x00\x01\x05\x02\x00\x40\x00\x40\x00\x40"))
	f.Add([]byte("the quick brown fox jumps over the lazy dog, raising to the pot every street"))
	f.Add([]byte{0, 9, 0, 1, 0, 2, 0, 0, 0, 2, 0, 4, 0, 3, 0, 0, 0, 1, 1, 0, 1, 44, 1, 44, 1, 44, 0, 200, 0, 7, 0, 7, 0, 7})
	// Heads-up no-limit all-in before the flop, then run more than once.
	f.Add([]byte{0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 50, 0, 50, 0, 0, 0, 7, 0, 7, 0, 0, 0, 7, 0, 7, 0, 7, 0, 7, 0, 7, 0, 7, 0, 7, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		s, done := randomHand(&byteSource{b: data})
		if s == nil || !done {
			return
		}
		src := &byteSource{b: data, i: len(data) / 2}
		var r Rake
		if src.intn(3) == 0 {
			r.Total = int64(src.intn(50))
		}
		st, err := s.Settle(r)
		if err != nil {
			return // e.g. every player in a pot mucked
		}
		before, after, pots, returned := s.cfg.Added, int64(0), int64(0), int64(0)
		for i := range s.cfg.Stacks {
			before += s.cfg.Stacks[i]
			after += st.Finishing[i]
			returned += st.Returned[i]
			if st.Payouts[i] < 0 || st.Finishing[i] < 0 {
				t.Fatalf("negative payout or stack: %+v", st)
			}
		}
		for _, p := range st.Pots {
			pots += p.Amount
			if p.Rake < 0 || p.Rake > p.Amount {
				t.Fatalf("rake %d of pot %d", p.Rake, p.Amount)
			}
			if s.Runs() > 1 {
				var runs int64
				for _, r := range p.Runs {
					runs += r.Amount
				}
				if len(p.Runs) != s.Runs() || runs != p.Amount-p.Rake {
					t.Fatalf("pot %+v: %d runs share %d, want %d runs sharing %d", p, len(p.Runs), runs, s.Runs(), p.Amount-p.Rake)
				}
			}
		}
		for i := range s.cfg.Stacks {
			var won int64
			for _, rp := range st.RunPayouts {
				won += rp[i]
			}
			if st.RunPayouts != nil && won != st.Payouts[i] {
				t.Fatalf("player %d: runs pay %d, payouts %d", i, won, st.Payouts[i])
			}
		}
		if after+st.Rake != before {
			t.Fatalf("chips not conserved: %d + rake %d != %d (%+v)", after, st.Rake, before, st)
		}
		if pots+returned != s.Pot() {
			t.Fatalf("pots %d + returned %d != chips put in %d", pots, returned, s.Pot())
		}
		checkWinBounds(t, s, st)
	})
}

// checkWinBounds checks R12 on a settlement: no pot is negative, and with
// c the chips each player put in net of the uncalled bet returned, a
// player i wins at most sum_j min(c_i, c_j) plus the dead money (antes,
// dead blinds, the money the site added), which is all in the main pot
// that every player still in may win (R12): an all-in player may win the dead money above his own
// amount, and a player with chips behind at a showdown matched every live
// bet. A hand won by folds gives
// every pot to the last player (R13), who may have matched nothing (a fold
// with nothing owed is legal): it is bounded by the whole pot only.
func checkWinBounds(t *testing.T, s *State, st *Settlement) {
	t.Helper()
	for _, p := range st.Pots {
		if p.Amount < 0 {
			t.Fatalf("negative pot %+v", p)
		}
	}
	dead := s.cfg.Added
	for _, d := range s.dead {
		dead += d
	}
	for i := range s.n {
		ci := s.committed[i] - st.Returned[i]
		var bound int64
		for j := range s.n {
			bound += min(ci, s.committed[j]-st.Returned[j])
		}
		switch {
		case s.phase == Over:
			bound = s.Pot()
		default:
			bound += dead
		}
		if st.Payouts[i] > bound {
			t.Fatalf("player %d (in %d, all-in %v) wins %d > %d (%+v)", i, ci, s.stack[i] == 0, st.Payouts[i], bound, st)
		}
	}
}
