#!/usr/bin/env python3
"""Both OCR engines in one run: PP-OCRv4 (ONNX Runtime) and tesseract, on the same scans.

  python3 bench/ocr_engines.py [--bin build/release/regreader] [--corpus ../shared/corpus]
                               [--whole-corpus] [--json out.json]

For each engine (REGREADER_OCR_ENGINE): the fidelity scorer on the scanned GB 26859 (gold read
from its page images: titles, table values right / flagged / silently wrong, page text found
on its page), the sealed colour scan fixture we make ourselves (tests/fixtures/sealed-table.pdf:
14 values, each its voltage / 20), seconds per OCR page, and with --whole-corpus the time to
ingest the whole corpus. PP-OCR must be installed (make ocr-models)."""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run(cmd, env=None):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, env=env)


def engine_env(engine):
    env = dict(os.environ)
    env["REGREADER_OCR_ENGINE"] = engine
    return env


def fidelity(binary, corpus, engine):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "f.json")
        run([sys.executable, os.path.join(HERE, "fidelity", "score.py"), "--bin", binary,
             "--corpus", corpus, "--only", "gb26859-scan", "--json", out], env=engine_env(engine))
        data = json.load(open(out))
        docs = data if isinstance(data, list) else data.get("documents", data)
        return next(x for x in docs if isinstance(x, dict) and x.get("document") == "gb26859-scan")


def sealed(binary, engine):
    pdf = os.path.join(ROOT, "tests", "fixtures", "sealed-table.pdf")
    with tempfile.TemporaryDirectory() as d:
        t0 = time.time()
        run([binary, "-q", "--data-dir", d, "ingest", pdf, "--reg-id", "S"], env=engine_env(engine))
        seconds = time.time() - t0
        tables = json.loads(run([binary, "--data-dir", d, "tables", "S", "--json"]).stdout)["tables"]
        right = flagged = wrong = 0
        for t in tables:
            tid = t.get("table_id") or t.get("id")
            meta = json.loads(run([binary, "--data-dir", d, "table", tid, "-r", "S", "--json"]).stdout)
            cells = meta.get("merged", meta).get("cells", [])
            rows = {}
            for c in cells:
                rows.setdefault(c["row"], {})[c["col"]] = c
            for r, row in rows.items():
                label = row.get(0, {}).get("content", "")
                if r == 0 or "kV" not in label:
                    continue
                digits = "".join(ch for ch in label if ch.isdigit())
                want = "%.2f" % (int(digits) / 20.0)
                got = row.get(1, {})
                if got.get("content") == want:
                    right += 1
                elif got.get("unsure") or row.get(0, {}).get("unsure"):
                    flagged += 1
                else:
                    wrong += 1
        return {"right": right, "flagged": flagged, "silently_wrong": wrong, "seconds": seconds}


def whole_corpus(binary, corpus, engine):
    with tempfile.TemporaryDirectory() as d:
        t0 = time.time()
        subprocess.run([binary, "-q", "--data-dir", d, "ingest", corpus, "--keep-both"],
                       env=engine_env(engine), capture_output=True)
        seconds = time.time() - t0
        listing = json.loads(run([binary, "--data-dir", d, "list", "--json"]).stdout)
        return {"seconds": seconds, "regulations": len(listing),
                "ocr_pages": sum(x.get("ocr_pages", 0) for x in listing)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "release", "regreader"))
    ap.add_argument("--corpus", default=os.environ.get("REGREADER_CORPUS",
                                                       os.path.join(ROOT, "..", "shared", "corpus")))
    ap.add_argument("--whole-corpus", action="store_true")
    ap.add_argument("--json")
    a = ap.parse_args()
    results = {}
    for engine in ("tesseract", "paddle"):
        f = fidelity(a.bin, a.corpus, engine)
        r = {"gb26859": f, "sealed": sealed(a.bin, engine),
             "s_per_page": f["ingest_seconds"] / max(1, f["pages_stored"])}
        if a.whole_corpus:
            r["corpus"] = whole_corpus(a.bin, a.corpus, engine)
        results[engine] = r
    print("| engine | GB 26859 titles | values right | flagged | silently wrong | missing | notes "
          "| page text found | s/page | sealed fixture right / flagged / wrong |"
          + (" whole corpus |" if a.whole_corpus else ""))
    print("|---|---|---|---|---|---|---|---|---|---|" + ("---|" if a.whole_corpus else ""))
    for engine, r in results.items():
        f, s = r["gb26859"], r["sealed"]
        line = (f"| {engine} | {f['title_accuracy']:.3f} | {f['values_right']}/{f['values']} | "
                f"{f['values_flagged']} | {f['values_silently_wrong']} | {f['values_missing']} | "
                f"{f['note_accuracy']:.3f} | {f['page_attribution']:.3f} | {r['s_per_page']:.1f} | "
                f"{s['right']} / {s['flagged']} / {s['silently_wrong']} |")
        if a.whole_corpus:
            c = r["corpus"]
            line += f" {c['seconds']:.0f} s ({c['ocr_pages']} OCR pages) |"
        print(line)
    if a.json:
        json.dump(results, open(a.json, "w"), ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
