package sitetext

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
)

// ReadGroupedHands is ReadHands (data's first line the file's line
// first) for sites whose hand starts with a group of header lines, any
// of which may be missing ("Game #N starts.", "#Game No : N", "***** ...
// Hand History for Game N *****"): a hand starts at a line isHead accepts
// whose previous non-blank line it did not accept, and runs to the next
// such line. Text before the first hand is reported as a first Entry with
// an error naming its line; a hand with a line over MaxLineBytes is an
// error naming that line. The error return is for data without any header
// line. Only one hand's lines are held at a time, at most MaxHandLines of
// them (see eachHand).
func ReadGroupedHands(data []byte, first int, site, example string, isHead Header, parse ParseHand) ([]handhistory.Entry, error) {
	var (
		entries []handhistory.Entry
		lines   []Line // the hand being read: at most MaxHandLines
		over    int    // its first line past MaxHandLines, 0 when none
		pre     *Line
	)
	flush := func() {
		if len(lines) > 0 && !handhistory.HandsFull(&entries, lines[0].N) {
			entries = append(entries, entry(len(entries)+1, lines, over, parse))
		}
		lines, over = lines[:0], 0
	}
	r := newLines(string(data), first)
	started, prevHead := false, false
	for {
		l, ok := r.next()
		if !ok {
			break
		}
		head := isHead(l.S)
		switch {
		case head && !prevHead:
			flush()
			started = true
		case !started:
			if pre == nil {
				x := l
				pre = &x
			}
			prevHead = head
			continue
		}
		prevHead = head
		if len(lines) == handhistory.MaxHandLines {
			if over == 0 {
				over = l.N
			}
			continue
		}
		lines = append(lines, l)
	}
	flush()
	if !started {
		return nil, &fault.Error{Kind: fault.Invalid, Action: -1, Message: fmt.Sprintf("no %s hand header (%q) found", site, example)}
	}
	return withPreamble(pre, entries), nil
}

// cardToken reads one card token in any of the sites' languages: the suit
// is the last letter (c, d, h, s), the rank before it "2".."9", "T" or
// "10", "J", "Q", "K", "A", and the Dutch "B" (boer, jack), "V" (vrouw,
// queen), "H" (heer, king), the Swedish "Kn" (knekt, jack), "D" (dam,
// dame: queen) and "E" (ess, ace). A French "V" (valet) would read as a
// queen: no French record is known, and a misread card is found as a
// duplicate or a showdown difference, not silently.
func cardToken(tok string) (cards.Card, bool) {
	if len(tok) < 2 {
		return 0, false
	}
	rank, suit := tok[:len(tok)-1], tok[len(tok)-1]
	var r cards.Rank
	switch strings.ToUpper(rank) {
	case "2", "3", "4", "5", "6", "7", "8", "9":
		r = cards.Rank(rank[0] - '2')
	case "T", "10":
		r = cards.Ten
	case "J", "B", "KN":
		r = cards.Jack
	case "Q", "V", "D":
		r = cards.Queen
	case "K", "H":
		r = cards.King
	case "A", "E":
		r = cards.Ace
	default:
		return 0, false
	}
	su, ok := SuitLetter(suit)
	if !ok {
		return 0, false
	}
	return cards.New(r, su), true
}

// BracketCards reads the cards of the first "[...]" of s with
// cardToken ("[ 7c, Ah, 2c ]", "[  7d Ah 6s 2h ]"); rest is s after the
// "]". ok is false when s has no bracket.
func BracketCards(line int, s string) (c cards.List, rest string, ok bool, err error) {
	a := strings.IndexByte(s, '[')
	if a < 0 {
		return nil, s, false, nil
	}
	b := strings.IndexByte(s[a:], ']')
	if b < 0 {
		return nil, s, false, LineError(line, "unclosed card list in %s", Quote(s))
	}
	list := s[a+1 : a+b]
	for len(list) > 0 {
		k := strings.IndexAny(list, " ,")
		f := list
		if k >= 0 {
			f, list = list[:k], list[k+1:]
		} else {
			list = ""
		}
		if f == "" {
			continue
		}
		x, good := cardToken(f)
		if !good {
			return nil, s, true, LineError(line, "bad card %s in %s", Quote(f), Quote(s))
		}
		if c == nil {
			c = make(cards.List, 0, 4)
		}
		c = append(c, x)
	}
	return c, s[a+b+1:], true, nil
}

// GroupedReader returns the Reader.ReadPart of a site whose hands start
// with a group of header lines (ReadGroupedHands; name and example for
// its error), each hand read by parse with one Builder reset to a new
// Hand of site and format f, its seats numbered whatever the table's
// N-max (AnySeatNumber). A hand not read is still named by its
// SiteHandID.
func GroupedReader(name, example, site string, f handhistory.Format, isHead Header, parse func(*Builder, []Line) (*handhistory.Hand, string, error)) func([]byte, int) ([]handhistory.Entry, error) {
	return func(data []byte, first int) ([]handhistory.Entry, error) {
		var b Builder
		return ReadGroupedHands(data, first, name, example, isHead, func(lines []Line) (*handhistory.Hand, string, error) {
			h := &handhistory.Hand{Site: site, Format: string(f)}
			b.Reset(h, 1)
			b.AnySeatNumber = true
			hand, skip, err := parse(&b, lines)
			if hand == nil {
				hand = &handhistory.Hand{SiteHandID: h.SiteHandID}
			}
			return hand, skip, err
		})
	}
}

// GroupedSite is the Reader of format f for a site whose hands start
// with a group of header lines (isHead accepts them; GroupedReader reads
// them, name, example and site as it takes them): its signature is a
// header line starting "***** ", as the "#Game No : N" line starts the
// hands of 888poker and of PartyPoker alike.
func GroupedSite(f handhistory.Format, name, example, site string, isHead Header, parse func(*Builder, []Line) (*handhistory.Hand, string, error)) handhistory.Reader {
	return handhistory.Reader{
		Format:     f,
		Name:       name,
		Signature:  func(l string) bool { return strings.HasPrefix(l, "***** ") && isHead(l) },
		HandStarts: handhistory.GroupStarts(isHead),
		ReadPart:   GroupedReader(name, example, site, f, isHead, parse),
	}
}

// SuitLetter reads a suit's letter, either case: c, d, h, s.
func SuitLetter(b byte) (cards.Suit, bool) {
	switch b {
	case 'c', 'C':
		return cards.Clubs, true
	case 'd', 'D':
		return cards.Diamonds, true
	case 'h', 'H':
		return cards.Hearts, true
	case 's', 'S':
		return cards.Spades, true
	}
	return 0, false
}

// GroupedSeat reads a seat line of the sites whose hands start with a
// group of header lines, "Seat 6: name ( $2,141 )" (888poker,
// PartyPoker): its stack, in parentheses with nothing after them, read by
// amount, and lists the seat. stack is the stack's text. The errors name
// the line.
func (b *Builder) GroupedSeat(l Line, amount func(string) (int64, bool)) (stack string, err error) {
	num, name, amt, tail, err := SeatLine(l, ")")
	if err == nil && tail != "" {
		err = LineError(l.N, "seat line has no stack in parentheses: %s", Quote(l.S))
	}
	if err != nil {
		return "", err
	}
	x, ok := amount(amt)
	if !ok {
		return "", LineError(l.N, "bad stack in %s", Quote(l.S))
	}
	return amt, b.AddSeat(l, num, name, x, false)
}

// GroupedDeal reads the lines of the same sites that deal cards or open
// the summary: "** Dealing down cards **" (the hole cards dealt), "** Dealing
// Flop ** [ Qc, 3s, Ks ]" (DealLine), "Dealt to P [ 7c, Ah, 2c, 5d ]"
// (his hole cards) and "** Summary **" (*summary set). ok is false for
// another line.
func (b *Builder) GroupedDeal(l Line, summary *bool) (ok bool, err error) {
	s := l.S
	switch {
	case s == "** Dealing down cards **":
		if b.Street != Deal {
			return true, nil // a seat that posted acted before it: the deal began then
		}
		return true, b.StartHole(l)
	case s == "** Summary **":
		*summary = true
		return true, nil
	case strings.HasPrefix(s, "** Dealing "):
		return true, b.DealLine(l)
	case strings.HasPrefix(s, "Dealt to "):
		i := b.Player(s[len("Dealt to "):], " ")
		if i < 0 {
			return true, LineError(l.N, "cards dealt to a player not seated: %s", Quote(s))
		}
		c, _, _, err := BracketCards(l.N, s)
		if err != nil {
			return true, err
		}
		return true, b.SetHole(l, i, c)
	}
	return false, nil
}

// PutIn reads the betting actions of the sites that write the chips put
// in (888poker, PartyPoker), verb and arg being the action's first word
// and the rest: "folds" (before a "** Dealing down cards **" line, by a
// seat that posted nothing: not a player of the hand, the line skipped),
// "checks", "calls X" (X put in), "bets X" and
// "raises X" (X more put in), and "is <allIn>X" (X more put in, allIn
// being the site's words: "all-in " on 888poker, "all-In " on
// PartyPoker). amount reads an amount's text, its error naming the line.
// ok is false when verb is none of these.
func (b *Builder) PutIn(l Line, who int, verb, arg, allIn string, amount func(string) (int64, error)) (ok bool, err error) {
	if rest, found := strings.CutPrefix(arg, allIn); found && verb == "is" {
		verb, arg = "bets", rest
	}
	switch verb {
	case "folds":
		if b.holeLine && b.Street == Deal && !b.Seats[who].Used {
			// "Borr_09 folds" before "** Dealing down cards **", with
			// nothing posted: a player who leaves the table (or sits out)
			// before the deal is not a player of the hand. (A record
			// without that line deals before its first action.)
			return true, nil
		}
		return true, b.Fold(l, who)
	case "checks":
		return true, b.Check(l, who)
	case "calls", "bets", "raises":
		x, err := amount(arg)
		if err != nil {
			return true, err
		}
		if verb == "calls" {
			return true, b.Call(l, who, x)
		}
		return true, b.PutMore(l, who, x)
	}
	return false, nil
}

// GroupedHead checks what a grouped hand's header lines gave: its
// SiteHandID (cleared, and an error naming the hand's first line, when it
// is not a hand id), and, body false, that the hand stops after them
// (Incomplete, naming its last line).
func (b *Builder) GroupedHead(lines []Line, body bool) (skip string, err error) {
	if !IsHandID(b.Hand.SiteHandID) {
		b.Hand.SiteHandID = ""
		return "", LineError(lines[0].N, "bad game number in %s", Quote(lines[0].S))
	}
	if !body {
		return Incomplete(lines[len(lines)-1].N), nil
	}
	b.holeLine = slices.ContainsFunc(lines, func(l Line) bool { return l.S == "** Dealing down cards **" })
	return "", nil
}

// GroupedTable reads a grouped hand's lines from lines[i] on, after its
// game line, up to its play: the button line "Seat 6 is the button", the
// seat lines (any other line starting "Seat ", read by seat) and the
// site's other table lines (table reports whether it read one). It
// returns the index of the first line none of these reads, the play's.
// The errors name the line.
func (b *Builder) GroupedTable(lines []Line, i int, seat func(Line) error, table func(Line) (ok bool, err error)) (int, error) {
	for ; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l.S, "Seat ") && strings.HasSuffix(l.S, " is the button") {
			num, err := strconv.Atoi(strings.TrimSuffix(l.S[len("Seat "):], " is the button"))
			if err != nil {
				return i, LineError(l.N, "bad button line %s", Quote(l.S))
			}
			b.Button = num
			continue
		}
		ok, err := table(l)
		switch {
		case err != nil:
			return i, err
		case ok:
		case !strings.HasPrefix(l.S, "Seat "):
			return i, nil
		default:
			if err := seat(l); err != nil {
				return i, err
			}
		}
	}
	return i, nil
}
