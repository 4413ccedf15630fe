package filter_test

import (
	"errors"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/filter"
)

func TestParse_EachFilterOneMeaning(t *testing.T) {
	q, _ := url.ParseQuery("game=omaha-hilo&structure=pot-limit&site=pokerstars&kind=cash&currency=usd&stakes=10" +
		"&from=2026-01-01T01:00:00%2B01:00&to=2026-02-01T00:00:00Z&ledger=cash/USD/0.01&tag=bad-beat_2&limit=5")
	f, err := filter.Parse(q)
	if err != nil {
		t.Fatal(err)
	}
	if f.Game != "omaha-hilo" || f.Structure != "pot-limit" || f.Site != "pokerstars" || f.Kind != "cash" || f.Currency != "USD" ||
		f.Stakes != 10 || f.Ledger != "cash/USD/0.01" || f.Tag != "bad-beat_2" || f.From == nil || f.From.Hour() != 0 || f.From.Location().String() != "UTC" || f.To == nil {
		t.Fatalf("parsed %+v", f)
	}
	// Values gives the same filter back.
	back, err := filter.Parse(filter.Values(f))
	if err != nil || !reflect.DeepEqual(back, f) {
		t.Errorf("round trip: %+v, %v; want %+v", back, err, f)
	}
}

func TestParse_BadValuesNameTheirParameter(t *testing.T) {
	for _, tc := range []struct{ query, field string }{
		{"game=holdem", "game"},
		{"structure=spread", "structure"},
		{"kind=poker", "kind"},
		{"currency=dollars", "currency"},
		{"currency=U1D", "currency"},
		{"ledger=cash", "ledger"},
		{"ledger=cash/USD/0.01/x", "ledger"},
		{"stakes=0", "stakes"},
		{"stakes=abc", "stakes"},
		{"from=yesterday", "from"},
		{"to=2026-01-01", "to"},
		{"from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", "to"},
		{"from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z", "to"},
		{"site=a&site=b", "site"},
		{"tag=Bluff", "tag"},
		{"tag=a+b", "tag"},
		{"tag=" + strings.Repeat("a", 33), "tag"},
	} {
		q, _ := url.ParseQuery(tc.query)
		_, err := filter.Parse(q)
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Field != tc.field {
			t.Errorf("%s: %v; want invalid naming %s", tc.query, err, tc.field)
		}
	}
}
