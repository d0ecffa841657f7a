#!/usr/bin/env bash
# Builds the Debian package with CPack from a configured build directory, then checks it as a
# user would meet it: its contents, its declared dependencies, and the installed binary run from
# a clean root (dpkg-deb -x, no dpkg database needed).
# Usage: deb_test.sh BUILD_DIR
set -euo pipefail
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cpack -G DEB -B "$tmp/out" --config "$build/CPackConfig.cmake" >"$tmp/cpack.log" 2>&1 || {
  cat "$tmp/cpack.log"
  exit 1
}
deb=$(ls "$tmp"/out/*.deb)
echo "package: $(basename "$deb") $(du -h "$deb" | cut -f1)"

contents=$(dpkg-deb -c "$deb")
fail=0
for path in ./usr/bin/regreader ./usr/share/man/man1/regreader.1.gz \
  ./usr/share/bash-completion/completions/regreader ./usr/share/zsh/vendor-completions/_regreader \
  ./usr/share/doc/regreader/README.md ./usr/share/doc/regreader/LICENSE \
  ./usr/share/doc/regreader/examples/regreader.service; do
  grep -q " $path\$" <<<"$contents" || { echo "missing from the package: $path"; fail=1; }
done

info=$(dpkg-deb -I "$deb")
# libtesseract, liblept, libcurl, libpq and libopenblas are opened with dlopen: declared by hand.
for dep in libsqlite3 libicu libtesseract liblept libcurl libpq libopenblas; do
  grep -q "^ Depends:.*$dep" <<<"$info" || { echo "Depends lacks $dep"; fail=1; }
done
grep -q "^ Recommends:.*tesseract-ocr-chi-sim" <<<"$info" || { echo "Recommends lacks OCR models"; fail=1; }

# Installed into a clean root, the binary runs and is stripped.
dpkg-deb -x "$deb" "$tmp/root"
bin="$tmp/root/usr/bin/regreader"
version=$("$bin" --version)
[[ $version == "regreader "* ]] || { echo "--version printed: $version"; fail=1; }
if file "$bin" | grep -q "not stripped"; then echo "the binary is not stripped"; fail=1; fi
echo "installed binary: $(du -h "$bin" | cut -f1) ($version)"
man=$(zcat "$tmp/root/usr/share/man/man1/regreader.1.gz")
grep -q '^\.SS ingest' <<<"$man" || { echo "man page lacks ingest"; fail=1; }
grep -q 'complete -o filenames -F _regreader regreader' "$tmp/root/usr/share/bash-completion/completions/regreader" ||
  { echo "bash completion malformed"; fail=1; }
# The completion offers the commands the binary has.
out=$(bash -c "source '$tmp/root/usr/share/bash-completion/completions/regreader'; COMP_WORDS=(regreader ing); COMP_CWORD=1; _regreader; echo \${COMPREPLY[*]}")
[[ $out == *ingest* ]] || { echo "bash completion of 'ing' gave: $out"; fail=1; }
# One regulation end to end with the installed binary.
"$bin" --data-dir "$tmp/data" -q ingest "$tmp/root/usr/share/doc/regreader/examples/sample-regulation.md" --reg-id S >/dev/null
hits=$("$bin" --data-dir "$tmp/data" search 倒闸操作 -r S --json)
grep -q '"reg_id": "S"' <<<"$hits" || { echo "installed binary cannot search: $hits"; fail=1; }
exit $fail
