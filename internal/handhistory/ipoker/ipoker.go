package ipoker

import (
	"io"
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// iPoker XML hand histories (the iPoker network's client export, also
// saved with a .txt name).
//
// A file holds one or more <session> documents (concatenated files keep
// their <?xml?> declarations); a session's <general> names the game
// ("Omaha PL €0.50/€1", "Omaha Hi-Lo Pot limit $1/$2 Ante $0.00"), the
// table, its currency, the exporting player and the client version, and
// each <game gamecode="N"> is one hand: <general> with its <startdate> and
// <players> (<player seat name chips dealer win bet/>), then <round no="0">
// (blinds and antes) to <round no="4"> (river), each holding <cards>
// (type "Pocket" with a player, "Flop", "Turn", "River") and <action no
// player type sum/> elements. The reader maps each Omaha game onto the
// Hand model:
//
//   - Site "ipoker", SiteHandID the gamecode, TableName the session's
//     table, Time the game's start date and time as the site's clock
//     gives them (RFC 3339 without an offset: the export names no zone).
//   - Players are the seats dealt in (a <cards type="Pocket"> element or
//     an action), in seat order, Stack their "chips"; Button the seat
//     with dealer="1".
//   - Actions are read in the order of their "no" attribute within each
//     round (the export does not write them in order). Types: 1 small
//     blind, 2 big blind (above the stakes' big blind: a dead small blind
//     and a big blind), 15 ante, 0 fold, 9 sitting out (a fold; nothing
//     for a seat with no Pocket cards and no post: not dealt in), 4 check,
//     3 call (the chips put in), 5 bet and 7 all-in (the chips put in: a
//     bet-raise to the round total, or a call for less), 23 raise to the
//     round total, 6 raise by over the current bet; type 8 (no action) is
//     ignored; any other type is an error naming the line.
//   - Hole cards from the "Pocket" cards ("D8 C8 C10 S10", suit first; an
//     unseen card is "X": the player's cards are unknown); board cards
//     from the rounds' Flop, Turn and River cards. A player still in at a
//     showdown whose cards are known shows them (the export has no show
//     lines; unknown cards take no part in the showdown).
//   - Outcome: Collected each player's "win", FinishingStacks chips - bet
//     + win (+ the uncalled bet, for exports whose win leaves it out),
//     Returned zero (see Builder.Assemble), and the rake the chips put
//     in less the chips won (the export states none).
//     Before client version 20 a win includes the uncalled bet given back;
//     from version 20 (or with <uncalled_bet_enabled>true) it leaves it
//     out, and the uncalled bet (the largest "bet" over the second) is
//     added back for the finishing stacks.
//   - Money is in cents for cash games (Table.ChipUnit "0.01"), in chips
//     for tournaments; amounts carry the currency symbol before or after
//     the number, with thousands separators ("€1,000", "$55,756.00"),
//     and their symbol must be the table currency's.
//
// The record is checked against itself: a player's "bet" must be what his
// actions put in, else the finishing stacks differ (reported by the
// replay, not hidden); a card seen twice is an error of kind Impossible.
// Games other than Omaha (Holdem, Stud) are Skipped with the reason. A
// game cut off at the end of the file after a complete element (its
// closing tags missing, as in exports copied while the client wrote them)
// is read as recorded so far; the replay says whether it is complete.
//
// Bounds, checked by a linear scan of each game's text before its XML is
// read (by the lexer of ipoker_xml.go, or encoding/xml's strict Decoder
// for what the lexer leaves to it), so nothing is allocated for hostile
// input beyond the bound: elements nest at most maxDepth deep, an
// element has at most maxAttrs attributes, a tag, a text or a comment
// is at most MaxLineBytes bytes, a game has at most MaxActions actions
// (*fault.Error of kind Impossible) and maxElements elements, and DTDs
// (<!DOCTYPE, entities) are refused. A game breaking a bound, or
// malformed, is an Entry with a *fault.Error naming its line; the other
// games of the file are still read.

// The iPoker reader's bounds (see above).
const (
	// maxDepth is the deepest element nesting read; an iPoker game
	// nests 4 deep (session, game, round, action).
	maxDepth = handhistory.MaxNesting
	// maxAttrs is the most attributes one element may have (a player
	// has about 10).
	maxAttrs = 32
	// maxElements is the most elements one game may have (every action
	// and card list, the players and rounds).
	maxElements = 2*handhistory.MaxActions + 64
)

// session is what a session's <general> says of its games.
type session struct {
	gametype, table, currency, mode, nickname string
	tournament, winsLeaveReturned             bool
	maxSeats                                  int
	line                                      int
}

// part is one game's text (or, when hdr, a session header's).
type part struct {
	text string
	line int // the line where it starts
	hdr  bool
}

// read reads an iPoker XML file (see Read), its lines numbered from
// first (see Reader.ReadPart): an Entry per game. The error return is for
// data holding no <game> element at all.
func read(data []byte, first int) ([]handhistory.Entry, error) {
	text := strings.ReplaceAll(string(data), "\uFEFF", "")
	parts := split(text, first)
	var (
		entries []handhistory.Entry
		sess    session
		hasSess bool
		sessErr error
		b       sitetext.Builder
		sc      scratch // its buffers serve every game
	)
	for _, p := range parts {
		if p.hdr {
			s, ok, err := header(p, &sc.lx)
			if ok || err != nil {
				sess, hasSess, sessErr = s, ok, err
			}
			continue
		}
		if handhistory.HandsFull(&entries, p.line) {
			break
		}
		var (
			h    *handhistory.Hand
			skip string
			err  error
		)
		switch {
		case sessErr != nil:
			err = sessErr
		case !hasSess:
			err = sitetext.LineError(p.line, "a <game> without its session's <general> (game type, table, currency)")
		default:
			h, skip, err = readGame(&b, &sess, p, &sc)
		}
		if h == nil && b.Hand != nil {
			h = &handhistory.Hand{SiteHandID: b.Hand.SiteHandID}
		}
		entries = append(entries, handhistory.NewEntry(len(entries)+1, p.line, h, skip, err))
		b.Hand = nil
	}
	if len(entries) == 0 {
		return nil, &fault.Error{Kind: fault.Invalid, Action: -1, Message: "no iPoker game (\"<game gamecode=...>\") found"}
	}
	return entries, nil
}

// gameStart returns the index in s of the next "<game" start tag, -1
// when none.
func gameStart(s string) int {
	off := 0
	for {
		k := strings.Index(s[off:], "<game")
		if k < 0 {
			return -1
		}
		k += off
		if e := k + len("<game"); e < len(s) {
			switch s[e] {
			case ' ', '\t', '\r', '\n', '>', '/':
				return k
			}
		}
		off = k + len("<game")
	}
}

// split cuts text into session headers and games: a game runs from its
// "<game" to its "</game>", or, when cut off, to the next "<game" or the
// end of the text. Well-formed XML has no raw '<' in attribute values or
// text, so the cut is exact for every file the decoder would accept.
// The text's first line is line first.
func split(text string, first int) []part {
	var parts []part
	line := first
	pos := 0
	for pos < len(text) {
		g := gameStart(text[pos:])
		if g < 0 {
			break
		}
		g += pos
		if strings.TrimSpace(text[pos:g]) != "" {
			parts = append(parts, part{text: text[pos:g], line: line, hdr: true})
		}
		line += strings.Count(text[pos:g], "\n")
		end := len(text)
		next := gameStart(text[g+len("<game"):])
		if next >= 0 {
			next += g + len("<game")
			end = next
		}
		if c := strings.Index(text[g:end], "</game>"); c >= 0 {
			end = g + c + len("</game>")
		}
		parts = append(parts, part{text: text[g:end], line: line})
		line += strings.Count(text[g:end], "\n")
		pos = end
	}
	return parts
}

// scan checks the bounds of an XML text (see the package comment of
// this file) in one linear pass that allocates nothing; line is the line
// the text starts on. The error is a *fault.Error naming the line.
func scan(s string, line int) error {
	depth, elems, actions := 0, 0, 0
	for i := 0; i < len(s); {
		c := s[i]
		if c != '<' {
			j := strings.IndexByte(s[i:], '<')
			if j < 0 {
				j = len(s)
			} else {
				j += i
			}
			line += strings.Count(s[i:j], "\n")
			if j-i > handhistory.MaxLineBytes && strings.TrimSpace(s[i:j]) != "" {
				return sitetext.LineError(line, "a text of %d bytes; at most %d (MaxLineBytes)", j-i, handhistory.MaxLineBytes)
			}
			i = j
			continue
		}
		rest := s[i:]
		var end string
		switch {
		case strings.HasPrefix(rest, "<!--"):
			end = "-->"
		case strings.HasPrefix(rest, "<![CDATA["):
			end = "]]>"
		case strings.HasPrefix(rest, "<!"):
			return sitetext.LineError(line, "a DTD or declaration (%s): not read", sitetext.Quote(rest[:min(len(rest), 20)]))
		case strings.HasPrefix(rest, "<?"):
			end = "?>"
		}
		if end != "" {
			k := strings.Index(rest, end)
			if k < 0 {
				k = len(rest)
			} else {
				k += len(end)
			}
			if k > handhistory.MaxLineBytes {
				return sitetext.LineError(line, "a comment or instruction of %d bytes; at most %d (MaxLineBytes)", k, handhistory.MaxLineBytes)
			}
			line += strings.Count(rest[:k], "\n")
			i += k
			continue
		}
		// An element tag: up to its '>' outside quoted values.
		start := line
		attrs := 0
		var quote byte
		j := i + 1
		for ; j < len(s); j++ {
			b := s[j]
			if b == '\n' {
				line++
			}
			if quote != 0 {
				if b == quote {
					quote = 0
				}
				continue
			}
			if b == '"' || b == '\'' {
				quote = b
				continue
			}
			if b == '=' {
				attrs++
			}
			if b == '>' {
				break
			}
		}
		if j-i > handhistory.MaxLineBytes {
			return sitetext.LineError(start, "a tag of %d bytes; at most %d (MaxLineBytes)", j-i, handhistory.MaxLineBytes)
		}
		if attrs > maxAttrs {
			return sitetext.LineError(start, "an element with %d attributes; at most %d", attrs, maxAttrs)
		}
		switch {
		case j >= len(s): // cut off: the reading reports it
		case i+1 < len(s) && s[i+1] == '/':
			if depth > 0 {
				depth--
			}
		default:
			elems++
			if elems > maxElements {
				return sitetext.LineError(start, "more than %d elements in one game", maxElements)
			}
			if strings.HasPrefix(s[i+1:], "action") && j > i+7 && strings.IndexByte(" \t\r\n/>", s[i+7]) >= 0 {
				actions++
				if actions > handhistory.MaxActions {
					return handhistory.TooManyActions(start, 0)
				}
			}
			if s[j-1] != '/' {
				depth++
				if depth > maxDepth {
					return sitetext.LineError(start, "elements nest deeper than %d (MaxNesting)", maxDepth)
				}
			}
		}
		i = j + 1
	}
	return nil
}

// header reads the last session <general> of a header part; ok is false
// when the part has none.
func header(p part, lx *lexer) (session, bool, error) {
	k := strings.LastIndex(p.text, "<general")
	if k < 0 {
		return session{}, false, nil
	}
	line := p.line + strings.Count(p.text[:k], "\n")
	s := p.text[k:]
	if e := strings.Index(s, "</general>"); e >= 0 {
		s = s[:e+len("</general>")]
	}
	if err := scan(s, line); err != nil {
		return session{}, false, err
	}
	var sess session
	err := tokens(s, line, lx, func(src source) error {
		sess = session{line: line}
		// A value's text may come in many pieces (comments or CDATA
		// sections split it): see textBuf.
		var field string
		var val textBuf
		for {
			t, err := src.next()
			if err == io.EOF {
				return nil
			}
			if xe, ok := err.(*xmlError); ok {
				return sitetext.LineError(xe.line, "bad XML in the session's <general>: %v", xe.msg)
			}
			if err != nil {
				return err
			}
			switch t.kind {
			case tokStart:
				field = t.name
				val.reset()
			case tokText:
				if field != "" {
					val.add(t.text)
				}
			case tokEnd:
				sessionField(&sess, t.name, strings.TrimSpace(val.String()))
				field = ""
			}
		}
	})
	if err != nil {
		return session{}, false, err
	}
	if sess.gametype == "" {
		return session{}, false, sitetext.LineError(line, "the session's <general> has no <gametype>")
	}
	return sess, true, nil
}

// sessionField sets what the session element name, of text v, says.
func sessionField(sess *session, name, v string) {
	switch name {
	case "gametype":
		sess.gametype = v
	case "tablename":
		sess.table = v
	case "tablecurrency", "tournamentcurrency":
		sess.currency = v
	case "currency":
		if sess.currency == "" {
			sess.currency = v
		}
	case "mode":
		sess.mode = v
	case "nickname":
		sess.nickname = v
	case "tournamentcode", "tourcode", "tournamentname":
		sess.tournament = sess.tournament || v != ""
	case "client_version":
		if major, _, _ := strings.Cut(v, "."); major != "" {
			if n, err := strconv.Atoi(major); err == nil && n >= 20 {
				sess.winsLeaveReturned = true
			}
		}
	case "uncalled_bet_enabled":
		if v == "true" {
			sess.winsLeaveReturned = true
		}
	case "tablesize":
		if n, ok := sitetext.SeatCount(v); ok {
			sess.maxSeats = n
		}
	}
}
