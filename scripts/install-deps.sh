#!/usr/bin/env bash
# Installs every build, run and test dependency of RegReader from Debian 12 packages.
#   bash scripts/install-deps.sh          everything: build, run, tests, benchmarks (make test)
#   bash scripts/install-deps.sh --app    what building and running the binary needs (make demo):
#                                         no test tools, LibreOffice, chromium or PostgreSQL server
# Idempotent: packages already present are skipped by apt. Needs root (or sudo).
set -euo pipefail

app_only=false
[ "${1:-}" = "--app" ] && app_only=true

packages=(
  # toolchain (ccache: objects kept across build directories and clean rebuilds)
  build-essential cmake ninja-build pkg-config ccache python3
  # core libraries
  libsqlite3-dev libicu-dev libzip-dev libpugixml-dev libssl-dev libre2-dev libtomlplusplus-dev libyaml-cpp-dev
  nlohmann-json3-dev libcli11-dev libspdlog-dev libfmt-dev
  # MuPDF is shipped as a static library: its own dependencies must be present to link
  libmupdf-dev libopenjp2-7-dev libjbig2dec0-dev libgumbo-dev libmujs-dev
  libjpeg-dev libfreetype-dev libharfbuzz-dev zlib1g-dev
  # retrieval: vectors (hnswlib), the local encoder's math (Eigen + OpenBLAS)
  libhnswlib-dev libeigen3-dev libopenblas-dev
  # HTTP: embeddings and LLM clients (libcurl), the MCP server (cpp-httplib)
  libcurl4-openssl-dev libcpp-httplib-dev
  # OCR of scanned pages (Chinese + English models)
  tesseract-ocr tesseract-ocr-chi-sim tesseract-ocr-eng libtesseract-dev libleptonica-dev
  # the PostgreSQL client library (the second storage engine) is linked in
  libpq-dev
)
test_packages=(
  # formatting and lint
  clang-format clang-tidy
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev poppler-utils python3-numpy
  # rendered pagination of Word files (.docx/.doc/.wps/.odt/.rtf) with Chinese fonts
  # fonts-liberation: metric-compatible Times New Roman/Arial, so Word files break pages where
  # Word does more often (without it a 12-page standard rendered to 13); the fidelity gold
  # pages are read from this set
  libreoffice-writer-nogui fonts-noto-cjk fonts-liberation
  # the reading room's browser test (tests/web) drives Debian's chromium
  chromium
  # the PostgreSQL engine's tests start a server of their own
  postgresql-15
)
$app_only || packages+=("${test_packages[@]}")

# MCP test clients (the official TypeScript SDK, pinned in tests/mcp/package.json) run on Node.js;
# a machine that already has node and npm (e.g. from NodeSource) keeps them.
if ! $app_only && { ! command -v node >/dev/null || ! command -v npm >/dev/null; }; then
  packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
