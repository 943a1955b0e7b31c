#!/usr/bin/env bash
# End-to-end checks on real kits, with real PDF tools: every built-in variant
# in both paper sizes (and every theme, colour and mono), checked by qpdf,
# pdfinfo and pdffonts; determinism; bad input writes nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

need() { command -v "$1" >/dev/null 2>&1; }
if ! need qpdf || ! need pdfinfo || ! need pdffonts || ! need pdftoppm; then
  if [ "$(id -u)" = 0 ]; then
    echo "e2e: installing poppler-utils and qpdf"
    (apt-get update -qq && apt-get install -y -qq poppler-utils qpdf) >/dev/null
  else
    echo "e2e: needs poppler-utils and qpdf (apt-get install poppler-utils qpdf)" >&2
    exit 1
  fi
fi

# Use the binary `cargo test` built for the CLI tests. A plain `cargo build`
# would compile the dependencies again: with the dev-dependencies left out,
# cargo's feature resolver picks other features for some shared crates, so
# it rebuilt 37 artifacts (about 3 minutes). `cargo test --no-run` builds
# the same binary `cargo test` does: after `cargo test` (as in `.ci/run`)
# it compiles nothing, and run on its own it builds what is missing.
cargo test --no-run --quiet
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
bin="$target_dir/debug/taflkit"
[ -x "$bin" ] || { echo "e2e: no taflkit binary at $bin" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Kits keep their puzzles in the cache folder: a temporary one here, never
# the home folder of the machine that runs the checks.
export XDG_CACHE_HOME="$out/cache"
mkdir -p "$XDG_CACHE_HOME"

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# qpdf_ok FILE: `qpdf --check` finds nothing wrong. Its exit status 3
# (warnings) is accepted only when every warning is "input stream is
# complete but output may still be valid": qpdf's Pl_Flate says so when an
# input chunk's inflated bytes end exactly at the end of its output buffer
# and the next inflate call has nothing to do (a boundary case its own
# comment describes), not a fault of the stream. Seen once in 383 kits
# on 2026-11-27 (qpdf 11.3.0, Copenhagen in the Christmas theme, Letter,
# mono): that stream inflated whole, to its end, with nothing after it,
# by Python's zlib and by `qpdf --filtered-stream-data` alike.
qpdf_ok() {
  local f=$1 rc=0 log
  log=$(qpdf --check "$f" 2>&1) || rc=$?
  [ $rc = 0 ] && return 0
  [ $rc = 3 ] || return 1
  echo "$log" | grep -q '^WARNING.*input stream is complete but output may still be valid' || return 1
  if echo "$log" | grep '^WARNING' | grep -qv 'input stream is complete but output may still be valid'; then
    return 1
  fi
  return 0
}

# check_pdf FILE PAPER: structure, page sizes, fonts, viewer preferences.
check_pdf() {
  local f=$1 paper=$2 ok=1
  qpdf_ok "$f" || { fail "$f: qpdf --check"; ok=0; }
  local sizes
  sizes=$(pdfinfo -f 1 -l 999 "$f" | sed -n 's/^Page *[0-9]* size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1 \2/p' | sort -u)
  [ -n "$sizes" ] || { fail "$f: pdfinfo shows no pages"; ok=0; }
  while read -r w h; do
    [ -z "$w" ] && continue
    case "$paper:$w:$h" in
      a4:595.276:841.89|a4:841.89:595.276|a4:595.28:841.89|a4:841.89:595.28) ;;
      letter:612:792|letter:792:612) ;;
      *) fail "$f: page size $w x $h pt is not $paper"; ok=0 ;;
    esac
  done <<<"$sizes"
  # Every font embedded (emb) and subset (sub).
  local bad
  bad=$(pdffonts "$f" | awk 'NR>2 && ($(NF-4)!="yes" || $(NF-3)!="yes")')
  [ -z "$bad" ] || { fail "$f: fonts not embedded and subset: $bad"; ok=0; }
  [ "$(pdffonts "$f" | awk 'NR>2' | wc -l)" -gt 0 ] || { fail "$f: no fonts"; ok=0; }
  qpdf --qdf --object-streams=disable "$f" "$out/qdf.pdf" 2>/dev/null || true
  grep -aq '/PrintScaling */None' "$out/qdf.pdf" || { fail "$f: no /PrintScaling /None"; ok=0; }
  [ $ok = 1 ] && pass
  return 0
}

variants=$("$bin" list | awk '/^variants:/{v=1;next} /^themes:/{v=0} v && NF {print $1}')
themes=$("$bin" list | awk '/^themes:/{t=1;next} t && NF {print $1}')
[ -n "$variants" ] || { echo "e2e: 'taflkit list' shows no variants" >&2; exit 1; }

# Every variant, default theme, both papers.
for v in $variants; do
  for p in a4 letter; do
    if "$bin" build "$v" --paper "$p" -o "$out/$v-$p.pdf" >"$out/log" 2>&1; then
      check_pdf "$out/$v-$p.pdf" "$p"
    else
      fail "build $v --paper $p: $(cat "$out/log")"
    fi
  done
done

# Every variant with every theme, on both papers, in colour and mono.
for v in $variants; do
  for t in $themes; do
    for p in a4 letter; do
      for mono in "" "--mono"; do
        f="$out/x.pdf"
        if "$bin" build "$v" --theme "$t" --paper "$p" $mono -o "$f" >"$out/log" 2>&1; then
          qpdf_ok "$f" && pass || fail "$v/$t/$p$mono: qpdf --check"
        else
          fail "build $v --theme $t --paper $p $mono: $(cat "$out/log")"
        fi
      done
    done
  done
done

# A bare `taflkit build` writes the default kit into the current folder.
( cd "$out" && "$bin" build >"$out/path" 2>/dev/null ) && [ -f "$out/$(head -n1 "$out/path")" ] \
  && pass || fail "bare 'taflkit build' did not write the file it printed"

# Determinism: the same inputs give the same bytes.
"$bin" build york --paper letter -o "$out/d1.pdf" >/dev/null 2>&1
"$bin" build york --paper letter -o "$out/d2.pdf" >/dev/null 2>&1
cmp -s "$out/d1.pdf" "$out/d2.pdf" && pass || fail "two builds of york/letter differ"

# Bad input: exit 1, a message, and nothing written or clobbered.
echo "keep" >"$out/old.pdf"
for args in "no-such-variant" "york --square-mm -3" "york --option berserker" "york --theme /nonexistent"; do
  set +e
  # shellcheck disable=SC2086
  "$bin" build $args -o "$out/old.pdf" >/dev/null 2>"$out/err"
  rc=$?
  set -e
  if [ $rc = 1 ] && [ -s "$out/err" ] && [ "$(cat "$out/old.pdf")" = keep ]; then pass; else
    fail "build $args: exit $rc, message '$(cat "$out/err")', old file $( [ "$(cat "$out/old.pdf")" = keep ] && echo kept || echo changed)"
  fi
done
ls -a "$out" | grep -q '\.part$' && fail "a temporary file was left behind" || pass

# Preview writes one PNG per PDF page.
"$bin" build sea-battle-9-cyningstan -o "$out/p.pdf" >/dev/null 2>&1
"$bin" preview sea-battle-9-cyningstan --out-dir "$out/prev" --dpi 30 >/dev/null 2>&1
pages=$(pdfinfo "$out/p.pdf" | awk '/^Pages:/{print $2}')
pngs=$(ls "$out/prev"/*.png 2>/dev/null | wc -l)
[ "$pages" = "$pngs" ] && pass || fail "preview wrote $pngs PNGs for $pages pages"

# The rules command prints the leaflet's text.
"$bin" rules york | grep -qi "castle\|hall\|centre" && pass || fail "taflkit rules york says nothing of the centre square"

echo "e2e: $passed passed, $failed failed"
[ "$failed" = 0 ]
