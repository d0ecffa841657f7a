#!/usr/bin/env bash
# Regenerates the committed test fixtures from documents we wrote ourselves (examples/*.md).
# Needs pandoc, LibreOffice (soffice) with fonts-noto-cjk, qpdf, groff and ghostscript — only to
# regenerate; the fixtures are committed so that tests need none of these.
#   apt-get install pandoc libreoffice-writer-nogui fonts-noto-cjk qpdf groff ghostscript
set -euo pipefail
cd "$(dirname "$0")/.."
out=tests/fixtures
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The sample regulation as Word (pandoc) and as PDF (LibreOffice renders the Word file).
pandoc examples/sample-regulation.md -o examples/sample-regulation.docx
soffice --headless -env:UserInstallation=file://$tmp/lo --convert-to pdf --outdir "$tmp" \
  examples/sample-regulation.docx >/dev/null 2>&1
cp "$tmp/sample-regulation.pdf" examples/sample-regulation.pdf

# Tables across pages (ruled, with and without a repeated header, over 3+ pages; borderless),
# notes in every form and cross-references, written as HTML and rendered by LibreOffice.
soffice --headless -env:UserInstallation=file://$tmp/lo --convert-to pdf --outdir "$out" \
  examples/tables-sample.html >/dev/null 2>&1

# Bad inputs: encrypted (user password), corrupt (truncated), not-a-zip .docx, no text layer.
qpdf --encrypt secret secret 256 -- examples/sample-regulation.pdf "$out/encrypted.pdf"
head -c 3000 examples/sample-regulation.pdf > "$out/truncated.pdf"
printf 'This is plain text, not a zip archive.\n' > "$out/not-a-zip.docx"
python3 scripts/make-image-only-pdf.py "$out/no-text-layer.pdf"
# A scanned page: page 2 of the sample regulation as a 150 dpi grey image, no text layer.
pdftoppm -r 150 -gray -f 2 -l 2 -singlefile examples/sample-regulation.pdf "$tmp/scan"
python3 scripts/make-image-only-pdf.py "$out/scanned-page.pdf" "$tmp/scan.pgm"
# A scanned ruled table: page 2 of tables-sample.pdf as a 100 dpi grey image (the resolution of
# many archived scans), for table borders found in the image.
pdftoppm -r 100 -gray -f 2 -l 2 -singlefile "$out/tables-sample.pdf" "$tmp/table"
python3 scripts/make-image-only-pdf.py "$out/scanned-table.pdf" "$tmp/table.pgm"
# The same table scanned in colour at 100 dpi with a red official seal stamped over the middle
# rows of its values (print under the seal turns dark red, as on scanned regulations).
pdftoppm -r 100 -f 2 -l 2 -singlefile "$out/tables-sample.pdf" "$tmp/colour"
python3 scripts/make-image-only-pdf.py "$out/sealed-table.pdf" "$tmp/colour.ppm" --seal 135,250,85
# A scan of nothing: 300 × 424 pixels of seeded random grey (noise, not a page of text).
python3 - "$tmp/noise.pgm" <<'PY'
import random, sys
random.seed(41)
w, h = 300, 424
open(sys.argv[1], "wb").write(b"P5\n%d %d\n255\n" % (w, h) + bytes(random.getrandbits(8) for _ in range(w * h)))
PY
python3 scripts/make-image-only-pdf.py "$out/noise-scan.pdf" "$tmp/noise.pgm"
python3 scripts/make-docx-fixture.py "$out/word-features.docx"
# Display formulas typeset by groff's eqn (fractions over a drawn bar).
bash scripts/make-formula-fixture.sh "$out"
# Office exports (Word/WPS layouts: parts and items, boxes, bullets, Title style) and their gold.
python3 scripts/make-office-fixtures.py "$out" --gold bench/fidelity/gold
echo "fixtures written to $out"
