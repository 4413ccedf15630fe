#!/usr/bin/env bash
# bench-compare: time Scoop's `scoop equity` against poker-eval's `pokenum`
# on the same Omaha hi/lo cases, each as a whole process (start-up
# included), and print one table. Uses hyperfine when it is installed
# (median of RUNS runs after warm-up), else a plain loop (mean of RUNS runs).
# When pokenum is not on PATH its side is skipped with one line and Scoop's
# figures are still printed.
#
#   scripts/bench-compare.sh [path/to/scoop]     (default bin/scoop)
#   RUNS=200 scripts/bench-compare.sh
#   HYPERFINE= scripts/bench-compare.sh         (the plain loop even with hyperfine)
set -euo pipefail
cd "$(dirname "$0")/.."

SCOOP=${1:-bin/scoop}
RUNS=${RUNS:-100}
if [ ! -x "$SCOOP" ]; then
  echo "bench-compare: $SCOOP not found; run make build first" >&2
  exit 1
fi

# name | scoop arguments | pokenum arguments (-o8: Omaha hi/lo 8 or better,
# -o: Omaha high; the cases are Omaha hi/lo unless the name says otherwise)
# [| runs, when fewer than RUNS: pokenum takes seconds on the Monte Carlo case]
CASES=(
  "3-way flop (666 boards)|equity AsKsQhJh 2c3c4d5d 9h9dTsTc --board 7h8h2s|-o8 As Ks Qh Jh - 2c 3c 4d 5d - 9h 9d Ts Tc -- 7h 8h 2s"
  "heads-up flop (820 boards)|equity AsKsQhJh 2c3c4d5d --board 7h8h2s|-o8 As Ks Qh Jh - 2c 3c 4d 5d -- 7h 8h 2s"
  "heads-up turn (44 boards)|equity AsKsQhJh 2c3c4d5d --board 7h8h2sKd|-o8 As Ks Qh Jh - 2c 3c 4d 5d -- 7h 8h 2s Kd"
  "heads-up preflop (1,086,008 boards)|equity AsKsQhJh 2c3c4d5d|-o8 As Ks Qh Jh - 2c 3c 4d 5d"
  "Omaha High heads-up preflop (1,086,008 boards)|equity --game omaha-hi AsKsQhJh 2c3c4d5d|-o As Ks Qh Jh - 2c 3c 4d 5d"
  "6-way preflop Monte Carlo (10^6 trials)|equity --mode montecarlo --trials 1000000 As2s3dKd QhQcJhTc 5h5d6c7c AcKcJd9s 2h3hTdTs 8s8d4c4d|-mc 1000000 -o8 As 2s 3d Kd - Qh Qc Jh Tc - 5h 5d 6c 7c - Ac Kc Jd 9s - 2h 3h Td Ts - 8s 8d 4c 4d|10"
)

POKENUM=${POKENUM-$(command -v pokenum || true)}
HYPERFINE=${HYPERFINE-$(command -v hyperfine || true)}

# ms CMD...: prints the median (hyperfine) or mean (loop) wall time in ms.
ms() {
  if [ -n "$HYPERFINE" ]; then
    local csv
    csv=$(mktemp)
    "$HYPERFINE" -N --style none --warmup "$((CASE_RUNS < 10 ? CASE_RUNS : 10))" --runs "$CASE_RUNS" --export-csv "$csv" -- "$*" >/dev/null 2>&1 || { rm -f "$csv"; echo "failed"; return; }
    # command,mean,stddev,median,user,system,min,max (seconds)
    awk -F, 'NR==2 {printf "%.2f", $4*1000}' "$csv"
    rm -f "$csv"
  else
    "$@" >/dev/null 2>&1 || { echo "failed"; return; }
    local t0 t1
    t0=$(date +%s%N)
    for _ in $(seq "$CASE_RUNS"); do "$@" >/dev/null 2>&1; done
    t1=$(date +%s%N)
    awk -v d=$((t1 - t0)) -v n="$CASE_RUNS" 'BEGIN {printf "%.2f", d/n/1e6}'
  fi
}

if [ -n "$HYPERFINE" ]; then how="hyperfine, median of $RUNS runs"; else how="a shell loop, mean of $RUNS runs (install hyperfine for medians)"; fi
how="$how; a case with its own runs (Monte Carlo) takes at most those"
echo "Whole-process wall time in ms ($how), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -z "$POKENUM" ]; then
  echo "pokenum (poker-eval) is not on PATH: its column is skipped; Scoop's figures follow."
fi
printf '%-48s %10s %10s\n' "case" "scoop" "pokenum"
for c in "${CASES[@]}"; do
  IFS='|' read -r name sargs pargs runs <<<"$c"
  CASE_RUNS=${runs:-$RUNS}
  [ "$CASE_RUNS" -le "$RUNS" ] || CASE_RUNS=$RUNS
  # shellcheck disable=SC2086 # the arguments are words
  s=$(ms "$SCOOP" $sargs)
  p="skipped"
  if [ -n "$POKENUM" ]; then
    # shellcheck disable=SC2086
    p=$(ms "$POKENUM" $pargs)
  fi
  printf '%-48s %10s %10s\n' "$name" "$s" "$p"
done
