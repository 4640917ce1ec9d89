#!/usr/bin/env bash
# chromium.sh - proves that a browser draws the SVG of `wolves render`:
# renders the test board of render_test.c to SVG, screenshots it in
# headless Chromium, and looks for the pixels of the forest terrain, the
# water and the rocky pack (the rocky Alpha on A1) in the PNG, decoded with
# python3's zlib (no PIL); then the same position with the game over, for
# the pixels of the legend's panel and of the final scores' panel.  The
# colours are read from the SVG itself, so the check follows cli/report/render_svg.c
# when its palette changes.  Then the HTML report of `wolves check --html`
# on failing fixtures (with BUILD_DIR/wolves): loaded at two window widths,
# every section laid out, no picture nor text past the page's edge, its
# box or its panel (measured by a script added to a copy: the report has
# none), and its pixels in a screenshot.
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
screenshot() { # SVG PNG [WIDTH,HEIGHT]
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile" --screenshot="$2" --window-size="${3:-1000,700}" \
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

# ---- the HTML report ----
wolves="$(cd "$build" && pwd)/wolves"
if [[ ! -x $wolves ]]; then
  echo "skipped: the HTML report needs $wolves" >&2
  finish
  exit $?
fi
here=$(cd "$(dirname "$0")/../.." && pwd)
cp -R "$here/tests/cli/fixtures" "$work/fx"
report="$work/report.html"
status=0
(cd "$work/fx" && "$wolves" check --html "$report" scenarios/tiny.yaml wrong/expect.yaml \
  wrong/golden-diff.yaml >/dev/null) || status=$?
if ((status == 1)) && [[ -s $report ]]; then pass; else
  fail "check --html: status $status"
  finish
  exit 1
fi

# The measuring copy: what the browser laid out, written into the page.
measure='<script>
window.addEventListener("load", function () {
  var W = document.documentElement.clientWidth, bad = [];
  function out(r, b) { return r.x < b.x - 0.5 || r.y < b.y - 0.5 || r.x + r.width > b.x + b.width + 0.5 ||
    r.y + r.height > b.y + b.height + 0.5; }
  document.querySelectorAll("body *").forEach(function (e) {
    if (e.closest("svg") && e.tagName.toLowerCase() !== "svg") return;
    var r = e.getBoundingClientRect();
    if (r.width > 0 && (r.left < -0.5 || r.right > W + 0.5)) bad.push("past the edge: " + e.tagName);
    if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && e.tagName !== "HTML" && e.tagName !== "BODY")
      bad.push("cut off in: " + e.tagName);
  });
  var drawn = 0;
  document.querySelectorAll("svg").forEach(function (s) {
    var r = s.getBoundingClientRect(), vb = s.viewBox.baseVal;
    if (r.width > 200 && r.height > 100) drawn++;
    if (out(s.getBBox(), {x: 0, y: 0, width: vb.width, height: vb.height})) bad.push("past its picture");
    s.querySelectorAll("rect[class$=-panel]").forEach(function (p) {
      if (out(p.parentNode.getBBox(), p.getBBox())) bad.push("past the panel: " + p.getAttribute("class"));
    });
  });
  var m = document.createElement("pre");
  m.id = "measured";
  m.textContent = "cases=" + document.querySelectorAll("section.case").length + " clauses=" +
    document.querySelectorAll("section.clause").length + " svgs=" + document.querySelectorAll("svg").length +
    " drawn=" + drawn + " wide=" + (document.documentElement.scrollWidth > W ? 1 : 0) + " bad=" + bad.length +
    " " + bad.slice(0, 4).join("; ");
  document.body.appendChild(m);
});
</script>'
measured="$work/measured.html"
{
  sed '/^<\/body>$/,$d' "$report"
  printf '%s\n</body>\n</html>\n' "$measure"
} >"$measured"
for width in 1280 640; do
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile" --window-size="$width,900" --virtual-time-budget=5000 \
    --dump-dom "file://$measured" >"$work/dom.html" 2>"$work/chromium.log" || true
  got=$(sed -n 's/.*<pre id="measured">\([^<]*\)<.*/\1/p' "$work/dom.html")
  # 2 failing scenarios of 3, each drawn before and after, and the one
  # with a refused action that action too (explain --svg); 3 clauses cited
  if [[ $got == "cases=2 clauses=3 svgs=5 drawn=5 wide=0 bad=0 " ]]; then pass; else
    fail "report at $width px: '$got' (want cases=2 clauses=3 svgs=5 drawn=5 wide=0 bad=0)"
  fi
done

# And on screen: the red FAIL badges and the forest hexes of the pictures.
screenshot "$report" "$work/report.png" 1000,1400
svg=$report
badge=$(grep -o '\.badge\.fail{background:#[0-9a-f]\{6\}' "$report" | grep -o '#[0-9a-f]\{6\}' || true)
forest=$(fill_of 'hex forest')
read -r n_badge n_forest <<<"$(count_pixels "$work/report.png" "${badge:-#000000}" "${forest:-#000000}" || echo 0 0)"
if [[ -n $badge && -n $forest ]] && ((n_badge > 200 && n_forest > 2000)); then pass; else
  fail "report screenshot: badge $badge $n_badge pixels, forest $forest $n_forest pixels"
fi
finish
