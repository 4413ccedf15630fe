package sitetext

import (
	"strconv"
	"strings"
	"time"
)

// Times and table sizes as the sites write them, read once for every
// reader: a hand's time is its wall clock in RFC 3339 (Clock), with the
// offset of its zone where the site names one (Eastern, or "Z" for UTC);
// a table's size is 2 to MaxSeats seats (SeatCount, MaxTag).

// Clock is the wall-clock time t as RFC 3339 without an offset
// ("2006-01-02T15:04:05"), the form of Hand.Time before its zone.
func Clock(t time.Time) string { return t.Format("2006-01-02T15:04:05") }

// Eastern is t, a US Eastern wall-clock time (read as UTC), as RFC 3339
// with its offset (EasternOffset).
func Eastern(t time.Time) string { return Clock(t) + EasternOffset(t) }

// ParseClock reads s, spaces around it trimmed, in the first of layouts
// it fits; false when it fits none.
func ParseClock(s string, layouts ...string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range layouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// SeatCount reads a table's number of seats ("6", spaces around it
// trimmed): true only for 2 to MaxSeats.
func SeatCount(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	return n, err == nil && n >= 2 && n <= MaxSeats
}

// MaxTag reads a word such as "6-max" (any case) as a table's number of
// seats (SeatCount); false for any other word.
func MaxTag(w string) (int, bool) {
	m, ok := strings.CutSuffix(strings.ToLower(w), "-max")
	if !ok {
		return 0, false
	}
	return SeatCount(m)
}

// HeaderTime reads a header's date and time date (spaces around it
// trimmed) in layout, or is the error of line l naming it.
func HeaderTime(l Line, layout, date string) (time.Time, error) {
	t, err := time.Parse(layout, strings.TrimSpace(date))
	if err != nil {
		return time.Time{}, LineError(l.N, "bad date and time %s in the header", Quote(date))
	}
	return t, nil
}

// EasternOffset returns the US Eastern UTC offset ("-04:00" in daylight
// time, else "-05:00") for the wall-clock time t (read as UTC), by the US
// rules: since 2007 from the second Sunday of March to the first Sunday of
// November, 1987-2006 from the first Sunday of April to the last Sunday of
// October, at 2:00. The repeated autumn hour is read as daylight time. It
// needs no time zone database.
func EasternOffset(t time.Time) string {
	y := t.Year()
	var start, end time.Time
	if y >= 2007 {
		start = nthSunday(y, time.March, 2)
		end = nthSunday(y, time.November, 1)
	} else {
		start = nthSunday(y, time.April, 1)
		end = nthSunday(y, time.November, 1).AddDate(0, 0, -7) // the last Sunday of October
	}
	start = start.Add(2 * time.Hour)
	end = end.Add(2 * time.Hour)
	if !t.Before(start) && t.Before(end) {
		return "-04:00"
	}
	return "-05:00"
}

// nthSunday returns midnight (UTC) of the n-th Sunday of month m in y.
func nthSunday(y int, m time.Month, n int) time.Time {
	d := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	d = d.AddDate(0, 0, (7-int(d.Weekday()))%7)
	return d.AddDate(0, 0, 7*(n-1))
}
