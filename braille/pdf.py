"""Draw a :class:`~braille.sheet.Sheet` as a PDF with reportlab, true size.

The page size is the paper's, in points from millimetres, and nothing is scaled: printed at 100 %
("actual size", not "fit to page"), a dot is as wide as the geometry says. The canvas is made
``invariant`` (no time stamps or random ids), so the same sheet gives the same bytes. The document
asks viewers to print without scaling (viewer preference PrintScaling None); the scale bar on every
page checks that they did.
"""

from __future__ import annotations

import io

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from braille.sheet import FAINT_GREY, FAINT_SIZE, FONT, Dot, Rule, Sheet, Text, flatten

__all__ = ["render_pdf"]


def render_pdf(sheet: Sheet) -> bytes:
    """The PDF bytes."""
    w, h = sheet.paper.width, sheet.paper.height
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(w * mm, h * mm), invariant=1)
    canvas.setTitle(sheet.title)
    canvas.setAuthor("access-game")
    canvas.setCreator("access-game")
    # Ask the viewer's print dialog for actual size: "fit to page" would shrink every dot.
    canvas.setViewerPreference("PrintScaling", "None")
    for page in sheet.pages:
        for item in flatten(page.items):
            if isinstance(item, Dot):
                radius = item.diameter / 2 * (FAINT_SIZE if item.faint else 1.0)
                canvas.setFillGray(FAINT_GREY if item.faint else 0)
                canvas.circle(item.x * mm, (h - item.y) * mm, radius * mm, stroke=0, fill=1)
            elif isinstance(item, Text):
                canvas.setFillGray(sheet.ink(item.grey))
                canvas.setFont(FONT + ("-Bold" if item.bold else ""), item.size * mm)
                x, y = item.x * mm, (h - item.y) * mm
                if item.anchor == "middle":
                    canvas.drawCentredString(x, y, item.text)
                elif item.anchor == "end":
                    canvas.drawRightString(x, y, item.text)
                else:
                    canvas.drawString(x, y, item.text)
            elif isinstance(item, Rule):
                canvas.setStrokeGray(sheet.ink(item.grey))
                canvas.setLineWidth(item.width * mm)
                canvas.setDash([1.5 * mm, 1 * mm] if item.dashed else [])
                canvas.line(item.x1 * mm, (h - item.y1) * mm, item.x2 * mm, (h - item.y2) * mm)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
