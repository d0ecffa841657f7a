#!/usr/bin/env python3
"""OCR character accuracy on scans made from PDFs whose text is known.

  python3 bench/ocr_synthetic.py [--bin build/release/regreader] [--dpi 100] [--pages 3-7]
                                 [--engine paddle|tesseract] [--library DATA_DIR]
                                 [--json out.json] [-v]

Each text-layer PDF of the corpus (not GB 26859, which is a scan) is rasterised page by page
with pdftoppm (grey, --dpi; 100 dpi is what archived scans often are), the images are made into
a PDF with no text (scripts/make-image-only-pdf.py), and RegReader ingests it, reading every page
by OCR. Each page's stored text is compared with the text layer of the same page (pdftotext):
both reduced to ideographs, letters and digits (width-folded), aligned with difflib. The truth is
the publisher's text, not a reading by eye, so a change to OCR post-processing is measured on
pages nobody tuned it on: ideographs substituted (the glyph misreads that make a clause
unfindable), characters missing and added, and the share of the truth read right. With
--library, each scan is ingested into a copy of that data dir (other regulations, whose text OCR
weighs its readings against); it must not hold the four documents themselves.
"""
import argparse
import difflib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DOCS = [
    ("gb26860-rendered", "derived/GB26860-2011.rendered.pdf"),
    ("hunan-manual", "powernexus-hunan-manual/湖南电力手册.pdf"),
    ("gb17761", "sky-hackathon-gb17761/GB17761-2018  电动自行车安全技术规范.pdf"),
    ("stability-guide", "opsen-rag-stability-guide/电力系统安全稳定导则.pdf"),
]


def is_han(ch):
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf"


def normalise(text):
    out = []
    for ch in unicodedata.normalize("NFKC", text):
        if is_han(ch) or (ch.isascii() and ch.isalnum()):
            out.append(ch.lower())
    return "".join(out)


def run(cmd, env=None):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, env=env)


def page_range(spec, total):
    first, _, last = spec.partition("-")
    first = int(first)
    last = int(last or first)
    return list(range(first, min(last, total) + 1))


def scan(pdf, pages, dpi, work):
    """The pages as one image-only PDF at `dpi` (grey)."""
    singles = []
    for p in pages:
        base = os.path.join(work, f"p{p}")
        run(["pdftoppm", "-r", str(dpi), "-gray", "-f", str(p), "-l", str(p), "-singlefile", pdf, base])
        out = base + ".pdf"
        run([sys.executable, os.path.join(ROOT, "scripts", "make-image-only-pdf.py"), out, base + ".pgm"])
        singles.append(out)
    joined = os.path.join(work, "scan.pdf")
    run(["pdfunite", *singles, joined] if len(singles) > 1 else ["cp", singles[0], joined])
    return joined


def compare(truth, read):
    """Han characters substituted, characters missing and added, characters matched."""
    m = difflib.SequenceMatcher(None, truth, read, autojunk=False)
    subs = missing = added = matched = 0
    pairs = []
    for op, i1, i2, j1, j2 in m.get_opcodes():
        if op == "equal":
            matched += i2 - i1
        elif op == "replace":
            n = min(i2 - i1, j2 - j1)
            for k in range(n):
                if is_han(truth[i1 + k]) and is_han(read[j1 + k]):
                    subs += 1
                    pairs.append(truth[i1 + k] + read[j1 + k])
            missing += (i2 - i1) - n
            added += (j2 - j1) - n
            missing += n  # a substituted character is missing too
        elif op == "delete":
            missing += i2 - i1
        else:
            added += j2 - j1
    return subs, missing, added, matched, pairs


def measure(binary, engine, dpi, spec, verbose, library=None):
    env = dict(os.environ)
    if engine:
        env["REGREADER_OCR_ENGINE"] = engine
    rows = []
    corpus = os.environ.get("REGREADER_CORPUS", os.path.join(ROOT, "..", "shared", "corpus"))
    for name, rel in DOCS:
        pdf = os.path.join(corpus, rel)
        if not os.path.exists(pdf):
            print(f"{name}: {pdf} not found, skipped", file=sys.stderr)
            continue
        total = int(next(l.split()[1] for l in run(["pdfinfo", pdf]).stdout.splitlines()
                         if l.startswith("Pages:")))
        pages = page_range(spec, total)
        with tempfile.TemporaryDirectory() as work:
            scanned = scan(pdf, pages, dpi, work)
            data = os.path.join(work, "data")
            if library:
                shutil.copytree(library, data)
            t0 = time.time()
            run([binary, "-q", "--data-dir", data, "ingest", scanned, "--reg-id", "X"], env)
            seconds = time.time() - t0
            stored = json.loads(run([binary, "--data-dir", data, "read-pages", "-r", "X", "-s", "1",
                                     "-e", str(len(pages)), "--json"]).stdout)["pages"]
        row = {"document": name, "pages": len(pages), "seconds": round(seconds, 1),
               "truth": 0, "matched": 0, "substituted": 0, "missing": 0, "added": 0, "pairs": []}
        for p, page in zip(pages, stored):
            truth = normalise(run(["pdftotext", "-f", str(p), "-l", str(p), pdf, "-"]).stdout)
            read = normalise(page["content_markdown"])
            subs, missing, added, matched, pairs = compare(truth, read)
            row["truth"] += len(truth)
            row["matched"] += matched
            row["substituted"] += subs
            row["missing"] += missing
            row["added"] += added
            row["pairs"] += pairs
        rows.append(row)
        if verbose:
            print(f"{name}: truth→read " + " ".join(row["pairs"]), file=sys.stderr)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "release", "regreader"))
    ap.add_argument("--dpi", type=int, default=100)
    ap.add_argument("--pages", default="3-7", help="pages of each document, e.g. 3-7")
    ap.add_argument("--engine", default="", help="REGREADER_OCR_ENGINE (default: auto)")
    ap.add_argument("--library", help="a data dir of other regulations to ingest each scan into")
    ap.add_argument("--json")
    ap.add_argument("-v", action="store_true", help="list each substitution (truth, read)")
    a = ap.parse_args()
    rows = measure(a.bin, a.engine, a.dpi, a.pages, a.v, a.library)
    print(f"| document ({a.dpi} dpi scan) | pages | truth chars | read right | ideographs substituted "
          f"| missing | added | s/page |")
    print("|---|---|---|---|---|---|---|---|")
    total = {"truth": 0, "matched": 0, "substituted": 0, "missing": 0, "added": 0, "pages": 0, "seconds": 0}
    for r in rows:
        print(f"| {r['document']} | {r['pages']} | {r['truth']} | {r['matched'] / max(1, r['truth']):.3f} "
              f"| {r['substituted']} | {r['missing']} | {r['added']} | {r['seconds'] / r['pages']:.1f} |")
        for k in total:
            total[k] += r[k]
    print(f"| **all** | {total['pages']} | {total['truth']} | {total['matched'] / max(1, total['truth']):.3f} "
          f"| {total['substituted']} | {total['missing']} | {total['added']} "
          f"| {total['seconds'] / max(1, total['pages']):.1f} |")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    sys.exit(main())
