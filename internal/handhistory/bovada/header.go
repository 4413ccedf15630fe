package bovada

import (
	"slices"
	"strings"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// header reads "Bovada Hand #2605762685 TBL#1218245 OMAHA Pot Limit -
// 2012-05-14 00:54:46", the tournament form "Bovada Hand #N: OMAHA
// HiLo Tournament #T TBL#19, Pot Limit- Level 5 (50/100) - ...", Zone
// Poker's "Ignition Hand #N Zone Poker ID#1232 OMAHA HiLoZonePoker Pot
// Limit - ..." and the form of 2021 on, "... OMAHA Pot Limit [MVS] -
// 2021-03-11 22:58:57 UTC": the hand number, the game and its
// structure, tournament chips.
func (p *parser) header(l sitetext.Line, brand string) (string, error) {
	b := &p.b
	rest := l.S[len(brand+" Hand #"):]
	k := strings.IndexAny(rest, ": ")
	if k < 0 {
		k = len(rest)
	}
	b.Hand.SiteHandID = rest[:k]
	if !sitetext.Digits(strings.TrimPrefix(b.Hand.SiteHandID, "C")) {
		return "", sitetext.LineError(l.N, "bad hand number in %s", sitetext.Quote(l.S))
	}
	// Zone Poker (fast-fold) writes its pool where the table is ("Zone
	// Poker ID#1232") and glues "ZonePoker" to the game ("OMAHA
	// HiLoZonePoker Pot Limit").
	rest = strings.ReplaceAll(rest[k:], "ZonePoker ", " ")
	t := &b.Hand.Table
	switch {
	case strings.Contains(rest, " OMAHA HiLo "):
		t.Game = eval.OmahaHiLo
	case strings.Contains(rest, " OMAHA ") && !strings.Contains(rest, "5 Card") && !strings.Contains(rest, "OMAHA 5"):
		t.Game = eval.OmahaHi
	default:
		title, _, _ := strings.Cut(rest, " - ")
		f := strings.Fields(strings.TrimLeft(title, ": "))
		f = slices.DeleteFunc(f, func(w string) bool { return strings.HasPrefix(w, "TBL#") || strings.HasPrefix(w, "ID#") })
		if len(f) >= 2 && f[0] == "Zone" && f[1] == "Poker" {
			f = f[2:]
		}
		return sitetext.NotOmaha(strings.Join(f, " ")), nil
	}
	known := false
	for _, s := range [...]string{"Pot Limit", "No Limit", "Fixed Limit"} {
		if strings.Contains(rest, s) {
			t.Structure, known = sitetext.StructureOf(s)
		}
	}
	b.Hand.Tournament = strings.Contains(rest, " Tournament #")
	switch {
	case !known && b.Hand.Tournament:
		// Later tournament headers write the tournament's speed where the
		// structure was ("TBL#2, Normal- Level 10") and no other line
		// names it. It is not guessed: not from the bets (a pot-limit
		// hand's are a no-limit hand's too), nor from the game (Bovada
		// has run Omaha Hi/Lo tournaments pot limit and fixed limit, as
		// testdata's 2012 files show).
		return "the tournament's header names no betting structure" + speed(rest) + ", nor does any line of the hand", nil
	case !known:
		return "", sitetext.LineError(l.N, "the header names no betting structure: %s", sitetext.Quote(l.S))
	}
	if b.Hand.Tournament {
		b.Scale, t.ChipUnit = 1, "1"
	} else {
		b.Sym, t.ChipUnit, t.Currency = "$", "0.01", "USD"
	}
	return "", nil
}

// speed returns, for a tournament header's rest "... TBL#2, Normal- Level
// 10 ...", what it writes where older headers name the structure, as "
// (\"Normal\" in its place)"; "" when it is not that form.
func speed(rest string) string {
	_, after, ok := strings.Cut(rest, ", ")
	w, _, found := strings.Cut(after, "- Level ")
	if !ok || !found || w == "" || len(w) > 20 || strings.ContainsAny(w, "\"\\") {
		return ""
	}
	return ` ("` + w + `" in its place)`
}

// seat reads "Seat 1: UTG+2 ($163 in chips)".
func (p *parser) seat(l sitetext.Line) error {
	b := &p.b
	num, who, amt, _, err := sitetext.SeatLine(l, " in chips)")
	if err != nil {
		return err
	}
	stack, err := b.Amount(l, amt)
	if err != nil {
		return err
	}
	return b.AddSeat(l, num, name(who), stack, false)
}

// name is a seat's name as the lines write it: spaces collapsed, the
// exporting player ("Dealer [ME]") Hero.
func name(s string) string {
	if strings.Contains(s, "  ") {
		s = strings.Join(strings.Fields(s), " ")
	}
	if strings.HasSuffix(s, "[ME]") {
		return hero
	}
	return s
}
