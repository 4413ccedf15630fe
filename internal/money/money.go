// Package money writes a hand's amounts for people as the site shows
// them: integer chip units scaled by the table's chip unit, in its
// currency ("$283.98" for 28398 chips of unit "0.01" in USD, "283.98 CAD"
// for a currency without a symbol here), or plain integers for
// tournament chips and hands that name no unit. Expectations (fractions
// of a chip) are written to the site's precision: the cent, or one chip.
//
// It is the one formatter of readable amounts: the CLI's readable
// output, the API's problem details and (through the same rules in
// internal/web's common.js, checked against this package by the browser
// tests) the pages, and the readable strings of the JSON (a verdict
// error's message and allowed, the readers' errors): JSON's number fields
// keep integer chips.
// The package imports handhistory and its pure formatter, chips (which
// the readers use for their errors); a Format is a value, safe for
// concurrent use.
package money

import (
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/money/chips"
)

// Format writes amounts of one hand (see chips.Format). The zero value
// writes plain integers (chips).
type Format = chips.Format

// Symbols are the currency symbols written before an amount; another
// currency is written as its code after the amount.
var Symbols = chips.Symbols

// OfHand is the format of h's amounts: OfTable, or plain chips for a
// tournament.
func OfHand(h *handhistory.Hand) Format {
	if h == nil {
		return Format{}
	}
	return chips.For(h.Table.ChipUnit, h.Table.Currency, h.Tournament)
}

// OfTable is the format of a table's amounts: its ChipUnit ("0.01", "1";
// plain integers when empty or unreadable) and Currency.
func OfTable(t handhistory.Table) Format {
	return Of(t.ChipUnit, t.Currency)
}

// For is the format of amounts in chips of unit in currency, plain
// integers for tournament chips (chips.For).
func For(unit, currency string, tournament bool) Format { return chips.For(unit, currency, tournament) }

// Of is the format of amounts in chips of unit (a decimal such as
// "0.01") in currency (an ISO code, or empty).
func Of(unit, currency string) Format { return chips.Of(unit, currency) }

// Unit names what h's amounts are in, for a readable header ("amounts
// in USD"): the currency's code for a cash game, "chips" for tournament
// chips, "play chips" for play money (neither a tournament nor a
// currency, as internal/stats counts it).
func Unit(h *handhistory.Hand) string {
	switch {
	case h == nil || h.Tournament:
		return "chips"
	case h.Table.Currency != "":
		return h.Table.Currency
	}
	return "play chips"
}
