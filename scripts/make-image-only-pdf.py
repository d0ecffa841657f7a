#!/usr/bin/env python3
"""Writes a one-page PDF without any text: what a scanned page looks like to a text extractor.

  make-image-only-pdf.py OUT.pdf              a page with a few shapes only
  make-image-only-pdf.py OUT.pdf PAGE.pgm     a page that is one grey image (a "scan")

Written by hand (zlib + the PDF syntax) so the fixtures need no image tools beyond pdftoppm."""
import sys
import zlib


def read_pgm(path):
    data = open(path, "rb").read()
    parts, pos = [], 0
    while len(parts) < 4:  # magic, width, height, maxval; comments skipped
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        parts.append(data[pos:end])
        pos = end
    assert parts[0] == b"P5", "expected a binary PGM"
    return int(parts[1]), int(parts[2]), data[pos + 1:]


def write_pdf(path, objects):
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    open(path, "wb").write(out)


def main():
    catalog = b"<< /Type /Catalog /Pages 2 0 R >>"
    pages = b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
    if len(sys.argv) < 3:
        content = b"0.2 0.2 0.8 rg 72 600 300 120 re f 0 0 0 RG 4 w 72 400 m 500 400 l S"
        page = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>"
        write_pdf(sys.argv[1], [catalog, pages, page,
                                b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"])
        return
    w, h, pixels = read_pgm(sys.argv[2])
    packed = zlib.compress(pixels[:w * h], 9)
    content = b"q 595 0 0 842 0 0 cm /Im0 Do Q"
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
            b"/Resources << /XObject << /Im0 5 0 R >> >> >>")
    image = (b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
             b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n" % (w, h, len(packed))
             + packed + b"\nendstream")
    write_pdf(sys.argv[1], [catalog, pages, page,
                            b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream", image])


if __name__ == "__main__":
    main()
