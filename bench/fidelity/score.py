#!/usr/bin/env python3
"""Fidelity harness: ingest each corpus document that has a gold file, read back what RegReader
stored (`export`), and score chapters, titles, start pages, table values, notes and page
attribution against gold written from the source documents (see README.md here).

  python3 bench/fidelity/score.py                       # every gold file, a table per document
  python3 bench/fidelity/score.py --only gb26859-scan -v  # one document, every miss listed
  python3 bench/fidelity/score.py --json out.json --gate bench/fidelity/floors.json

--gate FILE fails (exit 1) when a document scores under the floor FILE gives for it; the corpus
tests run it that way, so a parsing change that loses fidelity fails the suite.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DASHES = str.maketrans({"—": "-", "–": "-", "－": "-", "―": "-", "‑": "-", "．": ".", "。": ".",
                        "、": ",", "，": ",", "：": ":", "；": ";", "（": "(", "）": ")",
                        "～": "~", "〜": "~", "×": "x"})
MARKUP = re.compile(r"[\s|#*`>]+")


def norm(s):
    """Comparison key: NFKC, dashes and dots unified, whitespace and Markdown markup removed."""
    s = unicodedata.normalize("NFKC", s or "").translate(DASHES)
    return MARKUP.sub("", s)


def norm_spaced(s):
    """Like norm, but spaces between words are kept (one space)."""
    s = unicodedata.normalize("NFKC", s or "").translate(DASHES)
    return re.sub(r"\s+", " ", s.replace("|", " ")).strip()


def section_level(section):
    if not section:
        return 1
    s = norm(section)
    if s.startswith("附录"):
        return 1
    if re.fullmatch(r"第.+[编章]", s):
        return 1
    if re.fullmatch(r"第.+节", s):
        return 2
    if re.fullmatch(r"第.+条", s):
        return 2
    return s.count(".") + 1


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def ingest_and_export(binary, data, doc_path, reg_id, args, out):
    t0 = time.time()
    r = run([binary, "--data-dir", data, "ingest", str(doc_path), "--reg-id", reg_id, "--json",
             *args])
    seconds = time.time() - t0
    if r.returncode != 0:
        raise RuntimeError(f"ingest failed ({r.returncode}): {r.stderr.strip()[-400:]}")
    summary = json.loads(r.stdout)
    r = run([binary, "--data-dir", data, "export", reg_id, out, "--json"])
    if r.returncode != 0:
        raise RuntimeError(f"export failed: {r.stderr.strip()[-400:]}")
    d = Path(out) / reg_id
    pages = []
    for p in sorted(d.glob("page-*.json")):
        pages.append(json.loads(p.read_text()))
    structure = json.loads((d / "structure.json").read_text())
    return summary, structure, pages, seconds


def match_chapters(gold, nodes, misses):
    """Gold chapters matched to tree nodes in document order; returns figures."""
    used = set()
    found = titles = pages_ok = pages_n = 0
    titled = 0  # found chapters with a printed title (the title-accuracy denominator)
    cursor = 0
    keyed = [(norm(n.get("section_number", "")), norm(n.get("title", ""))) for n in nodes]

    def candidates(g):
        sec, title = norm(g.get("section", "")), norm(g.get("title", ""))
        for i, (ns, nt) in enumerate(keyed):
            if i in used:
                continue
            if sec and ns == sec:
                yield i
            elif not sec and not ns and title and (nt == title or
                                                   (len(title) >= 2 and nt.startswith(title))):
                yield i

    for g in gold["chapters"]:
        cands = list(candidates(g))
        if not cands:
            misses.append(f"chapter missing: {g.get('section','')} {g.get('title','')} "
                          f"(p{g.get('page')})")
            continue
        # A number used twice (a 条文说明 repeats the clauses; a contents page lists them): the
        # node nearest the gold page, else the next in document order.
        if g.get("page") is not None:
            i = min(cands, key=lambda k: (abs((nodes[k].get("page_start") or 0) - g["page"]),
                                          k < cursor, k))
        else:
            after = [k for k in cands if k >= cursor]
            i = after[0] if after else cands[0]
        used.add(i)
        cursor = max(cursor, i + 1)
        found += 1
        titled += 1
        n = nodes[i]
        gt, nt = norm(g.get("title", "")), norm(n.get("title", ""))
        if g.get("kind") == "clause" or not gt:  # no printed title to compare
            titled -= 1
        elif gt == nt or (gt and nt.rstrip(".") and gt.startswith(nt.rstrip(".")) and
                          n.get("title", "").endswith("…")):  # an inline clause's cut title
            titles += 1
        else:
            misses.append(f"title wrong: {g.get('section','')} gold '{g.get('title')}' "
                          f"stored '{n.get('title')}'")
        if g.get("page") is not None:
            pages_n += 1
            if n.get("page_start") == g["page"]:
                pages_ok += 1
            else:
                misses.append(f"start page wrong: {g.get('section','')} {g.get('title','')} "
                              f"gold p{g['page']} stored p{n.get('page_start')}")
    # Spurious: nodes no gold chapter accounts for among the unnumbered and top-level ones (the
    # gold lists every heading there; deeper numbered clauses without a printed title are
    # legitimately nodes and the gold need not list them), plus repeats of a gold number.
    gold_secs = {}
    for g in gold["chapters"]:
        k = norm(g.get("section", ""))
        gold_secs[k] = gold_secs.get(k, 0) + 1
    spurious = []
    for i, n in enumerate(nodes):
        if i in used:
            continue
        sec = norm(n.get("section_number", ""))
        if sec and section_level(sec) > 1 and sec not in gold_secs:
            continue
        spurious.append(f"{n.get('section_number','')} {n.get('title','')} "
                        f"(p{n.get('page_start')})")
    for s in spurious:
        misses.append("spurious node: " + s)
    total = len(gold["chapters"])
    return {"chapters": total, "found": found, "section_recall": ratio(found, total),
            "title_accuracy": ratio(titles, titled), "start_page_accuracy": ratio(pages_ok, pages_n),
            "spurious": len(spurious)}


def stored_tables(pages):
    """table id -> list of row cell-lists (segments of one table joined), with the unsure flags."""
    tables = {}
    for p in pages:
        for b in p.get("content_blocks", []):
            t = b.get("table_meta")
            if not t:
                continue
            tid = t.get("master_table_id") or t.get("table_id")
            grid = {}
            for c in t.get("cells", []):
                grid.setdefault(c["row"], {})[c["col"]] = c
            rows = []
            for r in sorted(grid):
                rows.append([grid[r][k] for k in sorted(grid[r])])
            entry = tables.setdefault(tid, {"rows": [], "page": p["page_num"],
                                            "caption": t.get("caption", "")})
            entry["rows"].extend(rows)
    return tables


def row_matches(row, label, values):
    """(label found, values exactly the row's other cells in order, a value cell flagged unsure)."""
    texts = [norm(c.get("content", "")) for c in row]
    nl = norm(label)
    # The label is one of the row's first two filled cells: a sub-table's rows (表E.1's tools
    # under one 序号) leave the columns of the merged cells on their left blank.
    filled = [k for k, t in enumerate(texts) if t][:2]
    at = next((k for k in filled if texts[k] == nl or (nl and texts[k].startswith(nl))), None)
    if at is None:
        return False, False, False
    # An empty cell marked unsure is a value OCR saw and could not read: a flag like any other.
    cells = [(t, c) for t, c in zip(texts[at + 1:], row[at + 1:]) if t or c.get("unsure")]
    want = [value_key(v) for v in values]
    got = [value_key(t) for t, _ in cells]
    if len(got) == len(want):
        # Cell by cell: the row is flagged only if every cell that differs is marked unsure (a
        # mark on one cell says nothing about its neighbour).
        bad = [c for g, w, (_, c) in zip(got, want, cells) if g != w]
        return True, not bad, bool(bad) and all(c.get("unsure") for c in bad)
    # Merged or extra cells: the values must appear in order among the row's other cells.
    unsure = any(c.get("unsure") for _, c in cells)
    k = 0
    for g in got:
        if k < len(want) and g == want[k]:
            k += 1
    return True, k == len(want), unsure


def value_key(v):
    """A value's comparison key; a cell that is only a dash (OCR's 一 for a printed —) is —."""
    n = norm(v)
    return "-" if n in ("-", "一", "_") else n


def unmarked_values(row, at, values):
    """The cells after the label cell `at` that hold something, are not marked unsure and are
    none of the gold values (raw content: a stray `>` is a cell a user reads, markup or not)."""
    want = {value_key(v) for v in values}
    return [c for c in row[at + 1:] if c.get("content", "").strip() and not c.get("unsure")
            and value_key(c["content"]) not in want]


def row_in_place(pool, found, gi, n_gold):
    """The stored row at gold row `gi`'s place when its label was not found (OCR misread it):
    the stored row of the nearest gold row whose label was found, plus the distance between the
    two gold rows; when no label was found, body row `gi` of a table with as many body rows as
    the gold (a stored table's first row is its header). None when that place is out of the
    table or taken."""
    if not found:
        return pool[gi + 1] if len(pool) == n_gold + 1 else None
    _, gk, sk = min((abs(gk - gi), gk, sk) for gk, sk in found.items())
    si = sk + (gi - gk)
    if si < 0 or si >= len(pool) or si in set(found.values()):
        return None
    return pool[si]


def placed_verdict(r, values):
    """What the stored row `r` at a missing gold row's place (or None) says of that row:
    - "label flagged" / "label wrong": it holds exactly the gold values, its label cell marked
      unsure or not (a guessed place and a garbled value prove nothing: such a row stays missing);
    - "unmarked": a cell of it holds none of the gold values and carries no mark: not proof (the
      place is a guess), but a value a reader would take for the row's, counted apart;
    - "unreadable": label and values garbled, every one marked: the row is shown as unread;
    - "missing": nothing there, or nothing to say."""
    at = next((k for k, c in enumerate(r) if norm(c.get("content", ""))), None) if r else None
    if at is None:
        return "missing"
    if row_matches(r, r[at].get("content", ""), values)[1]:
        return "label flagged" if r[at].get("unsure") else "label wrong"
    if unmarked_values(r, at, values):
        return "unmarked"
    if r[at].get("unsure") and any(c.get("content", "").strip() for c in r[at + 1:]):
        return "unreadable"
    return "missing"


def match_tables(gold, pages, misses):
    tables = stored_tables(pages)
    rows = right = flagged = tables_found = wrong = label_flagged = unflagged_at_place = 0
    marked_unreadable = 0
    for g in gold.get("tables", []):
        t = tables.get(g["id"])
        if t is None:  # a table without a printed number: its caption names it
            t = next((v for v in tables.values() if norm(g["id"]) in norm(v["caption"])), None)
        if t is None:
            misses.append(f"table missing: {g['id']} (stored ids: {sorted(tables)[:12]})")
        else:
            tables_found += 1
        pool = t["rows"] if t else []
        found = {}  # gold row index -> stored row index whose label was found
        for gi, row in enumerate(g["rows"]):
            for si, r in enumerate(pool):
                lab, good, _ = row_matches(r, row[0], row[1:])
                if lab and (gi not in found or good):
                    found[gi] = si
                    if good:
                        break
        for gi, row in enumerate(g["rows"]):
            rows += 1
            label, values = row[0], row[1:]
            matches = [(r, good, uns) for r in pool
                       for lab, good, uns in [row_matches(r, label, values)] if lab]
            if any(good for _, good, _ in matches):
                right += 1
            elif any(uns for _, _, uns in matches):
                flagged += 1
                misses.append(f"value flagged unsure: {g['id']} {label} (gold {values})")
            elif len(matches) == 1 and not g.get("labels_repeat"):
                got = " | ".join(c.get("content", "") for c in matches[0][0])
                wrong += 1
                misses.append(f"value wrong: {g['id']} '{label}' gold {values} stored '{got}'")
            elif matches:
                # A label printed in several sub-tables (表E.1's 10, 35, 220 …, which the gold
                # marks `labels_repeat`): which stored row this gold row is cannot be told, and
                # none holds its values.
                misses.append(f"value row missing: {g['id']} '{label}' gold {values} (label in "
                              f"{len(matches)} rows, none with these values)")
            else:
                # OCR misread the label: what the stored row at its place says (placed_verdict).
                # Where labels repeat (sub-tables), the place of a row is not told by its
                # neighbours: nothing is said of it.
                r = None if g.get("labels_repeat") else row_in_place(pool, found, gi,
                                                                     len(g["rows"]))
                verdict = placed_verdict(r, values)
                stored = " | ".join(c.get("content", "") for c in r) if r else ""
                if verdict == "label flagged":
                    flagged += 1
                    label_flagged += 1
                    misses.append(f"label flagged unsure: {g['id']} '{label}' gold {values} "
                                  f"stored '{stored}'")
                elif verdict == "label wrong":
                    wrong += 1
                    misses.append(f"label wrong: {g['id']} '{label}' gold {values} "
                                  f"stored '{stored}'")
                elif verdict == "unreadable":
                    marked_unreadable += 1
                    misses.append(f"value row unreadable, marked: {g['id']} '{label}' gold "
                                  f"{values} stored '{stored}'")
                else:
                    if verdict == "unmarked":
                        unflagged_at_place += 1
                        misses.append(f"value at its place differs, unmarked: {g['id']} "
                                      f"'{label}' gold {values} stored '{stored}'")
                    misses.append(f"value row missing: {g['id']} '{label}' gold {values}")
    return {"tables": len(gold.get("tables", [])), "tables_found": tables_found,
            "values": rows, "values_right": right, "values_flagged": flagged,
            "labels_flagged": label_flagged,
            "value_accuracy": ratio(right + flagged, rows),
            # A row found with a different value or label and no unsure mark: the worst case.
            # Rows not found (OCR garbled label and value, the table was lost) are
            # values_missing.
            "values_silently_wrong": wrong,
            "values_missing": rows - right - flagged - wrong,
            # Of the rows missing, those whose place holds other values without an unsure mark,
            # and those whose place holds a garbled label and values, all marked unsure.
            "values_unmarked_at_place": unflagged_at_place,
            "values_marked_unreadable": marked_unreadable}


def match_notes(gold, pages, misses):
    notes = []
    for p in pages:
        for a in p.get("annotations", []):
            notes.append((p["page_num"], norm(a.get("annotation_id", "")),
                          norm(a.get("content", ""))))
    right = garbled = 0
    for g in gold.get("notes", []):
        gid, frag = norm(g["id"]), norm(g.get("text", ""))
        ok = any(i == gid and frag in c and (g.get("page") is None or p == g["page"])
                 for p, i, c in notes)
        if ok:
            right += 1
            continue
        # A note stored with the gold's id on the gold's page whose text does not hold the gold's
        # fragment: found where it is, its words misread (OCR). Not counted as right.
        at_place = [c for p, i, c in notes if i == gid and p == g.get("page")]
        near = [f"p{p} {i}" for p, i, c in notes if frag and frag in c]
        if at_place:
            garbled += 1
            near = [f"p{g.get('page')} {g['id']}, text read '{at_place[0][:20]}'"]
        misses.append(f"note wrong: {g['id']} p{g.get('page')} '{g.get('text','')[:20]}' "
                      f"(stored as: {near or 'not found'})")
    n = len(gold.get("notes", []))
    return {"notes": n, "notes_right": right, "note_accuracy": ratio(right, n),
            "notes_text_misread": garbled}


def match_fragments(gold, pages, misses):
    texts = {p["page_num"]: norm(page_text(p)) for p in pages}
    spaced = {p["page_num"]: norm_spaced(page_text(p)) for p in pages}
    right = moved = lost = 0
    for g in gold.get("fragments", []):
        f = norm(g["text"])
        where = [n for n, t in texts.items() if f in t]
        if g.get("page") is None:
            ok = bool(where)
        else:
            ok = g["page"] in where
        if ok:
            right += 1
        elif where:
            moved += 1
            misses.append(f"fragment on wrong page: '{g['text']}' gold p{g.get('page')} "
                          f"stored p{where}")
        else:
            lost += 1
            misses.append(f"fragment not found: '{g['text']}' (p{g.get('page')})")
    latin_right = 0
    for g in gold.get("latin_fragments", []):
        f = norm_spaced(g["text"])
        if any(f in t for t in spaced.values()):
            latin_right += 1
        else:
            misses.append(f"latin words run together: '{g['text']}'")
    n = len(gold.get("fragments", []))
    ln = len(gold.get("latin_fragments", []))
    return {"fragments": n, "page_attribution": ratio(right, n), "fragments_moved": moved,
            "fragments_lost": lost, "latin_spacing": ratio(latin_right, ln)}


def page_text(p):
    parts = [p.get("content_markdown", "")]
    for a in p.get("annotations", []):
        parts.append(a.get("annotation_id", "") + a.get("content", ""))
    return "\n".join(parts)


def ratio(a, b):
    return None if b == 0 else round(a / b, 3)


def score(gold, corpus, binary, keep, library=None):
    # Fixtures we generate (scripts/make-office-fixtures.py) live in the repository.
    doc = (ROOT / "tests/fixtures" / gold["fixture"]) if "fixture" in gold else \
        corpus / gold["document"]
    if not doc.exists():
        return None
    name = gold["_name"]
    tmp = tempfile.mkdtemp(prefix="rr-fidelity-")
    if library:  # the document joins a library of other regulations (a copy of it)
        shutil.copytree(library, os.path.join(tmp, "data"))
    try:
        summary, structure, pages, seconds = ingest_and_export(
            binary, os.path.join(tmp, "data"), doc, name, gold.get("ingest_args", []),
            os.path.join(tmp, "out"))
        misses = []
        res = {"document": name, "format": gold.get("format"), "ingest_seconds": round(seconds, 1)}
        res["pages_gold"] = gold.get("page_count")
        res["pages_stored"] = len(pages)
        res.update(match_chapters(gold, structure["nodes"], misses))
        res.update(match_tables(gold, pages, misses))
        res.update(match_notes(gold, pages, misses))
        res.update(match_fragments(gold, pages, misses))
        res["misses"] = misses
        r0 = summary.get("results", [{}])[0]
        if "check" in r0:
            res["check"] = r0["check"]
        return res
    finally:
        if keep:
            dest = Path(keep) / name
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(tmp, dest)
        shutil.rmtree(tmp, ignore_errors=True)


COLUMNS = [("section_recall", "recall"), ("title_accuracy", "titles"),
           ("start_page_accuracy", "start pg"), ("spurious", "spurious"),
           ("value_accuracy", "values"), ("values_flagged", "unsure"),
           ("values_silently_wrong", "wrong"), ("values_missing", "missing"),
           ("values_marked_unreadable", "of which marked unreadable"),
           ("values_unmarked_at_place", "unmarked at place"),
           ("note_accuracy", "notes"), ("notes_text_misread", "of which text misread"),
           ("page_attribution", "page attr")]


def fmt(v):
    if v is None:
        return "–"
    return f"{v:.3f}" if isinstance(v, float) else str(v)


def print_table(results):
    head = "| document | pages | " + " | ".join(c[1] for c in COLUMNS) + " |"
    print(head)
    print("|" + "---|" * (len(COLUMNS) + 2))
    for r in results:
        if "error" in r:
            print(f"| {r['document']} | error: {r['error']} |")
            continue
        pg = f"{r['pages_stored']}/{r['pages_gold']}" if r.get("pages_gold") else "–"
        print(f"| {r['document']} | {pg} | " + " | ".join(fmt(r.get(c[0])) for c in COLUMNS) +
              " |")


def gate(results, floors):
    failures = []
    for r in results:
        f = floors.get(r["document"])
        if not isinstance(f, dict):
            continue
        if not f:
            continue
        if "error" in r:
            failures.append(f"{r['document']}: {r['error']}")
            continue
        for key, floor in f.items():
            v = r.get(key)
            if key in ("spurious", "values_silently_wrong", "values_missing",
                       "values_unmarked_at_place"):
                if v is not None and v > floor:
                    failures.append(f"{r['document']}: {key} {v} > {floor}")
            elif v is not None and v < floor:
                failures.append(f"{r['document']}: {key} {v} < {floor}")
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=str(ROOT / "build/release/regreader"))
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared/corpus"))
    ap.add_argument("--gold", default=str(ROOT / "bench/fidelity/gold"))
    ap.add_argument("--only", action="append", help="gold file name(s) without .json")
    ap.add_argument("--json", help="write the figures (and every miss) here")
    ap.add_argument("--gate", help="floors file: exit 1 when a document scores under it")
    ap.add_argument("--keep", help="keep each document's data dir and export here")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every miss")
    ap.add_argument("--library", help="a data dir holding other regulations: each document is "
                    "ingested into a copy of it (OCR weighs its readings against their text)")
    a = ap.parse_args()
    corpus = Path(a.corpus)
    if not corpus.exists():
        print(f"corpus not found at {corpus}: nothing to score", file=sys.stderr)
        return 77 if a.gate else 0  # CTest's SKIP_RETURN_CODE
    results = []
    for g in sorted(Path(a.gold).glob("*.json")):
        if a.only and g.stem not in a.only:
            continue
        gold = json.loads(g.read_text())
        gold["_name"] = g.stem
        print(f"scoring {g.stem} …", file=sys.stderr, flush=True)
        try:
            r = score(gold, corpus, a.bin, a.keep, a.library)
        except (RuntimeError, OSError, json.JSONDecodeError) as e:
            r = {"document": g.stem, "error": str(e)}
        if r is None:
            print(f"  {gold.get('document', gold.get('fixture'))} not found: skipped", file=sys.stderr)
            continue
        results.append(r)
        if a.verbose and "misses" in r:
            for m in r["misses"]:
                print("   ", m, file=sys.stderr)
    print_table(results)
    if a.json:
        Path(a.json).write_text(json.dumps(results, ensure_ascii=False, indent=1))
    if a.gate:
        failures = gate(results, json.loads(Path(a.gate).read_text()))
        for f in failures:
            print("BELOW FLOOR:", f, file=sys.stderr)
        return 1 if failures else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
