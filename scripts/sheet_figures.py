"""The sheets' figures: every braille page of every kit checked, per format and grade; every PEF file
validated against the PEF schema; every swell-paper page rendered and its braille read back as dots.

    .venv/bin/python scripts/sheet_figures.py [--games five-crowns,...] [--languages en,fr] [--grades 1,2]

For each game, language and grade, the kit is made at two braille page sizes (40 x 25 and 32 x 27):

- BRF: every page has exactly its lines, no line wider than the page, only BRF characters, CR LF line
  ends and a form feed between pages;
- PEF: valid against tests/data/pef/pef-2008-1.rng (the PEF 1.0 RELAX NG schema, through lxml), and
  the same cells as its BRF file, page for page and line for line;
- swell PDF (chart, practice sheet and rule book, made with the swell preset on A4 and letter): each
  page rendered with pdftoppm and every dot place of every cell read from the pixels, compared with
  the braille page it was drawn from; the words read back are counted.

Exit status 1 if anything does not match, with what and where.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lxml import etree  # noqa: E402

from access_game.catalog import game as catalog_game  # noqa: E402
from access_game.catalog import games, resolve  # noqa: E402
from braille.brf import PageFormat  # noqa: E402
from braille.cells import BLANK, BRF_CHARS, Cell, Cells, cells_from_unicode, cells_to_brf  # noqa: E402
from braille.chart import CHART  # noqa: E402
from braille.decks import build_deck  # noqa: E402
from braille.geometry import PAPERS, SWELL, DotGeometry  # noqa: E402
from braille.kit import make_kit  # noqa: E402
from braille.page_layout import BODY_TOP, MARGIN  # noqa: E402
from braille.pdf import render_pdf  # noqa: E402
from braille.pef import PEF_NAMESPACE  # noqa: E402
from braille.practice import PRACTICE  # noqa: E402
from braille.rulebook import rule_book_pages  # noqa: E402
from braille.sheet import Sheet, SheetOptions  # noqa: E402
from braille.swell import braille_pages_sheet, swell_format  # noqa: E402
from speech.i18n import set_language  # noqa: E402

SCHEMA = ROOT / "tests" / "data" / "pef" / "pef-2008-1.rng"
FORMATS = (PageFormat(), PageFormat(32, 27))
DPI = 150
_PLACES = {1: (0, 0), 2: (0, 1), 3: (0, 2), 4: (1, 0), 5: (1, 1), 6: (1, 2)}


def _brf_problems(data: bytes, fmt: PageFormat) -> tuple[int, list[str]]:
    pages = data.split(b"\f")
    problems = []
    for n, page in enumerate(pages, start=1):
        if not page.endswith(b"\r\n"):
            problems.append(f"page {n} does not end CR LF")
        lines = page[:-2].split(b"\r\n")
        if len(lines) != fmt.lines_per_page:
            problems.append(f"page {n} has {len(lines)} lines")
        for line in lines:
            text = line.decode("ascii", "replace")
            if len(line) > fmt.cells_per_line or not set(text) <= set(BRF_CHARS) or b"\r" in line or b"\n" in line:
                problems.append(f"page {n} line {text!r}")
    return len(pages), problems


def _pef_pages(root: etree._Element) -> list[list[str]]:
    ns = {"p": PEF_NAMESPACE}
    return [[cells_to_brf(cells_from_unicode(row.text or "")) for row in page.iterfind("p:row", ns)]
            for page in root.iterfind(".//p:page", ns)]


def _render(pdf: bytes, page: int) -> tuple[int, int, bytes]:
    out = subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-gray", "-"],
                         input=pdf, check=True, capture_output=True, timeout=120).stdout
    header, _, rest = out.partition(b"\n")
    size, _, rest = rest.partition(b"\n")
    _maxval, _, pixels = rest.partition(b"\n")
    width, height = (int(v) for v in size.split())
    assert header == b"P5"
    return width, height, pixels


def _dark(image: tuple[int, int, bytes], x_mm: float, y_mm: float) -> float:
    width, _height, pixels = image
    cx, cy = round(x_mm / 25.4 * DPI - 0.5), round(y_mm / 25.4 * DPI - 0.5)
    values = [pixels[y * width + x] for y in range(cy - 1, cy + 2) for x in range(cx - 1, cx + 2)]
    return sum(values) / len(values)


def _read_page(image: tuple[int, int, bytes], geometry: DotGeometry, fmt: PageFormat) -> list[Cells]:
    lines: list[Cells] = []
    for n in range(fmt.lines_per_page):
        line: list[Cell] = []
        for i in range(fmt.cells_per_line):
            dots = [dot for dot, (col, row) in _PLACES.items()
                    if _dark(image, MARGIN + geometry.radius + i * geometry.cell_spacing + col * geometry.dot_spacing,
                             BODY_TOP + geometry.radius + n * geometry.line_spacing + row * geometry.dot_spacing) < 128]
            line.append(Cell.from_dots(dots) if dots else BLANK)
        while line and line[-1] == BLANK:
            line.pop()
        lines.append(tuple(line))
    return lines


def _strip(line: Cells) -> Cells:
    end = len(line)
    while end and line[end - 1] == BLANK:
        end -= 1
    return line[:end]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(e.name for e in games()))
    parser.add_argument("--languages", default="en,fr")
    parser.add_argument("--grades", default="1,2")
    args = parser.parse_args(argv)
    schema = etree.RelaxNG(etree.parse(str(SCHEMA)))
    counts: Counter[str] = Counter()
    problems: list[str] = []
    for language in args.languages.split(","):
        set_language(language)
        for grade in (int(g) for g in args.grades.split(",")):
            for name in args.games.split(","):
                book = resolve(catalog_game(name).rule_book or "")()
                for fmt in FORMATS:
                    size = f"{fmt.cells_per_line}x{fmt.lines_per_page}"
                    deck = catalog_game(name).game_deck()
                    files = {f.name: f for f in make_kit(deck, SheetOptions(paper=PAPERS["a4"], grade=grade), fmt=fmt,
                                                          rule_book=book, rules_grade=grade)}
                    for fname, file in files.items():
                        where = f"{language} grade {grade} {size} {fname}"
                        if fname.endswith(".brf"):
                            pages, found = _brf_problems(file.data, fmt)
                            counts[f"brf pages {size} grade {grade}"] += pages
                            problems += [f"{where}: {p}" for p in found]
                        elif fname.endswith(".pef"):
                            root = etree.fromstring(file.data)
                            counts["pef files"] += 1
                            if schema.validate(root):
                                counts["pef files valid"] += 1
                            else:
                                problems.append(f"{where}: {schema.error_log}")
                            brf = [p[:-2].decode("ascii").split("\r\n")
                                   for p in files[fname.removesuffix(".pef") + ".brf"].data.split(b"\f")]
                            counts[f"pef pages {size} grade {grade}"] += len(brf)
                            if _pef_pages(root) != brf:
                                problems.append(f"{where}: its cells are not its BRF's")
                which = catalog_game(name).game_deck()
                cards = build_deck(which.deck, which.sets)
                title = which.title
                for paper in ("a4", "letter"):
                    fmt = swell_format(PAPERS[paper], SWELL)
                    swell = SheetOptions(paper=PAPERS[paper], geometry=SWELL, only_dots_rise=True, grade=grade)
                    made: list[tuple[str, list[list[Cells]], Sheet]] = [
                        (kind.name, kind.braille_pages(cards, title, fmt, grade=grade), kind.sheet(cards, title, swell))
                        for kind in (CHART, PRACTICE)
                    ]
                    rules = rule_book_pages(book, fmt, grade=grade)
                    made.append(("rules", rules, braille_pages_sheet(rules, swell, title=book.title, info="")))
                    for kind, pages, sheet in made:
                        pdf = render_pdf(sheet)
                        for number, page in enumerate(pages, start=1):
                            read = _read_page(_render(pdf, number), SWELL, fmt)
                            expected = [_strip(line) for line in page]
                            counts[f"swell pages read grade {grade}"] += 1
                            if read != expected:
                                problems.append(f"{language} grade {grade} {paper} {name} {kind} swell page {number}: "
                                                "dots read back differ")
                            counts[f"swell words read grade {grade}"] += sum(
                                len(cells_to_brf(line).split()) for line in read)
        set_language("en")
    for key in sorted(counts):
        print(f"{key}: {counts[key]}")
    print(f"problems: {len(problems)}")
    for problem in problems[:20]:
        print(f"  {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
