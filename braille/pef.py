"""PEF, the Portable Embosser Format: the same braille pages as a BRF file, as XML with Unicode cells.

A BRF file is ASCII that an embosser maps to cells through its own table: the same file can come out
with different cells for ``#``, ``@`` or ``[`` on a European embosser. PEF (version 2008-1, the DAISY
Consortium's braille interchange format) names every cell as a Unicode braille pattern (U+2800 to
U+28FF), so there is no table to get wrong, and it carries its page size and its metadata (title,
language) with it. Braille libraries archive and exchange books in it, and embosser drivers and
braille editors read it.

The pages are written exactly as :mod:`braille.brf` laid them out: one ``<row>`` per line (trailing
blank cells dropped, as in the BRF), one ``<page>`` per page, one volume and one section holding them
all. The document is the same bytes every time it is made from the same pages (no date, no random
identifier), like the BRF and the PDF.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from braille.brf import BrfLayoutError, PageFormat
from braille.cells import Cells, cells_to_unicode

__all__ = ["PEF_MEDIA_TYPE", "PEF_NAMESPACE", "render_pef"]

PEF_NAMESPACE = "http://www.daisy.org/ns/2008/pef"
PEF_MEDIA_TYPE = "application/x-pef+xml"
_DC = "http://purl.org/dc/elements/1.1/"


def render_pef(
    pages: Sequence[Sequence[Cells]],
    fmt: PageFormat,
    *,
    title: str,
    identifier: str,
    language: str,
    duplex: bool = False,
) -> bytes:
    """The PEF document (UTF-8) for BRF pages of ``fmt``: ``title`` and ``language`` (a language tag:
    en, fr) for the metadata, ``identifier`` a name that is the same for the same document
    (access-game/five-crowns-chart). ``duplex`` says the pages are meant for both sides of the paper
    (interpoint); the kit's sheets are single-sided, so a page is never read through its back.
    Checks the page size as the BRF writer does."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<pef version="2008-1" xmlns="{PEF_NAMESPACE}">',
        "  <head>",
        f'    <meta xmlns:dc="{_DC}">',
        f"      <dc:format>{PEF_MEDIA_TYPE}</dc:format>",
        f"      <dc:identifier>{escape(identifier)}</dc:identifier>",
        f"      <dc:title>{escape(title)}</dc:title>",
        f"      <dc:language>{escape(language)}</dc:language>",
        "      <dc:creator>access-game</dc:creator>",
        "    </meta>",
        "  </head>",
        "  <body>",
        f'    <volume cols="{fmt.cells_per_line}" rows="{fmt.lines_per_page}" rowgap="0" '
        f'duplex="{"true" if duplex else "false"}">',
        "      <section>",
    ]
    for n, page in enumerate(pages, start=1):
        if len(page) > fmt.lines_per_page:
            raise BrfLayoutError(f"page {n} has {len(page)} lines; the page holds {fmt.lines_per_page}")
        out.append("        <page>")
        for line in page:
            if len(line) > fmt.cells_per_line:
                raise BrfLayoutError(f"a line of {len(line)} cells is wider than {fmt.cells_per_line}")
            row = cells_to_unicode(line).rstrip("\u2800")
            out.append(f"          <row>{row}</row>" if row else "          <row/>")
        out.append("        </page>")
    out += ["      </section>", "    </volume>", "  </body>", "</pef>"]
    return ("\n".join(out) + "\n").encode("utf-8")
