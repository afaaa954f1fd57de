"""Print options for teachers: the swell preset, faint empty dot places, actual-size printing, the
slate sheet's wording, and dot sizes refused because they would run together. PDFs are rendered
back with pdftoppm and read as pixels."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from braille_testing import ALL_DECKS, darkness_at, render_gray, run_cli

from braille.cells import cells_from_brf
from braille.geometry import NLS, PAPERS, PRESETS, SWELL, DotGeometry
from braille.labels import PAD, labels_sheet, make_labels
from braille.sheet import LIGHTEST_INK, Dot, Group, Rule, Sheet, SheetOptions, Text, flatten
from braille.svg import render_svg

DPI = 300


def _labels(*, mirror: bool = False, **options: Any) -> Sheet:
    labels = make_labels(ALL_DECKS["five-crowns"], title="Five Crowns")
    return labels_sheet(labels, SheetOptions(paper=PAPERS["a4"], **options), mirror=mirror)


def _first_label(sheet: Sheet, card: str) -> Group:
    for item in sheet.pages[0].items:
        if isinstance(item, Group) and item.kind == "label" and dict(item.data)["card"] == card:
            return item
    raise AssertionError(card)


# --- refused sizes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sizes", "message"),
    [
        # The blank between cells (6.0 - 2.34 - 2.2 = 1.46 mm) is narrower than a 2.2 mm dot.
        ({"dot_diameter": 2.2, "cell_spacing": 6.0}, "at least one dot wide"),
        # Small dots far apart in a cell: the blank between cells must be 1.5 x the blank inside one.
        ({"dot_diameter": 0.6, "dot_spacing": 3.0, "cell_spacing": 7.0}, "half as wide again"),
        # 9 mm line to line at 2.34 mm dot spacing: the blank between lines is less than a cell.
        ({"line_spacing": 9.0}, "two cell heights"),
    ],
)
def test_sizes_that_run_together_are_refused(sizes: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        DotGeometry(**sizes)


@pytest.mark.parametrize(
    "sizes",
    [
        {},  # NLS Specification 800
        {"dot_diameter": 1.5, "dot_spacing": 2.5, "cell_spacing": 6.0, "line_spacing": 10.0},  # Marburg Medium
        {"dot_diameter": 1.6, "dot_spacing": 2.5, "cell_spacing": 6.1, "line_spacing": 10.0},  # ADA smallest
        {"dot_diameter": 1.2},  # swell
    ],
)
def test_published_sizes_are_accepted(sizes: dict[str, float]) -> None:
    DotGeometry(**sizes)


def test_cli_refuses_tight_cells_with_the_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "labels.pdf"
    assert run_cli(["labels", "--dot-diameter", "2.2", "--cell-spacing", "6", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "run into each other" in err and "at least one dot wide" in err
    assert run_cli(["chart", "--line-spacing", "9", "-o", str(out)]) == 2
    assert "two cell heights" in capsys.readouterr().err
    assert not out.exists()


# --- swell preset --------------------------------------------------------------------------------


def test_swell_preset_has_standard_dots_and_light_ink() -> None:
    assert PRESETS["swell"].geometry == SWELL
    assert NLS.dot_diameter <= SWELL.dot_diameter <= 1.6  # NLS's dot base: 1.44 to 1.6 mm
    assert (SWELL.dot_spacing, SWELL.cell_spacing, SWELL.line_spacing) == (2.34, 6.2, 10.0)
    sheet = _labels(geometry=SWELL, only_dots_rise=True)
    svg = render_svg(sheet)
    # Every line and word is drawn at least LIGHTEST_INK light; the dots stay black.
    greys = [int(v, 16) / 255 for v in re.findall(r'(?:fill|stroke)="#([0-9a-f]{2})[0-9a-f]{4}"', svg)]
    dots = svg.count('fill="#000000"')
    assert dots == sum(1 for page in sheet.pages for item in flatten(page.items) if isinstance(item, Dot))
    non_dot = [g for g in greys if g > 0]
    assert non_dot and min(non_dot) >= LIGHTEST_INK - 1 / 255
    assert sum(1 for g in greys if g == 0) == dots  # nothing but dots is black


def test_swell_pdf_rendered_only_dots_are_dark(tmp_path: Path) -> None:
    out = tmp_path / "swell.pdf"
    assert run_cli(["labels", "--preset", "SWELL", "-o", str(out)]) == 0
    image = render_gray(out, 150, page=1)
    width, height, pixels = image
    sheet = _labels(geometry=SWELL, only_dots_rise=True)
    # Where a dot is, the page is black; nowhere else (titles, words, guides, scale bar) is darker
    # than the light ink, so the heater raises dots only.
    near_dot = bytearray(width * height)
    for item in flatten(sheet.pages[0].items):
        if isinstance(item, Dot):
            cx, cy = round(item.x / 25.4 * 150), round(item.y / 25.4 * 150)
            for y in range(cy - 6, cy + 7):
                for x in range(cx - 6, cx + 7):
                    if 0 <= x < width and 0 <= y < height:
                        near_dot[y * width + x] = 1
    darkest_elsewhere = min(p for p, d in zip(pixels, near_dot, strict=True) if not d)
    assert darkest_elsewhere >= int(LIGHTEST_INK * 255) - 8
    dot = next(item for item in flatten(sheet.pages[0].items) if isinstance(item, Dot))
    assert darkness_at(image, dot.x, dot.y, 150) < 60


@pytest.mark.parametrize("preset", ["swell"])
def test_swell_dots_measure_the_standard_size_once_rendered(preset: str, tmp_path: Path) -> None:
    """Each raised dot of a swell sheet, rendered by poppler at 600 dpi, measured as the diameter of a
    disc of its dark area: the figure is at least 1.44 mm (NLS's base), for every dot measured."""
    out = tmp_path / "swell.pdf"
    assert run_cli(["labels", "--preset", preset, "--paper", "a4", "-o", str(out)]) == 0
    dpi = 600
    width, height, pixels = render_gray(out, dpi, page=1)
    geometry = PRESETS[preset].geometry
    sheet = _labels(geometry=geometry, only_dots_rise=preset == "swell")
    mm = 25.4 / dpi
    half = round(1.1 / mm)  # a square of 2.2 mm about the centre: the whole dot, none of its neighbours
    sizes = []
    for dot in [item for item in flatten(sheet.pages[0].items) if isinstance(item, Dot) and not item.faint][:200]:
        cx, cy = round(dot.x / mm), round(dot.y / mm)
        dark = sum(1 for y in range(cy - half, cy + half + 1) for x in range(cx - half, cx + half + 1)
                   if 0 <= x < width and 0 <= y < height and pixels[y * width + x] < 128)
        sizes.append(2 * (dark * mm * mm / 3.141592653589793) ** 0.5)
    assert len(sizes) == 200
    assert min(sizes) >= 1.44, f"smallest rendered dot {min(sizes):.3f} mm"
    assert max(sizes) <= 1.6 + 2 * mm  # and no bigger than NLS's largest, within a pixel each side
    print(f"{preset}: rendered dot diameter {min(sizes):.3f}-{max(sizes):.3f} mm over {len(sizes)} dots")


# --- empty dot places ----------------------------------------------------------------------------


def test_empty_dots_draw_all_six_places_faintly() -> None:
    sheet = _labels(empty_dots=True)
    group = _first_label(sheet, "3c")  # ⠒⠉: dots 25 and 14
    dots = [item for item in flatten(group.items) if isinstance(item, Dot)]
    assert len(dots) == 12
    assert sum(not d.faint for d in dots) == 4
    plain = [item for item in flatten(_first_label(_labels(), "3c").items) if isinstance(item, Dot)]
    assert len(plain) == 4


def test_empty_dots_rendered_tell_dropped_3_from_c(tmp_path: Path) -> None:
    out = tmp_path / "labels.pdf"
    assert run_cli(["labels", "--empty-dots", "-o", str(out)]) == 0
    sheet = _labels(empty_dots=True)
    image = render_gray(out, 300, page=1)
    data = dict(_first_label(sheet, "3st").data)
    x0 = float(data["x"]) + PAD + NLS.radius
    y0 = float(data["y"]) + PAD + NLS.radius
    first = NLS.positions(cells_from_brf("3"), x0, y0)
    for place in first:
        level = darkness_at(image, place.x, place.y, 300)
        if place.raised:
            assert level < 90, place
        else:
            assert 150 < level < 245, place  # faint grey, not white, not black


# --- actual size and the slate sheet -------------------------------------------------------------


def test_pdf_asks_for_actual_size(tmp_path: Path) -> None:
    out = tmp_path / "chart.pdf"
    assert run_cli(["chart", "-o", str(out)]) == 0
    data = out.read_bytes()
    ref = re.search(rb"/Type /Catalog[^>]*/ViewerPreferences (\d+) 0 R", data)
    assert ref is not None
    body = re.search(rb"\n" + ref.group(1) + rb" 0 obj\s*<<(.*?)>>", data, re.S)
    assert body is not None and re.search(rb"/PrintScaling\s*/None", body.group(1))


def test_mirrored_sheet_says_copy_not_cut() -> None:
    sheet = _labels(mirror=True)
    texts = [item.text for item in flatten(sheet.pages[0].items) if isinstance(item, Text)]
    info = texts[1]
    assert "mirrored" in info and "copy" in info and "Cut" not in info
    plain_info = [item.text for item in flatten(_labels().pages[0].items) if isinstance(item, Text)][1]
    assert "Cut along the grey lines" in plain_info


def test_print_options_refused_for_brf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "labels.brf"
    assert run_cli(["labels", "--preset", "swell", "-o", str(out)]) == 2
    assert "--preset apply to pdf and svg" in capsys.readouterr().err
    assert run_cli(["labels", "--empty-dots", "-o", str(out)]) == 2
    assert run_cli(["labels", "--preset", "embossed", "-o", str(tmp_path / "x.pdf")]) == 2
    assert "the presets are standard, swell" in capsys.readouterr().err
    assert not out.exists()


def test_rules_are_light_on_swell() -> None:
    sheet = _labels(geometry=SWELL, only_dots_rise=True)
    rules = [item for item in flatten(sheet.pages[0].items) if isinstance(item, Rule)]
    assert rules and all(sheet.ink(r.grey) >= LIGHTEST_INK for r in rules)
