#!/usr/bin/env python3
"""Whole-corpus before/after: ingest every file of the corpus with two builds and compare, per
document, what each stored (chapters, blocks, tables, notes, references resolved, chapters and
tables and blocks whose content changed) and how
`regreader check` (of the newer build) rates each store. Documents without gold are compared
too: a drop in chapters or a worse rating on a document nobody named is still a regression.

  python3 bench/fidelity/compare_corpus.py --before /tmp/regreader-old [--after build/release/regreader]
"""
import argparse
import glob
import json
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KEYS = ["chapters", "blocks", "tables", "annotations", "references_resolved"]


def ingest(binary, corpus, data):
    # --keep-both: copies of one standard (same id, other content) are all compared, not refused.
    r = subprocess.run([binary, "-q", "--data-dir", data, "ingest", corpus, "--json", "--keep-both"],
                       capture_output=True, text=True)
    out = {}
    for x in json.loads(r.stdout)["results"]:
        name = str(Path(x["file"]).relative_to(corpus))
        out[name] = {k: x.get(k) for k in KEYS} if x["ok"] else {"error": x["error"]["code"]}
        if x["ok"]:
            out[name]["reg_id"] = x["regulation"]["reg_id"]
    return out


def table_contents(data):
    """reg_id -> {table_id: merged table JSON}: what each table holds, to count changed tables."""
    out = {}
    for db in glob.glob(str(Path(data) / "*.db")):
        with sqlite3.connect(db) as c:
            for reg, tid, merged in c.execute("SELECT reg_id, table_id, merged FROM tables"):
                # What a table holds: its cells and caption; the name an untitled table is
                # given (name, named_by) is how it is found, not its content.
                m = json.loads(merged)
                m.pop("name", None)
                m.pop("named_by", None)
                out.setdefault(reg, {})[tid] = json.dumps(m, sort_keys=True)
    return out


def chapter_list(data):
    """reg_id -> [(section, title, start page, end page)] in order: to count chapters whose number,
    title or pages changed, which the chapter count alone does not show."""
    out = {}
    for db in glob.glob(str(Path(data) / "*.db")):
        with sqlite3.connect(db) as c:
            for reg, sec, title, start, end in c.execute(
                    "SELECT reg_id, section_number, title, page_start, page_end FROM chapters "
                    "ORDER BY reg_id, seq"):
                out.setdefault(reg, []).append((sec, title, start, end))
    return out


def block_list(data):
    """reg_id -> [(page, order, type, text, rect, chapter path)]: every stored block, to count
    blocks whose content, kind, place or chapter changed, which the counts alone do not show."""
    out = {}
    for db in glob.glob(str(Path(data) / "*.db")):
        with sqlite3.connect(db) as c:
            for row in c.execute(
                    "SELECT reg_id, page_num, order_in_page, block_type, content_markdown, "
                    "coalesce(rect, ''), chapter_path FROM blocks "
                    "ORDER BY reg_id, page_num, order_in_page"):
                out.setdefault(row[0], []).append(tuple(row[1:]))
    return out


def titles(data):
    """reg_id -> the title it is listed under."""
    out = {}
    for db in glob.glob(str(Path(data) / "*.db")):
        with sqlite3.connect(db) as c:
            out.update(dict(c.execute("SELECT reg_id, title FROM regulations")))
    return out


def changed_chapters(cb, ca):
    """Entries (chapters, blocks) of one store not found alike in the other, both ways."""
    from collections import Counter
    b, a = Counter(cb), Counter(ca)
    return sum(((b - a) + (a - b)).values())


def changed_tables(tb, ta):
    """How many tables (by id) differ in content between two stores of one document."""
    return sum(1 for k in set(tb) | set(ta) if tb.get(k) != ta.get(k))


def ratings(binary, data):
    r = subprocess.run([binary, "--data-dir", data, "check", "--all", "--json"],
                       capture_output=True, text=True)
    return {x["reg_id"]: x["check"] for x in json.loads(r.stdout)}


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", default=str(ROOT / "build/release/regreader"))
    ap.add_argument("--corpus", default=str((ROOT.parent / "shared/corpus").resolve()))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as before_dir, tempfile.TemporaryDirectory() as after_dir:
        before, after = ingest(a.before, a.corpus, before_dir), ingest(a.after, a.corpus, after_dir)
        rb, ra = ratings(a.after, before_dir), ratings(a.after, after_dir)
        tb, ta = table_contents(before_dir), table_contents(after_dir)
        hb, ha = chapter_list(before_dir), chapter_list(after_dir)
        bb, ba = block_list(before_dir), block_list(after_dir)
        nb, na = titles(before_dir), titles(after_dir)
    print("| document | chapters | blocks | tables | notes | refs resolved | chapters changed "
          "| blocks changed | tables changed | check (before → after) | title, when changed |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name in sorted(set(before) | set(after)):
        b, f = before.get(name, {}), after.get(name, {})
        cells = []
        for k in KEYS:
            bv, av = b.get(k, "–"), f.get(k, "–")
            cells.append(str(av) if bv == av else f"{bv} → {av}")
        cb = rb.get(b.get("reg_id"), {}).get("rating", b.get("error", "–"))
        ca = ra.get(f.get("reg_id"), {}).get("rating", f.get("error", "–"))
        changed = changed_tables(tb.get(b.get("reg_id"), {}), ta.get(f.get("reg_id"), {}))
        nodes = changed_chapters(hb.get(b.get("reg_id"), []), ha.get(f.get("reg_id"), []))
        blocks = changed_chapters(bb.get(b.get("reg_id"), []), ba.get(f.get("reg_id"), []))
        tb_, ta_ = nb.get(b.get("reg_id"), "–"), na.get(f.get("reg_id"), "–")
        title = "" if tb_ == ta_ else f"{tb_} → {ta_}"
        print(f"| {name} | " + " | ".join(cells) + f" | {nodes or ''} | {blocks or ''}"
              f" | {changed or ''} | {cb if cb == ca else cb + ' → ' + ca} | {title} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
