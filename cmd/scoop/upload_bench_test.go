package main

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/jobs/jobstest"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// rssKiB is a process's resident set (VmRSS), from /proc.
func rssKiB(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// lastByteReader notes when its last byte was read (by the transport,
// sending it).
type lastByteReader struct {
	r    io.Reader
	last atomic.Int64
}

func (l *lastByteReader) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	if err == io.EOF {
		l.last.CompareAndSwap(0, time.Now().UnixNano())
	}
	return n, err
}

// BenchmarkUpload100MiB posts a 100 MiB PokerStars file (some 84,000
// hands) to POST /v1/imports of a `scoop serve --workers 0` process on
// PostgreSQL, and reports how long the 202 took after the body's last
// byte was sent (answer-ms) and the server's resident memory at its peak
// during the upload above its idle resident memory (rss-MiB, sampled from
// /proc every 5 ms).
func BenchmarkUpload100MiB(b *testing.B) {
	var body []byte
	for n := 80_000; ; n += 4_000 {
		body = jobstest.Hands(b, n, 8_000_000_000)
		if len(body) >= 100<<20 {
			break
		}
	}
	env := []string{"DATABASE_URL=" + storetest.SchemaURL(b, storetest.NewSchema(b))}
	cmd := exec.Command(scoopBinaryB(b), "serve", "--addr", "127.0.0.1:0", "--log", "text", "--workers", "0", "--backfill=false", "--auth", "off", "--metrics-addr", "off")
	cmd.Env = append(os.Environ(), env...)
	url := startScoopServe(b, cmd)
	pid := cmd.Process.Pid
	time.Sleep(500 * time.Millisecond)
	idle := rssKiB(pid)
	var answer time.Duration
	var peak int64
	for b.Loop() {
		var mu sync.Mutex
		stop := make(chan struct{})
		sampled := make(chan struct{})
		go func() {
			defer close(sampled)
			t := time.NewTicker(5 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					if r := rssKiB(pid); r > 0 {
						mu.Lock()
						peak = max(peak, r)
						mu.Unlock()
					}
				}
			}
		}()
		lb := &lastByteReader{r: bytes.NewReader(body)}
		req, _ := http.NewRequest(http.MethodPost, url+"/v1/imports", lb)
		req.ContentLength = int64(len(body))
		req.Header.Set("Content-Type", "text/plain")
		res, err := http.DefaultClient.Do(req)
		got := time.Now()
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		close(stop)
		<-sampled
		if res.StatusCode != http.StatusAccepted {
			b.Fatalf("status %d", res.StatusCode)
		}
		answer += got.Sub(time.Unix(0, lb.last.Load()))
	}
	b.ReportMetric(float64(answer.Milliseconds())/float64(b.N), "answer-ms")
	b.ReportMetric(float64(peak-idle)/1024, "rss-MiB")
	b.ReportMetric(float64(len(body))/(1<<20), "body-MiB")
}
