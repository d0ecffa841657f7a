#!/usr/bin/env bash
# Ingestion speed: pages per second for `regreader ingest` on the corpus PDFs' text layers, as a
# ratio to `pdftotext` on the same files in the same run (N rounds of both in turn, wall clock); then
# OCR throughput on the scanned GB 26859 with each engine (one run each).
#   bash bench/ingest_bench.sh [RUNS]          (needs ../shared/corpus and poppler-utils)
# Also the start-up of each program (best of 30 runs of `--version` / `-v`). INGEST_BENCH_OCR=0
# leaves out the OCR rows (minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
RR=${RR:-build/release/regreader}
CORPUS=${REGREADER_CORPUS:-../shared/corpus}
[ -x "$RR" ] || { echo "build first: make build" >&2; exit 1; }
[ -d "$CORPUS" ] || { echo "no corpus at $CORPUS" >&2; exit 1; }
command -v pdftotext >/dev/null || { echo "pdftotext missing: apt-get install poppler-utils" >&2; exit 1; }

mapfile -d '' pdfs < <(find "$CORPUS" -name '*.pdf' -print0 | sort -z)
pages=0
for f in "${pdfs[@]}"; do pages=$((pages + $(pdfinfo "$f" | awk '/^Pages:/{print $2}'))); done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

best() {  # best wall time of RUNS runs of "$@"
  local b=""
  for _ in $(seq "$RUNS"); do
    local t0 t1
    t0=$(date +%s.%N); "$@" >/dev/null 2>&1; t1=$(date +%s.%N)
    b=$(echo "$t0 $t1 $b" | awk '{d=$2-$1; if ($3=="" || d<$3) print d; else print $3}')
  done
  echo "$b"
}
run_regreader() { rm -rf "$tmp/data"; "$RR" -q --data-dir "$tmp/data" ingest --ocr never "${pdfs[@]}"; }
run_pdftotext() { for f in "${pdfs[@]}"; do pdftotext -q "$f" "$tmp/out.txt"; done; }

# The two in turn, RUNS rounds: on a machine whose speed drifts (a shared VM), the ratio within
# a round is steadier than the ratio of two bests taken minutes apart.
rounds=""
for _ in $(seq "$RUNS"); do
  a=$(RUNS=1 best run_regreader)
  b=$(RUNS=1 best run_pdftotext)
  rounds="$rounds $a:$b"
done
echo "$rounds" | tr ' ' '\n' | awk -F: -v n="${#pdfs[@]}" -v p="$pages" 'NF == 2 {
    k++; a[k] = $1; b[k] = $2; r[k] = $2 / $1
    if (k == 1 || $1 < ba) ba = $1
    if (k == 1 || $2 < bb) bb = $2
  }
  function median(x, m,   i, j, t) {
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t }
    return m % 2 ? x[(m + 1) / 2] : (x[m / 2] + x[m / 2 + 1]) / 2
  }
  END {
    printf "corpus: %d PDFs, %d pages, %d rounds of both in turn\n", n, p, k
    printf "regreader ingest : best %6.3f s  median %6.3f s  %7.1f pages/s (best)\n", ba, median(a, k), p / ba
    printf "pdftotext        : best %6.3f s  median %6.3f s  %7.1f pages/s (best)\n", bb, median(b, k), p / bb
    printf "speed ratio regreader/pdftotext: median of rounds %.2f, of bests %.2f (aim >= 1: the speed of pdftotext)\n", median(r, k), bb / ba
  }'
# Start-up, part of every command: the best of 30 runs of each program doing nothing.
RUNS=30
t_rv=$(best "$RR" --version)
t_pv=$(best pdftotext -v)
awk -v a="$t_rv" -v b="$t_pv" 'BEGIN {
  printf "start-up (best of 30): regreader --version %.1f ms, pdftotext -v %.1f ms\n", a * 1000, b * 1000
}'
[ "${INGEST_BENCH_OCR:-1}" = 0 ] && exit 0  # text rows and start-up only
scan="$CORPUS/antigravity-anguigb/GB26859-2011电力安全工作规程_电力线路部分.pdf"
if [ -f "$scan" ]; then
  n=$(pdfinfo "$scan" | awk '/^Pages:/{print $2}')
  for engine in tesseract paddle; do
    rm -rf "$tmp/ocr"
    t0=$(date +%s.%N)
    "$RR" -q --data-dir "$tmp/ocr" ingest --ocr always --ocr-engine "$engine" "$scan" >/dev/null 2>&1 ||
      { echo "OCR ($engine): not available"; continue; }
    t1=$(date +%s.%N)
    awk -v e="$engine" -v n="$n" -v a="$t0" -v b="$t1" 'BEGIN { printf "OCR (%s, whole ingest): %d pages in %.1f s, %.2f s/page\n", e, n, b - a, (b - a) / n }'
  done
fi
