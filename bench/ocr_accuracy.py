#!/usr/bin/env python3
"""Character accuracy of OCR against a reference text, and of the PDF's own text layer.

  python3 bench/ocr_accuracy.py [--pdf GB26859.pdf] [--ref GB26859.md] [--regreader build/release/regreader]

Both texts are reduced to ideographs, letters and digits (width-folded); punctuation, spaces and
Markdown syntax are dropped, since the reference is a cleaned Markdown conversion, not a
page-faithful transcript. Accuracy is the share of reference characters matched in order
(difflib's matching blocks, a longest-common-subsequence approximation): recall against the
reference, precision against the hypothesis, and their F1.
"""
import argparse
import difflib
import json
import os
import subprocess
import sys
import tempfile
import time
import unicodedata

CORPUS = os.environ.get("REGREADER_CORPUS", "../shared/corpus")


def normalise(text):
    out = []
    for ch in text:
        if "\uff10" <= ch <= "\uff5a":
            ch = unicodedata.normalize("NFKC", ch)
        if ch.isalnum() and not ch.isspace():
            out.append(ch.lower())
    return "".join(out)


def regreader_text(binary, pdf, mode):
    with tempfile.TemporaryDirectory() as d:
        t0 = time.time()
        subprocess.run([binary, "-q", "--data-dir", d, "ingest", pdf, "--reg-id", "X", "--ocr", mode, "--json"],
                       check=True, stdout=subprocess.DEVNULL)
        seconds = time.time() - t0
        pages = json.loads(subprocess.run([binary, "--data-dir", d, "list", "--json"], check=True,
                                          capture_output=True).stdout)[0]["total_pages"]
        text, sources = [], []
        for start in range(1, pages + 1, 10):
            end = min(pages, start + 9)
            out = subprocess.run([binary, "--data-dir", d, "read-pages", "-r", "X", "-s", str(start), "-e", str(end),
                                  "--json"], check=True, capture_output=True).stdout
            for p in json.loads(out)["pages"]:
                text.append(p["content_markdown"])
                sources.append(p["text_source"])
        return "\n".join(text), seconds, sources


def score(ref, hyp):
    m = difflib.SequenceMatcher(None, ref, hyp, autojunk=False)
    matched = sum(b.size for b in m.get_matching_blocks())
    recall = matched / max(1, len(ref))
    precision = matched / max(1, len(hyp))
    f1 = 2 * recall * precision / max(1e-9, recall + precision)
    return recall, precision, f1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pdf", default=f"{CORPUS}/antigravity-anguigb/GB26859-2011电力安全工作规程_电力线路部分.pdf")
    ap.add_argument("--ref", default=f"{CORPUS}/antigravity-anguigb/GB26859-2011电力安全工作规程_电力线路部分.md")
    ap.add_argument("--regreader", default="build/release/regreader")
    a = ap.parse_args()
    ref = normalise(open(a.ref, encoding="utf-8").read())
    print(f"reference: {len(ref)} characters ({os.path.basename(a.ref)})")
    for label, mode in [("PDF text layer", "never"), ("tesseract OCR ", "always")]:
        text, seconds, sources = regreader_text(a.regreader, a.pdf, mode)
        hyp = normalise(text)
        r, p, f = score(ref, hyp)
        counts = {s: sources.count(s) for s in sorted(set(sources))}
        print(f"{label}: {len(hyp):6d} chars  recall {r:.3f}  precision {p:.3f}  F1 {f:.3f}  "
              f"({seconds:.0f} s, pages {counts})")
        for word in ("验电", "瞌电", "接地", "撞地"):
            print(f"    {word}: {text.count(word)}", end="")
        print()


if __name__ == "__main__":
    sys.exit(main())
