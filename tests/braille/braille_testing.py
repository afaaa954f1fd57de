"""Helpers shared by the braille tests (a plain module: tests/braille is on sys.path under pytest)."""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path

from access_game.cli import main
from braille.brf import PageFormat
from braille.cells import BLANK, Cell, Cells
from braille.geometry import DotGeometry
from braille.page_layout import BODY_TOP, MARGIN
from engine.cards import Card, five_crowns_deck, no_twos_deck, standard_deck

ALL_DECKS: dict[str, list[Card]] = {
    "five-crowns": five_crowns_deck(1),
    "five-crowns-2": five_crowns_deck(2),
    "standard": standard_deck(2),
    "standard-3": standard_deck(3),
    "standard-0-jokers": standard_deck(1, 0),
    "standard-52": standard_deck(1, 0),
    "no-twos": no_twos_deck(2),
}


def every_card() -> list[Card]:
    """Each distinct card any engine deck holds."""
    seen: dict[Card, None] = {}
    for deck in ALL_DECKS.values():
        for card in deck:
            seen.setdefault(card, None)
    return list(seen)


def run_cli(argv: Sequence[str]) -> int:
    """The exit status of ``access-game argv``, whether argparse exits or the command returns."""
    try:
        return main(list(argv))
    except SystemExit as exc:
        return int(exc.code or 0)


def render_gray(pdf: Path, dpi: int, page: int = 1) -> tuple[int, int, bytes]:
    """Render one PDF page with pdftoppm to an 8-bit grey PGM; (width, height, pixels)."""
    out = subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-gray", str(pdf)],
        check=True,
        capture_output=True,
        timeout=60,
    ).stdout
    return parse_pgm(out)


def parse_pgm(data: bytes) -> tuple[int, int, bytes]:
    """Parse a binary PGM (P5, maxval 255)."""
    fields: list[bytes] = []
    pos = 0
    while len(fields) < 4:
        while data[pos : pos + 1].isspace():
            pos += 1
        if data[pos : pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    pos += 1  # the single whitespace after maxval
    magic, width, height, maxval = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
    assert magic == b"P5" and maxval == 255
    pixels = data[pos : pos + width * height]
    assert len(pixels) == width * height
    return width, height, pixels


def darkness_at(image: tuple[int, int, bytes], x_mm: float, y_mm: float, dpi: int, half: int = 1) -> float:
    """Mean grey level (0 black, 255 white) of the (2 half + 1)^2 pixels around a point given in mm."""
    width, height, pixels = image
    cx = round(x_mm / 25.4 * dpi - 0.5)
    cy = round(y_mm / 25.4 * dpi - 0.5)
    values = [
        pixels[y * width + x]
        for y in range(cy - half, cy + half + 1)
        for x in range(cx - half, cx + half + 1)
        if 0 <= x < width and 0 <= y < height
    ]
    return sum(values) / len(values)


def read_braille_lines(
    image: tuple[int, int, bytes], geometry: DotGeometry, fmt: PageFormat, dpi: int
) -> list[Cells]:
    """Every braille line of a page rendered at ``dpi`` from a swell sheet (braille.swell), read from
    the pixels: a dot place is raised when its centre is dark, and must be clearly dark or light."""
    lines: list[Cells] = []
    for n in range(fmt.lines_per_page):
        line: list[Cell] = []
        for i in range(fmt.cells_per_line):
            raised = []
            for dot, (col, row) in {1: (0, 0), 2: (0, 1), 3: (0, 2), 4: (1, 0), 5: (1, 1), 6: (1, 2)}.items():
                x = MARGIN + geometry.radius + i * geometry.cell_spacing + col * geometry.dot_spacing
                y = BODY_TOP + geometry.radius + n * geometry.line_spacing + row * geometry.dot_spacing
                level = darkness_at(image, x, y, dpi)
                assert level < 90 or level > 180, (n, i, dot, level)  # a dot black, a place without one white
                if level < 90:
                    raised.append(dot)
            line.append(Cell.from_dots(raised) if raised else BLANK)
        while line and line[-1] == BLANK:
            line.pop()
        lines.append(tuple(line))
    return lines
