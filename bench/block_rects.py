#!/usr/bin/env python3
"""How many stored blocks have their rectangle on the printed page (the reading room's boxes over
the page image), per corpus PDF and Word file: ingests each under ../shared/corpus (OCR as
`--ocr auto` decides; Word files rendered by LibreOffice), serves the data directory and reads
every page from /api/regulations/ID/pages/N, by where its text came from.

    python3 bench/block_rects.py [--bin build/release/regreader]"""
import argparse, http.client, json, os, re, shutil, subprocess, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bin", default=str(ROOT / "build/release/regreader"))
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared/corpus"))
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="rr-rects-")
    data = os.path.join(work, "data")
    pdfs = sorted(p for p in Path(a.corpus).rglob("*")
                  if p.suffix.lower() in (".pdf", ".docx", ".doc"))
    ids = {}
    for i, p in enumerate(pdfs):
        rid = f"P{i}"
        r = subprocess.run([a.bin, "--data-dir", data, "-q", "ingest", str(p), "--reg-id", rid],
                           capture_output=True, text=True)
        if r.returncode == 0:
            ids[rid] = p.name
    srv = subprocess.Popen([a.bin, "--data-dir", data, "serve", "--transport", "http", "--port",
                            "0"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        text = ""
        while not (m := re.search(r"reading room at http://127\.0\.0\.1:(\d+)/", text)):
            text += srv.stderr.readline()
        port = int(m.group(1))

        def get(path):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            c.request("GET", path)
            return json.loads(c.getresponse().read())
        print("| document | pages (text layer / OCR / Word) | blocks | located | share |")
        print("|---|---|---|---|---|")
        tb = tl = 0
        for rid, name in ids.items():
            info = get(f"/api/regulations/{rid}")
            kinds = {"text_layer": 0, "ocr": 0, "text": 0}
            blocks = located = 0
            for n in range(1, info["total_pages"] + 1):
                pg = get(f"/api/regulations/{rid}/pages/{n}")
                src = pg.get("text_source")
                if src not in kinds:
                    continue
                kinds[src] += 1
                blocks += len(pg["content_blocks"])
                located += pg.get("blocks_located", 0)
            pages = f'{kinds["text_layer"]} / {kinds["ocr"]} / {kinds["text"]}'
            tb += blocks; tl += located
            share = f"{located / blocks:.3f}" if blocks else "–"
            print(f"| {name} | {pages} | {blocks} | {located} | {share} |")
        print(f"| all | | {tb} | {tl} | {tl / max(tb, 1):.3f} |")
    finally:
        srv.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
