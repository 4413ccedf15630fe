#!/usr/bin/env bash
# bench-http: POST /v1/equity throughput and latency of `scoop serve`, with
# wrk on the same machine (scripts/post-equity.lua: a heads-up flop, 820
# boards). Starts the server on a free loopback port with a temporary
# SQLite file, its log piped through `cat` to a file (a log that goes to a
# pipe, as under a process supervisor), runs wrk, stops the server and
# prints wrk's figures and the server's log line count.
#
#   scripts/bench-http.sh [path/to/scoop] [extra serve flags...]
#   DURATION=10s CONNECTIONS=32 THREADS=1 scripts/bench-http.sh bin/scoop --log-sample 1
set -euo pipefail
cd "$(dirname "$0")/.."

SCOOP=${1:-bin/scoop}
shift || true
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-1}
if ! command -v wrk >/dev/null; then
  echo "bench-http: wrk is not installed (Debian: apt-get install wrk); skipping"
  exit 0
fi
if [ ! -x "$SCOOP" ]; then
  echo "bench-http: $SCOOP not found; run make build first" >&2
  exit 1
fi

tmp=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 18080)
mkfifo "$tmp/log"
cat "$tmp/log" >"$tmp/server.log" &
# The rate limits per client (12,000 requests, 600M boards a minute) would refuse wrk,
# one client: lifted; no metrics listener (a second server may run).
SCOOP_SQLITE="$tmp/scoop.db" "$SCOOP" serve --addr "127.0.0.1:$port" --backfill=false --rate-requests 1000000000 --rate-equity 1000000000 --metrics-addr off "$@" >/dev/null 2>"$tmp/log" &
server=$!
for _ in $(seq 1 50); do
  curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && break
  sleep 0.1
done
url="http://127.0.0.1:$port/v1/equity"
# Warm up (first request, connections), then measure.
wrk -t"$THREADS" -c"$CONNECTIONS" -d1s -s scripts/post-equity.lua "$url" >/dev/null
echo "POST /v1/equity heads-up flop: wrk -t$THREADS -c$CONNECTIONS -d$DURATION on $(nproc) cores shared with the server, load $(cut -d' ' -f1-3 /proc/loadavg)"
# The server's CPU time per request (user+system, from /proc) is less
# sensitive than the rates to what else the machine runs.
cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }
before=$(cpu)
wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" -s scripts/post-equity.lua "$url" >"$tmp/wrk.txt"
after=$(cpu)
grep -E 'Requests/sec|requests .*p99|Socket errors|Non-2xx' "$tmp/wrk.txt"
n=$(awk '/^requests [0-9]+,/ {sub(",", "", $2); print $2}' "$tmp/wrk.txt")
awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" -v n="${n:-0}" \
  'BEGIN { if (n > 0) printf "server CPU: %.1f us per request\n", t / hz * 1e6 / n }'
kill "$server"; wait "$server" 2>/dev/null || true; server=""
echo "server log: $(grep -c '"msg":"request"' "$tmp/server.log" || true) request lines"
