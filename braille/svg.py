"""Draw a :class:`~braille.sheet.Sheet` as one SVG document, true size.

The SVG's width and height are given in mm and its user unit is 1 mm (viewBox), so a browser or a
vector editor prints it at real size. SVG has no pages: pages are stacked top to bottom, one paper
height apart, each in a ``<g class="page">``. Every text carries the width the layout measured it at
(``textLength``), so a viewer that has none of the fonts asked for still keeps words apart. For
printing many pages the PDF is easier; the SVG is for editing, cutting plotters and checking.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from braille.sheet import FAINT_GREY, FAINT_SIZE, Dot, Item, Rule, Sheet, Text, text_width

__all__ = ["render_svg"]

_FONT_FAMILY = "Helvetica, Arial, 'Liberation Sans', sans-serif"


def _n(value: float) -> str:
    """Millimetres to 4 decimals, no trailing zeros: exact enough, stable in tests."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _grey(value: float) -> str:
    level = round(max(0.0, min(1.0, value)) * 255)
    return f"#{level:02x}{level:02x}{level:02x}"


def _item(item: Item, dy: float, indent: str, sheet: Sheet) -> list[str]:
    if isinstance(item, Dot):
        centre = f'cx="{_n(item.x)}" cy="{_n(item.y + dy)}"'
        if item.faint:
            r = _n(item.diameter / 2 * FAINT_SIZE)
            return [f'{indent}<circle class="empty" {centre} r="{r}" fill="{_grey(FAINT_GREY)}"/>']
        return [f'{indent}<circle {centre} r="{_n(item.diameter / 2)}" fill="#000000"/>']
    if isinstance(item, Text):
        weight = ' font-weight="bold"' if item.bold else ""
        # The layout measured the words in Helvetica; a viewer without Helvetica, Arial or Liberation
        # Sans draws them in a wider font, and words under neighbouring labels would run together.
        # textLength makes every viewer fit the words to the measured width, whatever font it has.
        length = text_width(item.text, item.size, bold=item.bold)
        fit = f' textLength="{_n(length)}" lengthAdjust="spacingAndGlyphs"' if item.text.strip() else ""
        return [
            f'{indent}<text x="{_n(item.x)}" y="{_n(item.y + dy)}" font-size="{_n(item.size)}" '
            f'text-anchor="{item.anchor}" fill="{_grey(sheet.ink(item.grey))}"{weight}{fit}>'
            f"{escape(item.text)}</text>"
        ]
    if isinstance(item, Rule):
        dash = ' stroke-dasharray="1.5 1"' if item.dashed else ""
        return [
            f'{indent}<line x1="{_n(item.x1)}" y1="{_n(item.y1 + dy)}" x2="{_n(item.x2)}" y2="{_n(item.y2 + dy)}" '
            f'stroke="{_grey(sheet.ink(item.grey))}" stroke-width="{_n(item.width)}"{dash}/>'
        ]
    attrs = "".join(f" data-{key}={quoteattr(value)}" for key, value in item.data)
    lines = [f'{indent}<g class="{item.kind}"{attrs}>']
    for child in item.items:
        lines.extend(_item(child, dy, indent + "  ", sheet))
    lines.append(f"{indent}</g>")
    return lines


def render_svg(sheet: Sheet) -> str:
    """The SVG text (UTF-8, ends with a newline)."""
    w, h = sheet.paper.width, sheet.paper.height
    total = h * len(sheet.pages)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(w)}mm" height="{_n(total)}mm" '
        f'viewBox="0 0 {_n(w)} {_n(total)}" font-family="{_FONT_FAMILY}" data-pages="{len(sheet.pages)}">',
        f"  <title>{escape(sheet.title)}</title>",
    ]
    for n, page in enumerate(sheet.pages):
        dy = n * h
        out.append(f'  <g class="page" data-page="{n + 1}">')
        out.append(f'    <rect x="0" y="{_n(dy)}" width="{_n(w)}" height="{_n(h)}" fill="#ffffff"/>')
        for item in page.items:
            out.extend(_item(item, dy, "    ", sheet))
        out.append("  </g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
