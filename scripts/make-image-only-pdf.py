#!/usr/bin/env python3
"""Writes a one-page PDF without any text: what a scanned page looks like to a text extractor.

  make-image-only-pdf.py OUT.pdf              a page with a few shapes only
  make-image-only-pdf.py OUT.pdf PAGE.pgm     a page that is one grey image (a "scan")
  make-image-only-pdf.py OUT.pdf PAGE.ppm [--seal X,Y,R[,COVER[,KIND[,MOTTLE]]]]
                                              a colour scan, with a red official seal (红章)
                                              centred at (X, Y) points from the top left, R
                                              points in radius, stamped over the print; COVER
                                              is the seal ink's opacity (0.65), KIND `ring`
                                              (a ring, a star, arcs of characters) or `emblem`
                                              (a ring round a solid disc with a star left
                                              white, as a state emblem is printed); MOTTLE
                                              varies the cover from pixel to pixel by up to
                                              that much (seeded), as a stamp inks unevenly

Written by hand (zlib + the PDF syntax) so the fixtures need no image tools beyond pdftoppm."""
import sys
import zlib


def read_pnm(path):
    """(magic, width, height, pixels) of a binary PGM (P5) or PPM (P6)."""
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
    assert parts[0] in (b"P5", b"P6"), "expected a binary PGM or PPM"
    return parts[0], int(parts[1]), int(parts[2]), data[pos + 1:]


def in_star(x, y, r):
    """Whether (x, y), relative to the centre, is inside a five-pointed star of radius r."""
    import math
    angle = math.atan2(y, x) + math.pi / 2
    sector = (angle % (2 * math.pi / 5)) / (2 * math.pi / 5)  # 0..1 within one point
    edge = r * (0.38 + 0.62 * abs(1 - 2 * sector) ** 1.5)
    return math.hypot(x, y) <= edge


def stamp_seal(pixels, w, h, cx, cy, r, cover=0.65, kind="ring", mottle=0.0):
    """A seal as scanned: seal ink (red) laid over the page at `cover`, so print under it
    turns dark red, as on scanned regulations. `ring`: a ring, a star, and arcs of 'characters';
    `emblem`: a ring round a solid disc whose star stays paper, the print under the disc left
    as faint as on a seal stamped over a table with most of its ink."""
    import math
    import random
    jitter = random.Random(26859)
    ink = (225, 45, 40)
    out = bytearray(pixels)
    for y in range(max(0, int(cy - r)), min(h, int(cy + r) + 1)):
        for x in range(max(0, int(cx - r)), min(w, int(cx + r) + 1)):
            dx, dy = x - cx, y - cy
            d = math.hypot(dx, dy)
            ring = r * 0.9 <= d <= r
            if kind == "emblem":
                inked = ring or (d <= r * 0.7 and not in_star(dx, dy, r * 0.3))
            else:
                star = in_star(dx, dy, r * 0.3)
                text = (r * 0.62 <= d <= r * 0.8 and dy < r * 0.3
                        and int(math.degrees(math.atan2(dy, dx)) / 9) % 2 == 0)
                inked = ring or star or text
            if inked:
                i = (y * w + x) * 3
                k = min(1.0, max(0.0, cover + jitter.uniform(-mottle, mottle))) if mottle else cover
                for c in range(3):
                    out[i + c] = int(out[i + c] * (1 - k) + ink[c] * k)
    return bytes(out)


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
    magic, w, h, pixels = read_pnm(sys.argv[2])
    channels = 3 if magic == b"P6" else 1
    pixels = pixels[:w * h * channels]
    if "--seal" in sys.argv:
        assert channels == 3, "a seal needs a colour (PPM) page"
        fields = sys.argv[sys.argv.index("--seal") + 1].split(",")
        x, y, r = (float(v) for v in fields[:3])
        cover = float(fields[3]) if len(fields) > 3 else 0.65
        kind = fields[4] if len(fields) > 4 else "ring"
        mottle = float(fields[5]) if len(fields) > 5 else 0.0
        scale = w / 595.0  # pixels per point
        pixels = stamp_seal(pixels, w, h, x * scale, y * scale, r * scale, cover, kind, mottle)
    packed = zlib.compress(pixels, 9)
    content = b"q 595 0 0 842 0 0 cm /Im0 Do Q"
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
            b"/Resources << /XObject << /Im0 5 0 R >> >> >>")
    space = b"/DeviceRGB" if channels == 3 else b"/DeviceGray"
    image = (b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s "
             b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n"
             % (w, h, space, len(packed))
             + packed + b"\nendstream")
    write_pdf(sys.argv[1], [catalog, pages, page,
                            b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream", image])


if __name__ == "__main__":
    main()
