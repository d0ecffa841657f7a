#!/usr/bin/env python3
"""Table values under red seals, on scans we make ourselves: every seal kind, ink cover and place.

  python3 bench/ocr_seals.py [--bin build/release/regreader] [--engine paddle|tesseract|both]
                             [--json out.json] [-v]

Page 2 of tests/fixtures/tables-sample.pdf (a ruled table of 14 rows `NN kV 线路 | value`, each
value its voltage / 20 with two decimals) is rasterised in colour at 100 dpi and stamped with one
seal per variant (scripts/make-image-only-pdf.py --seal): a `ring` seal (ring, star, arcs of
characters) or an `emblem` (a ring round a solid disc), at ink covers 0.65, 0.8 and 0.9, each
varying by 0.1 from pixel to pixel (print under a seal of cover c keeps about 1 - c of its
contrast: at 0.9 it is as faint as under GB 26859's seal), over the values, over the labels, and across both. Each variant is ingested alone;
every stored row is scored by the rule the table was written by:

  right           the value is the label's voltage / 20, exactly as printed (of which marked
                  unsure: mended or doubted, still to be checked against the page)
  flagged         otherwise, with the label or the value marked unsure (`table --json`)
  silently wrong  otherwise, unmarked: the worst outcome
  missing         a row of the 14 that no stored row reads (its label lost or merged)

The truth is the rule, not a reading by eye, and no variant was chosen by how it scores.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
VOLTAGES = list(range(65, 135, 5))
# (name, x, y, radius) in points from the page's top left; the table's labels run x 57-122,
# its values 124-186, its rows y 60-525.
PLACES = [("values", 160, 200, 62), ("labels", 95, 330, 62), ("both", 125, 440, 70)]
KINDS = ["ring", "emblem"]
COVERS = [0.65, 0.8, 0.9]
KEYS = ("right", "right_unsure", "flagged", "silently_wrong", "missing")
MOTTLE = 0.1  # the cover varies by up to this much from pixel to pixel, as a stamp inks


def run(cmd, env=None):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, env=env)


def make_scans(folder):
    source = os.path.join(ROOT, "tests", "fixtures", "tables-sample.pdf")
    page = os.path.join(folder, "page")
    run(["pdftoppm", "-r", "100", "-f", "2", "-l", "2", "-singlefile", source, page])
    scans = []
    for kind in KINDS:
        for cover in COVERS:
            for place, x, y, r in PLACES:
                name = f"{kind}-{cover:.2f}-{place}"
                pdf = os.path.join(folder, name + ".pdf")
                run([sys.executable, os.path.join(ROOT, "scripts", "make-image-only-pdf.py"), pdf,
                     page + ".ppm", "--seal", f"{x},{y},{r},{cover},{kind},{MOTTLE}"])
                scans.append((name, pdf))
    return scans


def score_rows(cells):
    rows = {}
    for c in cells:
        rows.setdefault(c["row"], {})[c["col"]] = c
    out = {"right": 0, "right_unsure": 0, "flagged": 0, "silently_wrong": 0, "missing": 0,
           "misses": []}
    seen = set()
    for r in sorted(rows):
        label, value = rows[r].get(0, {}), rows[r].get(1, {})
        m = re.search(r"\d+", label.get("content", ""))
        if r == 0 or not m:
            continue
        volts = int(m.group())
        unsure = bool(label.get("unsure") or value.get("unsure"))
        got = value.get("content", "")
        if volts in VOLTAGES and volts not in seen and got == "%.2f" % (volts / 20.0):
            out["right"] += 1
            out["right_unsure"] += 1 if unsure else 0
        elif unsure:
            out["flagged"] += 1
        else:
            out["silently_wrong"] += 1
            out["misses"].append(f"{label.get('content', '')} | {got}")
        if volts in VOLTAGES:
            seen.add(volts)
    out["missing"] = len(VOLTAGES) - len(seen)
    return out


def read_scan(binary, engine, pdf):
    env = dict(os.environ, REGREADER_OCR_ENGINE=engine)
    with tempfile.TemporaryDirectory() as d:
        t0 = time.time()
        run([binary, "-q", "--data-dir", d, "ingest", pdf, "--reg-id", "S"], env=env)
        seconds = time.time() - t0
        tables = json.loads(run([binary, "--data-dir", d, "tables", "S", "--json"]).stdout)
        tables = tables["tables"]
        first = tables[0].get("table_id") or tables[0].get("id") if tables else None
        cells = []
        if first:
            meta = json.loads(run([binary, "--data-dir", d, "table", first, "-r", "S",
                                   "--json"]).stdout)
            cells = meta.get("merged", meta).get("cells", [])
    result = score_rows(cells)
    result["seconds"] = seconds
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "release", "regreader"))
    ap.add_argument("--engine", default="both", choices=["paddle", "tesseract", "both"])
    ap.add_argument("--json")
    ap.add_argument("-v", action="store_true", help="list every silently wrong row")
    a = ap.parse_args()
    engines = ["paddle", "tesseract"] if a.engine == "both" else [a.engine]
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        scans = make_scans(folder)
        for engine in engines:
            results[engine] = {name: read_scan(a.bin, engine, pdf) for name, pdf in scans}
    print("| engine | seal | cover | right (marked unsure) | flagged | silently wrong | missing |")
    print("|---|---|---|---|---|---|---|")
    for engine, by_scan in results.items():
        for kind in KINDS:
            for cover in COVERS:
                keys = [f"{kind}-{cover:.2f}-{p[0]}" for p in PLACES]
                total = {k: sum(by_scan[n][k] for n in keys) for k in KEYS}
                print(f"| {engine} | {kind} | {cover:.2f} | {total['right']} "
                      f"({total['right_unsure']}) | {total['flagged']} "
                      f"| {total['silently_wrong']} | {total['missing']} |")
        all_rows = {k: sum(r[k] for r in by_scan.values()) for k in KEYS}
        n = len(by_scan) * len(VOLTAGES)
        print(f"| {engine} | all | — | {all_rows['right']}/{n} ({all_rows['right_unsure']}) "
              f"| {all_rows['flagged']} "
              f"| {all_rows['silently_wrong']} | {all_rows['missing']} |")
        if a.v:
            for name, r in by_scan.items():
                for miss in r["misses"]:
                    print(f"  {engine} {name}: silently wrong: {miss}", file=sys.stderr)
    if a.json:
        json.dump(results, open(a.json, "w"), ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
