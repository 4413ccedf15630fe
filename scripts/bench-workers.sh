#!/usr/bin/env bash
# bench-workers: one against two `scoop worker` processes (each --workers 1)
# analysing the same import on one PostgreSQL, the sizing figures of README's
# "Sizing PostgreSQL": end-to-end hands/s (upload queued to import done: every
# hand stored and analysed), rows written per second, and CPU per 1,000 hands
# of the database (its backends serving the bench database, from /proc), of
# the workers (from /proc) and of the analysis alone (`scoop analyze` on the
# same file, one process): the workers' CPU less the analysis' is the
# pipeline's storing and queueing overhead.
#
#   scripts/bench-workers.sh [path/to/scoop]      (default: built into a temp dir)
#   HANDS=4000 RUNS=3 scripts/bench-workers.sh    (defaults 3000 hands, 1 run each)
#
# Needs PostgreSQL at 127.0.0.1:5432 (user postgres, trust), psql and curl; it
# creates and drops the database scoop_bench_workers.
set -euo pipefail
cd "$(dirname "$0")/.."

HANDS=${HANDS:-3000}
RUNS=${RUNS:-1}
DB=scoop_bench_workers
URL="postgres://postgres@127.0.0.1:5432/$DB?sslmode=disable"
TMP=$(mktemp -d)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
  rm -rf "$TMP"
}
trap cleanup EXIT

SCOOP=${1:-}
if [ -z "$SCOOP" ]; then
  SCOOP=$TMP/scoop
  go build -o "$SCOOP" ./cmd/scoop
fi
TCK=$(getconf CLK_TCK)

# The file: the session's hands again and again under fresh ids (as the
# import-jobs benchmark's jobstest.Hands makes it).
awk -v n="$HANDS" -v base=9900000000 '
  /^PokerStars Game #/ { k++ }
  k > 0 { hand[k] = hand[k] $0 "\n" }
  END {
    for (i = 0; i < n; i++) {
      h = hand[i % k + 1]
      sub(/^PokerStars Game #[0-9]+:/, "PokerStars Game #" (base + i) ":", h)
      printf "%s\n\n", h
    }
  }' examples/ps-session.txt >"$TMP/hands.txt"

# cpu_of PID...: their CPU (user + system) in clock ticks.
cpu_of() {
  local t=0 p
  for p in "$@"; do
    [ -r "/proc/$p/stat" ] || continue
    t=$((t + $(awk '{ print $14 + $15 }' "/proc/$p/stat")))
  done
  echo "$t"
}
# pg_cpu: the CPU of the PostgreSQL backends connected to $DB.
pg_cpu() {
  local pids
  pids=$(pgrep -f "postgres: .* $DB " || true)
  # shellcheck disable=SC2086
  cpu_of $pids
}
rows() {
  psql -h 127.0.0.1 -U postgres -d "$DB" -Atc \
    "SELECT (SELECT count(*) FROM hands) + (SELECT count(*) FROM hand_players) + (SELECT count(*) FROM hand_analyses)"
}

# The analysis alone, one process on one core.
t0=$(date +%s.%N)
/usr/bin/time -f '%U %S' -o "$TMP/analyze.time" "$SCOOP" analyze --json "$TMP/hands.txt" >/dev/null
read -r au as <"$TMP/analyze.time"
echo "analysis alone (scoop analyze --json, $HANDS hands): $(echo "$au $as $HANDS" | awk '{ printf "%.2f s CPU per 1,000 hands, %.0f hands/s", ($1 + $2) * 1000 / $3, $3 / ($1 + $2) }')"

for run in $(seq "$RUNS"); do
  # workers:analysis of the import's hands; "1:none" stores only (the
  # storing's own CPU, the analysis jobs' queueing left out).
  for config in 1:all 2:all 1:none; do
    workers=${config%:*} mode=${config#*:}
    psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB" >/dev/null
    psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $DB" >/dev/null
    DATABASE_URL=$URL "$SCOOP" migrate >/dev/null
    PORT=$((20000 + RANDOM % 20000))
    PIDS=()
    DATABASE_URL=$URL "$SCOOP" serve --addr "127.0.0.1:$PORT" --auth off --workers 0 --backfill=false >"$TMP/serve.log" 2>&1 &
    PIDS+=($!)
    WPIDS=()
    for w in $(seq "$workers"); do
      DATABASE_URL=$URL "$SCOOP" worker --workers 1 --job-analysis "$mode" >"$TMP/worker$w.log" 2>&1 &
      PIDS+=($!)
      WPIDS+=($!)
    done
    for _ in $(seq 100); do
      curl -fs "localhost:$PORT/readyz" >/dev/null 2>&1 && break
      sleep 0.1
    done
    sleep 1 # the workers connected
    pg0=$(pg_cpu)
    w0=$(cpu_of "${WPIDS[@]}")
    t0=$(date +%s.%N)
    id=$(curl -fs "localhost:$PORT/v1/imports" -H 'Content-Type: text/plain' --data-binary @"$TMP/hands.txt" |
      grep -o '"id":"[^"]*"' | head -1 | cut -d'"' -f4)
    while :; do
      state=$(curl -fs "localhost:$PORT/v1/imports/$id" | grep -o '"state":"[^"]*"' | head -1 | cut -d'"' -f4)
      case $state in done | failed | cancelled) break ;; esac
      sleep 0.1
    done
    t1=$(date +%s.%N)
    pg1=$(pg_cpu)
    w1=$(cpu_of "${WPIDS[@]}")
    r=$(rows)
    load=$(cut -d' ' -f1 /proc/loadavg)
    echo "$run $workers $t0 $t1 $pg0 $pg1 $w0 $w1 $r $load $state $mode" | awk -v n="$HANDS" -v tck="$TCK" -v au="$au" -v as="$as" '{
      s = $4 - $3; pg = ($6 - $5) / tck; w = ($8 - $7) / tck; a = ($12 == "all") ? (au + as) : 0
      printf "run %d, %d worker(s), analysis %s: %s in %.1f s, %.0f hands/s, %.0f rows/s (%d rows); database CPU %.2f s per 1,000 hands; workers CPU %.2f s per 1,000 hands (beyond the analysis alone: %.2f s); load %s\n",
        $1, $2, $12, $11, s, n / s, $9 / s, $9, pg * 1000 / n, w * 1000 / n, (w - a) * 1000 / n, $10
    }'
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
  done
done
