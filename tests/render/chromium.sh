#!/usr/bin/env bash
# chromium.sh - proves that a browser draws the SVG of `wolves render`:
# renders the test board of render_test.c to SVG, screenshots it in
# headless Chromium, and looks for the pixels of the forest terrain, the
# water and the rocky pack (the rocky Alpha on A1) in the PNG, decoded with
# python3's zlib (no PIL); then the same position with the game over, for
# the pixels of the legend's panel and of the final scores' panel.  The
# colours are read from the SVG itself, so the check follows cli/render_svg.c
# when its palette changes.
#
# usage: tests/render/chromium.sh [BUILD_DIR]   (default: build; needs
#        BUILD_DIR/render_test, see `make render-test`)
# Ends with "chromium: N passed, N failed"; without Chromium it prints
# "chromium: 0 passed, 0 failed" and says why on stderr.
set -euo pipefail

build=${1:-build}
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() {
  failed=$((failed + 1))
  echo "FAIL: $*" >&2
}
finish() {
  echo "chromium: $passed passed, $failed failed"
  ((failed == 0))
}

browser=""
for candidate in chromium chromium-browser google-chrome; do
  if command -v "$candidate" >/dev/null 2>&1; then
    browser=$candidate
    break
  fi
done
if [[ -z $browser ]]; then
  echo "skipped: no chromium on PATH" >&2
  finish
  exit 0
fi

driver="$build/render_test"
if [[ ! -x $driver ]]; then
  fail "$driver not built (make B=$build $build/render_test)"
  finish
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
svg="$work/board.svg"
png="$work/board.png"

if "$driver" --svg "$svg"; then pass; else fail "render_test --svg"; fi

# Headless Chromium, isolated from any profile and from the network; the
# timeout guards against a browser that never exits.
screenshot() { # SVG PNG
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile" --screenshot="$2" --window-size=1000,700 \
    "file://$1" >"$work/chromium.log" 2>&1 || true
}
screenshot "$svg" "$png"

if [[ -s $png ]]; then pass; else
  fail "no screenshot (see chromium output below)"
  sed 's/^/  /' "$work/chromium.log" >&2
  finish
  exit 1
fi

# A blank 800x600 page compresses to a few hundred bytes; hexes, text and
# pieces make tens of kilobytes.
size=$(wc -c <"$png")
if ((size > 5000)) && [[ $(head -c 8 "$png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]; then
  pass
else
  fail "screenshot is not a PNG of some substance ($size bytes)"
fi

# The first fill="#rrggbb" of an element whose class starts with $1.
fill_of() {
  grep -o "class=\"$1[^>]*fill=\"#[0-9a-f]\{6\}\"" "$svg" | head -n 1 | grep -o '#[0-9a-f]\{6\}' || true
}
forest=$(fill_of 'hex forest')
water=$(fill_of 'hex water')
rocky=$(fill_of 'piece alpha rocky')
if [[ -z $forest || -z $water || -z $rocky ]]; then
  fail "colours not found in the SVG (forest '$forest', water '$water', rocky '$rocky')"
  finish
  exit 1
fi

if ! command -v python3 >/dev/null 2>&1; then
  echo "skipped: pixel checks need python3" >&2
  finish
  exit $?
fi

# Prints, per colour, how many pixels of PNG are within 3 of it on every channel.
count_pixels() { # PNG COLOUR...
  python3 - "$@" <<'EOF'
import struct, sys, zlib

path, colours = sys.argv[1], sys.argv[2:]
data = open(path, "rb").read()
pos, idat, ihdr = 8, b"", None
while pos < len(data):
    (length,) = struct.unpack(">I", data[pos : pos + 4])
    kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
    if kind == b"IHDR":
        ihdr = struct.unpack(">IIBBBBB", body)
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
width, height, depth, ctype, _, _, interlace = ihdr
if depth != 8 or ctype not in (2, 6) or interlace:
    sys.exit("unsupported PNG: depth %d, colour type %d, interlace %d" % (depth, ctype, interlace))
bpp = 3 if ctype == 2 else 4
raw, stride = zlib.decompress(idat), width * bpp
prev, rows, at = bytearray(stride), [], 0
for _ in range(height):
    filt, line = raw[at], bytearray(raw[at + 1 : at + 1 + stride])
    at += 1 + stride
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        if filt == 1:
            line[i] = (line[i] + a) & 255
        elif filt == 2:
            line[i] = (line[i] + b) & 255
        elif filt == 3:
            line[i] = (line[i] + ((a + b) >> 1)) & 255
        elif filt == 4:
            c = prev[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line)
    prev = line
want = [tuple(int(c[k : k + 2], 16) for k in (1, 3, 5)) for c in colours]
found = [0] * len(want)
for line in rows:
    for x in range(0, stride, bpp):
        px = line[x : x + 3]
        for n, (r, g, b) in enumerate(want):
            if abs(px[0] - r) <= 3 and abs(px[1] - g) <= 3 and abs(px[2] - b) <= 3:
                found[n] += 1
print(" ".join(map(str, found)))
EOF
}
counts=$(count_pixels "$png" "$forest" "$water" "$rocky") || counts=""

read -r n_forest n_water n_rocky <<<"${counts:-0 0 0}"
# The test board has 5 forest hexes and 3 water hexes, each some 3000
# pixels at 40px radius; the rocky pieces (Alpha on A1, Lair and Pack on
# D4) a few hundred together.
if ((n_forest > 2000)); then pass; else fail "forest $forest: $n_forest pixels"; fi
if ((n_water > 2000)); then pass; else fail "water $water: $n_water pixels"; fi
if ((n_rocky > 100)); then pass; else fail "rocky pieces $rocky: $n_rocky pixels"; fi

# The game over: the legend (packs, terrains) and the final scores are
# drawn, each on a panel of its own colour some 280 px wide.
over="$work/over.svg"
if "$driver" --over --svg "$over"; then pass; else fail "render_test --over --svg"; fi
svg=$over
legend=$(fill_of 'legend-panel')
scores=$(fill_of 'scores-panel')
if [[ -z $legend || -z $scores ]] || ! grep -q '>Winner: rocky<' "$over"; then
  fail "no legend or scores panel in the SVG of a finished game ('$legend', '$scores')"
  finish
  exit 1
fi
screenshot "$over" "$work/over.png"
read -r n_legend n_scores <<<"$(count_pixels "$work/over.png" "$legend" "$scores" || echo 0 0)"
if ((n_legend > 20000)); then pass; else fail "legend panel $legend: $n_legend pixels"; fi
if ((n_scores > 10000)); then pass; else fail "scores panel $scores: $n_scores pixels"; fi
finish
