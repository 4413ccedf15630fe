// Package chips is the pure formatter of readable amounts behind
// package money: integer chip units scaled by a chip unit ("0.01"), in a
// currency ("$283.98", "283.98 CAD"), or plain integers. It imports the
// standard library only, so that the readers (handhistory/sitetext) word
// their errors in it while money, which imports handhistory, keeps the
// formats of a hand (money.OfHand). Use it through package money except
// where money cannot be imported.
package chips

import (
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Format writes amounts of one hand. The zero value writes plain
// integers (chips).
type Format struct {
	decimals int    // digits after the point
	scale    int64  // the unit's digits as an integer: 1 for "0.01", 5 for "0.05"
	symbol   string // before the amount
	code     string // after the amount when there is no symbol
}

// Symbols are the currency symbols written before an amount; another
// currency is written as its code after the amount.
var Symbols = map[string]string{"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥"}

// Of is the format of amounts in chips of unit (a decimal such as
// "0.01") in currency (an ISO code, or empty).
func Of(unit, currency string) Format {
	m := Format{scale: 1}
	unit = strings.TrimSpace(unit)
	if unit != "" {
		whole, frac, _ := strings.Cut(unit, ".")
		digits := strings.TrimLeft(whole+frac, "0")
		if n, err := strconv.ParseInt(digits, 10, 64); err == nil && n > 0 && n < 1_000_000 && len(frac) <= 6 {
			m.decimals, m.scale = len(frac), n
		}
	}
	if m.decimals > 0 && currency != "" {
		if s, ok := Symbols[currency]; ok {
			m.symbol = s
		} else {
			m.code = currency
		}
	}
	return m
}

// For is the format of a hand's amounts from its table's chip unit and
// currency: plain integers for tournament chips, else Of(unit, currency).
func For(unit, currency string, tournament bool) Format {
	if tournament {
		return Format{}
	}
	return Of(unit, currency)
}

// Plain reports whether f writes plain integers (chips).
func (f Format) Plain() bool { return f.decimals == 0 && f.symbol == "" && f.code == "" }

// Chips writes n chip units: "$283.98", "0.25 CAD", "1500", "-$0.10".
func (f Format) Chips(n int64) string {
	v := n * max(f.scale, 1)
	neg := v < 0
	if neg {
		v = -v
	}
	s := strconv.FormatInt(v, 10)
	if f.decimals > 0 {
		if len(s) <= f.decimals {
			s = strings.Repeat("0", f.decimals-len(s)+1) + s
		}
		s = s[:len(s)-f.decimals] + "." + s[len(s)-f.decimals:]
	}
	s = f.symbol + s
	if f.code != "" {
		s += " " + f.code
	}
	if neg {
		s = "-" + s
	}
	return s
}

// Expected writes an expectation of x chips (a fraction of chips) to the
// site's precision: rounded to the nearest chip unit (half away from
// zero), so "$0.57" for 57.16 chips of a cent, "1,500" never "1500.25".
func (f Format) Expected(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	return f.Chips(int64(math.Round(x)))
}

// Signed is Chips with a "+" before a positive amount ("+$0.25", "-$1.00",
// "$0.00").
func (f Format) Signed(n int64) string {
	if n > 0 {
		return "+" + f.Chips(n)
	}
	return f.Chips(n)
}

// SignedExpected is Expected with a "+" before a positive amount.
func (f Format) SignedExpected(x float64) string {
	if r := math.Round(x); r > 0 && !math.IsInf(x, 0) {
		return "+" + f.Expected(x)
	}
	return f.Expected(x)
}

// chipNumber is an integer standing alone in an engine message: an amount
// of chips, unless followed by " bet" ("capped at 4 bets") or part of a
// name or a rule ("R10", "p3", "action 14" are not amounts: a letter or
// "action " before it).
var chipNumber = regexp.MustCompile(`(action )?\b\d+\b( bets?\b)?`)

// Amounts rewrites the chip amounts of an engine message ("raise to 25 is
// below the pot-limit minimum 30", "fold, call 150 or raise to 300..800")
// in f; counts of bets, action numbers and names with digits are left
// alone. A plain format returns msg unchanged.
func (f Format) Amounts(msg string) string {
	if f.Plain() {
		return msg
	}
	return chipNumber.ReplaceAllStringFunc(msg, func(s string) string {
		if strings.HasSuffix(s, "bet") || strings.HasSuffix(s, "bets") || s[0] < '0' || s[0] > '9' {
			return s
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return s
		}
		return f.Chips(n)
	})
}

// AmountsBeside is Amounts over the parts of msg outside the names given
// (the hand's players): a digit of a name ("Incognito 3 is to act",
// "Player 5 owes 40") is part of the name, never an amount. Longer names
// are matched first, so that a name holding another is kept whole.
func (f Format) AmountsBeside(msg string, names []string) string {
	if f.Plain() {
		return msg
	}
	keep := make([]string, 0, len(names))
	for _, n := range names {
		if n != "" && strings.ContainsAny(n, "0123456789") && strings.Contains(msg, n) {
			keep = append(keep, n)
		}
	}
	if len(keep) == 0 {
		return f.Amounts(msg)
	}
	sort.Slice(keep, func(i, j int) bool { return len(keep[i]) > len(keep[j]) })
	var b strings.Builder
	for msg != "" {
		at, name := -1, ""
		for _, n := range keep {
			if i := strings.Index(msg, n); i >= 0 && (at < 0 || i < at) {
				at, name = i, n
			}
		}
		if at < 0 {
			b.WriteString(f.Amounts(msg))
			break
		}
		b.WriteString(f.Amounts(msg[:at]))
		b.WriteString(name)
		msg = msg[at+len(name):]
	}
	return b.String()
}
