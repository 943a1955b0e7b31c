#!/usr/bin/env bash
# The batch figure of issue 24 (docs/performance.md): the wall time of
# `taflkit build --all --paper a4,letter --out-dir kits` against the sum of
# the 26 single builds (`taflkit build V --paper P`), each with a warm
# puzzle cache, on an otherwise idle machine. Prints both, their CPU, the
# ratio (target at most 0.6 on two cores) and whether the batch's kits are
# byte-identical to the single builds'.
#
#   benches/batch.sh            # uses target/release/taflkit (built if missing)
#   TAFLKIT=path/to/taflkit benches/batch.sh
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${TAFLKIT:-}
if [ -z "$bin" ]; then
  target_dir=${CARGO_TARGET_DIR:-target}
  bin="$target_dir/release/taflkit"
  [ -x "$bin" ] || cargo build --release --quiet
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A cache folder of its own, warmed by one batch: the figures compare
# drawing kits, not the first search for their puzzles.
export XDG_CACHE_HOME="$work/cache"
"$bin" build --all --paper a4,letter --out-dir "$work/warm" >/dev/null 2>&1

now() { date +%s.%N; }
cpu() { awk '{print $14 + $15 + $16 + $17}' "/proc/$$/stat"; }
ticks=$(getconf CLK_TCK)

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) (uptime), $(nproc) cores"
t0=$(now); c0=$(cpu)
"$bin" build --all --paper a4,letter --out-dir "$work/batch" >/dev/null 2>&1
t1=$(now); c1=$(cpu)
mkdir -p "$work/single"
# The built-in variants: the indented lines under "variants:".
variants=$("$bin" list | awk '/^[a-z]/ {section = $1} section == "variants:" && /^  / {print $1}')
for v in $variants; do
  for p in a4 letter; do
    "$bin" build "$v" --paper "$p" --out-dir "$work/single" >/dev/null 2>&1
  done
done
t2=$(now); c2=$(cpu)

batch=$(echo "$t1 - $t0" | bc -l)
single=$(echo "$t2 - $t1" | bc -l)
printf 'batch:  %d kits, %.2f s wall, %.2f s CPU\n' "$(ls "$work/batch" | wc -l)" "$batch" "$(echo "($c1 - $c0) / $ticks" | bc -l)"
printf 'single: %d kits, %.2f s wall, %.2f s CPU\n' "$(ls "$work/single" | wc -l)" "$single" "$(echo "($c2 - $c1) / $ticks" | bc -l)"
printf 'ratio (batch wall / sum of single walls): %.2f\n' "$(echo "$batch / $single" | bc -l)"
if diff -r "$work/batch" "$work/single" >/dev/null; then
  echo "the batch's kits are byte-identical to the single builds'"
else
  echo "the batch's kits differ from the single builds'" >&2
  exit 1
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
