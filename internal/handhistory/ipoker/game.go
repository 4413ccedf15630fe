package ipoker

import (
	"io"
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// action is one <action> of a game.
type action struct {
	no         int
	player, ty string
	sum        string
	line       int
}

// cardsElem is one <cards> element of a game.
type cardsElem struct {
	ty, player, text string
	line             int
}

// player is one <player> of a game.
type player struct {
	seat                    int
	name                    string
	chips, win, bet, dealer string
	line                    int
}

// raw is a game as the XML holds it.
type raw struct {
	code, start string
	players     []player
	rounds      [5][]action
	cards       [5][]cardsElem
}

// reset empties r, keeping its slices' room.
func (r *raw) reset() {
	*r = raw{players: r.players[:0], rounds: r.rounds, cards: r.cards}
	for k := range r.rounds {
		r.rounds[k], r.cards[k] = r.rounds[k][:0], r.cards[k][:0]
	}
}

// readGame reads one <game> part.
func readGame(b *sitetext.Builder, sess *session, p part, sc *scratch) (*handhistory.Hand, string, error) {
	h := &handhistory.Hand{Site: "ipoker", Format: string(handhistory.FormatIPoker), TableName: sess.table, Tournament: sess.tournament}
	b.Reset(h, 1)
	b.AnySeatNumber = true // seat numbers are not bound by the N-max
	if err := scan(p.text, p.line); err != nil {
		if k := strings.Index(p.text, `gamecode="`); k >= 0 {
			if e := strings.IndexByte(p.text[k+10:], '"'); e >= 0 && e < 40 {
				h.SiteHandID = p.text[k+10 : k+10+e]
			}
		}
		return nil, "", err
	}
	raw, err := decode(p, h, sc)
	if err != nil {
		return nil, "", err
	}
	g, skip, err := gameType(sess, h, p.line)
	if err != nil || skip != "" {
		return nil, skip, err
	}
	if partial(raw) {
		return nil, sitetext.Incomplete(p.line + strings.Count(strings.TrimRight(p.text, "\n"), "\n")), nil
	}
	return build(b, sess, h, raw, g, p.line)
}

// partial reports whether a game is a partial export (fpdb's "partial
// format"): no player has a "bet" or a "win" figure, the game stopping
// after the blinds with no cards dealt. It is an incomplete hand.
func partial(raw *raw) bool {
	for _, pl := range raw.players {
		if pl.bet != "" || pl.win != "" {
			return false
		}
	}
	for _, cs := range raw.cards {
		if len(cs) > 0 {
			return false
		}
	}
	return len(raw.players) > 0
}

// scratch is what reading a file's games reuses from one game to the
// next: the lexer and the decoded game with their buffers.
type scratch struct {
	lx   lexer
	raw  raw
	path []string
}

// decode decodes a game's elements into sc.raw, valid until the next
// game.
func decode(p part, h *handhistory.Hand, sc *scratch) (*raw, error) {
	raw := &sc.raw
	path := sc.path[:0]
	defer func() { sc.path = path[:0] }()
	err := tokens(p.text, p.line, &sc.lx, func(src source) error {
		raw.reset()
		h.SiteHandID = ""
		path = path[:0]
		var text textBuf
		round := -1
		for {
			t, err := src.next()
			if err == io.EOF {
				break
			}
			if xe, ok := err.(*xmlError); ok {
				// A game cut off after a complete element: read as recorded.
				if len(path) > 0 && path[0] == "game" && xe.restBlank && raw.code != "" {
					break
				}
				return sitetext.LineError(xe.line, "bad XML: %s", xe.msg)
			}
			if err != nil {
				return err
			}
			line := t.line
			switch t.kind {
			case tokStart:
				name := t.name
				path = append(path, name)
				text.reset()
				switch {
				case len(path) == 1 && name != "game":
					return sitetext.LineError(line, "want a <game> element, got <%s>", handhistory.Clipped(name))
				case len(path) == 1:
					raw.code = t.attr("gamecode")
					h.SiteHandID = raw.code
					if !sitetext.IsHandID(raw.code) {
						return sitetext.LineError(line, "bad gamecode %s", sitetext.Quote(raw.code))
					}
				case name == "player" && len(path) == 4 && path[2] == "players":
					seat, err := strconv.Atoi(t.attr("seat"))
					if err != nil {
						return sitetext.LineError(line, "bad seat %s of player %s", sitetext.Quote(t.attr("seat")), sitetext.Quote(t.attr("name")))
					}
					raw.players = append(raw.players, player{seat: seat, name: t.attr("name"), chips: t.attr("chips"),
						win: t.attr("win"), bet: t.attr("bet"), dealer: t.attr("dealer"), line: line})
				case name == "round" && len(path) == 2:
					n, err := strconv.Atoi(t.attr("no"))
					if err != nil || n < 0 || n > 4 {
						return sitetext.LineError(line, "bad round number %s", sitetext.Quote(t.attr("no")))
					}
					round = n
				case name == "action" && len(path) == 3 && path[1] == "round":
					no, err := strconv.Atoi(t.attr("no"))
					if err != nil {
						return sitetext.LineError(line, "bad action number %s", sitetext.Quote(t.attr("no")))
					}
					raw.rounds[round] = append(raw.rounds[round], action{no: no, player: t.attr("player"), ty: t.attr("type"), sum: t.attr("sum"), line: line})
				case name == "cards" && len(path) == 3 && path[1] == "round":
					raw.cards[round] = append(raw.cards[round], cardsElem{ty: t.attr("type"), player: t.attr("player"), line: line})
				}
			case tokText:
				text.add(t.text)
			case tokEnd:
				switch {
				case len(path) == 3 && path[1] == "general" && path[2] == "startdate":
					raw.start = strings.TrimSpace(text.String())
				case len(path) == 3 && path[2] == "cards" && path[1] == "round":
					cs := raw.cards[round]
					cs[len(cs)-1].text = strings.TrimSpace(text.String())
				case len(path) == 2 && path[1] == "round":
					round = -1
				}
				path = path[:len(path)-1]
				text.reset()
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if raw.code == "" {
		return nil, sitetext.LineError(p.line, "a <game> without its gamecode")
	}
	return raw, nil
}

// gameType reads the session's <gametype>: game, structure, stakes,
// currency.
func gameType(sess *session, h *handhistory.Hand, line int) (sitetext.GameSpec, string, error) {
	gt := sess.gametype
	if k := strings.Index(gt, " Ante "); k >= 0 {
		gt = gt[:k]
	}
	var g sitetext.GameSpec
	rest := ""
	switch {
	case hasFoldPrefix(gt, "Omaha Hi-Lo "), hasFoldPrefix(gt, "Omaha HiLow "), hasFoldPrefix(gt, "Omaha HiLo "), hasFoldPrefix(gt, "Omaha H/L "):
		g.Game = eval.OmahaHiLo
		rest = gt[strings.IndexByte(gt[6:], ' ')+7:]
	case hasFoldPrefix(gt, "Omaha "):
		g.Game = eval.OmahaHi
		rest = gt[len("Omaha "):]
	default:
		name := gt
		for _, lim := range []string{" NL", " PL", " FL", " L ", " Pot limit", " No limit", " Limit"} {
			if k := strings.Index(name, lim); k > 0 {
				name = name[:k]
				break
			}
		}
		return g, sitetext.NotOmaha(strings.TrimSpace(name)), nil
	}
	limit, stakes, known := rest, "", false
	for _, l := range []struct {
		text string
		s    game.Structure
	}{{"Pot limit", game.PotLimit}, {"No limit", game.NoLimit}, {"Limit", game.FixedLimit}, {"PL", game.PotLimit}, {"LP", game.PotLimit}, {"NL", game.NoLimit}, {"SL", game.NoLimit}, {"LZ", game.NoLimit}, {"FL", game.FixedLimit}, {"L", game.FixedLimit}} {
		if hasFoldPrefix(rest, l.text) && (len(rest) == len(l.text) || rest[len(l.text)] == ' ') {
			g.Structure, limit, stakes, known = l.s, rest[:len(l.text)], strings.TrimSpace(rest[len(l.text):]), true
			break
		}
	}
	if !known {
		return g, "", sitetext.LineError(line, "unknown betting structure %s in the game type %s", sitetext.Quote(limit), sitetext.Quote(sess.gametype))
	}
	h.Table.Game, h.Table.Structure = g.Game, g.Structure
	h.Table.MaxSeats = sess.maxSeats
	play := strings.EqualFold(sess.mode, "play") || strings.EqualFold(sess.mode, "fun")
	if stakes == "" {
		h.Tournament = true
	}
	g.Scale = 100
	h.Table.ChipUnit = "0.01"
	switch {
	case h.Tournament || play:
		g.Scale = 1
		h.Table.ChipUnit = "1"
	default:
		h.Table.Currency = strings.ToUpper(strings.TrimSpace(sess.currency))
		if len(h.Table.Currency) != 3 {
			h.Table.Currency = ""
		}
	}
	if stakes != "" {
		a, c, ok := strings.Cut(stakes, "/")
		x, sx, ok1 := sitetext.ParseAmount(a, g.Scale)
		y, sy, ok2 := sitetext.ParseAmount(c, g.Scale)
		if !ok || !ok1 || !ok2 || x <= 0 || y < x {
			return g, "", sitetext.LineError(line, "bad stakes %s in the game type", sitetext.Quote(stakes))
		}
		if h.Table.Currency == "" && !h.Tournament && !play {
			h.Table.Currency = sitetext.CurrencyCode(sx)
		}
		if err := checkSym(h, sx, line, a); err != nil {
			return g, "", err
		}
		if err := checkSym(h, sy, line, c); err != nil {
			return g, "", err
		}
		g.Stakes, g.HasStakes = [2]int64{x, y}, true
	}
	return g, "", nil
}

// hasFoldPrefix is strings.HasPrefix ignoring ASCII case.
func hasFoldPrefix(s, p string) bool {
	return len(s) >= len(p) && strings.EqualFold(s[:len(p)], p)
}

// textBuf gathers an element's text, at most MaxLineBytes of it (the
// rest is dropped: no field holds a longer text). One piece, the plain
// case, is kept as it is, without a copy; more pieces (comments or CDATA
// sections split the text) are joined in a Builder: appending them to a
// string copied the whole text once per piece, quadratic in a crafted
// file (1.6 MB of session header took 7.7 s).
type textBuf struct {
	one string
	b   strings.Builder
	n   int
}

func (t *textBuf) reset() {
	t.one, t.n = "", 0
	t.b.Reset()
}

func (t *textBuf) add(s string) {
	if s == "" || t.n+len(s) > handhistory.MaxLineBytes {
		return
	}
	if t.n == 0 {
		t.one = s
	} else {
		if t.b.Len() == 0 {
			t.b.WriteString(t.one)
		}
		t.b.WriteString(s)
	}
	t.n += len(s)
}

func (t *textBuf) String() string {
	if t.b.Len() > 0 {
		return t.b.String()
	}
	return t.one
}
