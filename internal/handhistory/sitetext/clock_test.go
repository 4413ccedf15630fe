package sitetext

import (
	"testing"
	"time"
)

func TestClockAndEastern(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in, clock, eastern string
	}{
		{"2021/03/14 01:59:59", "2021-03-14T01:59:59", "2021-03-14T01:59:59-05:00"}, // before the change to daylight time
		{"2021/03/14 02:00:00", "2021-03-14T02:00:00", "2021-03-14T02:00:00-04:00"},
		{"2006/10/29 01:30:00", "2006-10-29T01:30:00", "2006-10-29T01:30:00-04:00"}, // the repeated hour, read as daylight time
		{"2006/10/29 02:00:00", "2006-10-29T02:00:00", "2006-10-29T02:00:00-05:00"},
	} {
		tm, ok := ParseClock(c.in, "2006/01/02 15:04:05")
		if !ok {
			t.Fatalf("%q: not read", c.in)
		}
		if got := Clock(tm); got != c.clock {
			t.Errorf("Clock(%q) = %q, want %q", c.in, got, c.clock)
		}
		if got := Eastern(tm); got != c.eastern {
			t.Errorf("Eastern(%q) = %q, want %q", c.in, got, c.eastern)
		}
	}
}

func TestParseClockLayouts(t *testing.T) {
	t.Parallel()
	layouts := []string{"2006/01/02 15:04:05", "2006/01/02 15:04"}
	for _, c := range []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{" 2019/07/04 20:15:09 ", time.Date(2019, 7, 4, 20, 15, 9, 0, time.UTC), true},
		{"2019/07/04 20:15", time.Date(2019, 7, 4, 20, 15, 0, 0, time.UTC), true}, // the second layout
		{"2019/02/30 20:15:09", time.Time{}, false},                               // no such day
		{"2019/07/04 20:15:09 ET", time.Time{}, false},
		{"", time.Time{}, false},
	} {
		got, ok := ParseClock(c.in, layouts...)
		if ok != c.ok || !got.Equal(c.want) {
			t.Errorf("ParseClock(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	if _, ok := ParseClock("2019/07/04 20:15:09"); ok {
		t.Error("ParseClock with no layout read a time")
	}
}

func TestSeatCountAndMaxTag(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"6", 6, true}, {" 9 ", 9, true}, {"2", 2, true}, {"10", 10, true},
		{"1", 0, false}, {"11", 0, false}, {"0", 0, false}, {"-6", 0, false}, {"six", 0, false}, {"", 0, false},
	} {
		got, ok := SeatCount(c.in)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("SeatCount(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"6-max", 6, true}, {"6-Max", 6, true}, {"9-MAX", 9, true}, {"2-max", 2, true},
		{"1-max", 0, false}, {"12-max", 0, false}, {"6max", 0, false}, {"6-maxi", 0, false}, {"-max", 0, false}, {"max", 0, false},
	} {
		got, ok := MaxTag(c.in)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("MaxTag(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
