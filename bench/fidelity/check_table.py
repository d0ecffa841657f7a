#!/usr/bin/env python3
"""`regreader check` over a whole folder, as a Markdown table (the one in docs/fidelity.md).

  python3 bench/fidelity/check_table.py [CORPUS] [--bin build/release/regreader]

Ingests every supported file under CORPUS (default ../shared/corpus, with --ocr auto) into a
temporary data directory, then runs `regreader check --all --json` and prints one row per
regulation: rating, printed 目次 entries (missing / on another page), empty pages, running lines
left, unreadable or mis-mapped glyphs, OCR pages and confidence, unsure and suspicious cells,
layout warnings by kind.
"""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


# `check`'s layout warnings by kind, as the table names them.
LAYOUT_KINDS = {"split_sentences": "cells cut sentences", "heading_gap": "heading gaps",
                "title_is_chapter": "title is a chapter", "repeated_block": "pages repeating text"}


def layout(c):
    counts = {}
    for w in c.get("layout_warnings", []):
        counts[w["kind"]] = counts.get(w["kind"], 0) + 1
    return ", ".join(f"{n} {LAYOUT_KINDS.get(k, k)}" for k, n in counts.items()) or "–"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", nargs="?", default=str(ROOT.parent / "shared/corpus"))
    ap.add_argument("--bin", default=str(ROOT / "build/release/regreader"))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="rr-check-") as tmp:
        r = subprocess.run([a.bin, "-q", "--data-dir", tmp, "ingest", str(Path(a.corpus).resolve()),
                            "--json", "--keep-both"],
                           capture_output=True, text=True)
        ingest = json.loads(r.stdout)
        files = {x["regulation"]["reg_id"]: x["file"] for x in ingest["results"] if x["ok"]}
        r = subprocess.run([a.bin, "--data-dir", tmp, "check", "--all", "--json"],
                           capture_output=True, text=True)
        reports = json.loads(r.stdout)
    print("| document | rating | 目次 entries (missing / off page) | empty pages | running lines "
          "| garbage glyphs | OCR pages (conf) | unsure / suspicious cells | layout warnings |")
    print("|---|---|---|---|---|---|---|---|---|")
    for rep in reports:
        c = rep["check"]
        f = Path(files.get(rep["reg_id"], rep["reg_id"]))
        try:
            name = str(f.relative_to(Path(a.corpus).resolve()))
        except ValueError:
            name = f.name
        toc = (f"{c['toc_entries']} ({len(c['toc_missing'])} / {len(c['toc_off_page'])})"
               if c["printed_toc"] else "–")
        ocr = (f"{len(c['ocr_pages'])} ({c['ocr_confidence']:.0f})" if c["ocr_pages"] else "–")
        garbage = f"{c['garbage_chars']} ({100 * c['garbage_share']:.2f}%)"
        cells = f"{c['unsure_cells']} / {len(c['suspicious_cells']) - c['unsure_cells']}"
        print(f"| {name} | {c['rating']} | {toc} | {len(c['empty_pages'])} | "
              f"{len(c['running_lines'])} | {garbage} | {ocr} | {cells} | {layout(c)} |")
    failed = [x for x in ingest["results"] if not x["ok"]]
    for f in failed:
        print(f"| {Path(f['file']).name} | not ingested: {f['error']['message'][:60]} ||||||||")
    return 0


if __name__ == "__main__":
    sys.exit(main())
