"""PEF files: every one the kit makes is valid against the PEF 1.0 schema (tests/data/pef, the
specification's own RELAX NG rule set, checked by libxml2 through lxml), and holds, page for page and
cell for cell, what the BRF file of the same sheet holds."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from braille_testing import run_cli
from lxml import etree

from access_game.catalog import game as catalog_game
from access_game.catalog import games, resolve
from braille.brf import PageFormat
from braille.cells import BRF_CHARS, cells_from_unicode, cells_to_brf
from braille.geometry import PAPERS
from braille.kit import make_kit
from braille.pef import PEF_NAMESPACE, render_pef
from braille.sheet import SheetOptions
from speech.i18n import set_language

SCHEMA = Path(__file__).resolve().parents[1] / "data" / "pef" / "pef-2008-1.rng"
NS = {"p": PEF_NAMESPACE, "dc": "http://purl.org/dc/elements/1.1/"}


@pytest.fixture(scope="module")
def schema() -> etree.RelaxNG:
    return etree.RelaxNG(etree.parse(str(SCHEMA)))


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    try:
        yield request.param
    finally:
        set_language("en")


def _brf_pages(data: bytes) -> list[list[str]]:
    return [page[:-2].decode("ascii").split("\r\n") for page in data.split(b"\f")]


def _pef_pages(root: etree._Element) -> list[list[str]]:
    """Each page's rows as BRF text, read back from the Unicode cells."""
    pages = []
    for page in root.iterfind(".//p:page", NS):
        pages.append([cells_to_brf(cells_from_unicode(row.text or "")) for row in page.iterfind("p:row", NS)])
    return pages


@pytest.mark.parametrize("language", ["en", "fr"], indirect=True)
@pytest.mark.parametrize("fmt", [PageFormat(), PageFormat(32, 27)], ids=["40x25", "32x27"])
@pytest.mark.parametrize("game", [e.name for e in games()])
def test_every_kit_pef_is_valid_and_is_its_brf(
    schema: etree.RelaxNG, game: str, fmt: PageFormat, language: str
) -> None:
    book = resolve(catalog_game(game).rule_book or "")()
    deck = catalog_game(game).game_deck()
    files = {f.name: f for f in make_kit(deck, SheetOptions(paper=PAPERS["a4"], ten_as_x=game == "upcard-rummy"),
                                         fmt=fmt, rule_book=book)}
    pefs = [name for name in files if name.endswith(".pef")]
    assert sorted(pefs) == sorted(f"{game}-{part}.pef" for part in ("labels", "chart", "practice", "rules"))
    for name in pefs:
        root = etree.fromstring(files[name].data)
        assert schema.validate(root), (name, schema.error_log)
        volume = root.find(".//p:volume", NS)
        assert volume is not None
        assert (volume.get("cols"), volume.get("rows")) == (str(fmt.cells_per_line), str(fmt.lines_per_page))
        assert root.findtext(".//dc:language", namespaces=NS) == language
        assert root.findtext(".//dc:identifier", namespaces=NS) == f"access-game/{name.removesuffix('.pef')}"
        brf = _brf_pages(files[name.removesuffix(".pef") + ".brf"].data)
        pef = _pef_pages(root)
        assert len(pef) == len(brf) == files[name].pages
        for pef_page, brf_page in zip(pef, brf, strict=True):
            assert pef_page == brf_page  # the same cells, line for line
            assert len(pef_page) <= fmt.lines_per_page and all(len(r) <= fmt.cells_per_line for r in pef_page)


def test_a_broken_pef_is_refused_by_the_schema(schema: etree.RelaxNG) -> None:
    """The schema check can fail: a letter in a row, a missing format, a page with no section."""
    from braille.cells import cells_from_dots

    good = render_pef([[cells_from_dots("1 12")]], PageFormat(), title="t", identifier="i", language="en")
    assert schema.validate(etree.fromstring(good))
    for bad in (
        good.replace("⠁⠃".encode(), b"ab"),
        good.replace(b"<dc:format>application/x-pef+xml</dc:format>", b""),
        good.replace(b'version="2008-1"', b'version="2"'),
        good.replace(b"<section>", b"").replace(b"</section>", b""),
    ):
        assert not schema.validate(etree.fromstring(bad))


@pytest.mark.parametrize("command", ["labels", "chart", "practice"])
def test_the_commands_write_pef(tmp_path: Path, command: str, schema: etree.RelaxNG) -> None:
    pef, brf = tmp_path / f"{command}.pef", tmp_path / f"{command}.brf"
    assert run_cli([command, "--deck", "standard", "--cells-per-line", "30", "-o", str(pef)]) == 0
    assert run_cli([command, "--deck", "standard", "--cells-per-line", "30", "-o", str(brf)]) == 0
    root = etree.fromstring(pef.read_bytes())
    assert schema.validate(root), schema.error_log
    assert _pef_pages(root) == _brf_pages(brf.read_bytes())
    assert set("".join(r for p in _pef_pages(root) for r in p)) <= set(BRF_CHARS)
    assert run_cli([command, "--format", "pef", "--paper", "a4", "-o", str(tmp_path / "x.pef")]) == 2
