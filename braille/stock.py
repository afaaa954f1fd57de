"""Sheets of die-cut clear labels, as sold for braille: where each label of the sheet is, in mm; and
the sizes of the playing cards a code can be embossed straight on.

A teacher who labels cards with clear labels buys sheets of die-cut labels (the common office
layouts, in clear film) and prints or embosses onto them. The card code of one card is small (a 3-cell
label is about 20 x 10 mm), so each die-cut label holds a few card labels, cut apart along their
guides after printing. The layouts below are the usual ones of each paper size; each is data, so a
new stock is one more line, measured from its own packet.
"""

from __future__ import annotations

from dataclasses import dataclass

from braille.geometry import PAPERS, Paper

__all__ = ["CARDS", "CORNERS", "STOCKS", "CardSize", "LabelStock"]


@dataclass(frozen=True, slots=True)
class LabelStock:
    """One sheet layout: its paper, how many die-cut labels across and down, each label's size, where
    the first label's top left corner is, and the pitch (corner to corner) between labels."""

    name: str
    paper: Paper
    columns: int
    rows: int
    label_width: float
    label_height: float
    left: float
    top: float
    pitch_x: float
    pitch_y: float
    note: str

    def __post_init__(self) -> None:
        right = self.left + (self.columns - 1) * self.pitch_x + self.label_width
        bottom = self.top + (self.rows - 1) * self.pitch_y + self.label_height
        if right > self.paper.width + 1e-6 or bottom > self.paper.height + 1e-6:
            raise ValueError(f"the {self.name} labels run off their {self.paper.name} paper")
        if self.pitch_x < self.label_width - 1e-6 or self.pitch_y < self.label_height - 1e-6:
            raise ValueError(f"the {self.name} labels overlap")

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    def place(self, index: int) -> tuple[float, float]:
        """The top left corner of die-cut label ``index`` (0 based, row by row) on its sheet."""
        row, column = divmod(index % self.per_sheet, self.columns)
        return self.left + column * self.pitch_x, self.top + row * self.pitch_y


_INCH = 25.4

STOCKS: dict[str, LabelStock] = {
    stock.name: stock
    for stock in (
        LabelStock("letter-3x10", PAPERS["letter"], 3, 10, 2.625 * _INCH, 1.0 * _INCH, 0.1875 * _INCH,
                   0.5 * _INCH, 2.75 * _INCH, 1.0 * _INCH, "letter, 30 labels of 2 5/8 x 1 in (the 5160/5660 layout)"),
        LabelStock("letter-2x10", PAPERS["letter"], 2, 10, 4.0 * _INCH, 1.0 * _INCH, 0.15625 * _INCH,
                   0.5 * _INCH, 4.1875 * _INCH, 1.0 * _INCH, "letter, 20 labels of 4 x 1 in (the 5161/5661 layout)"),
        LabelStock("a4-3x7", PAPERS["a4"], 3, 7, 63.5, 38.1, 7.25, 15.15, 66.04, 38.1,
                   "A4, 21 labels of 63.5 x 38.1 mm (the L7160/L7560 layout)"),
        LabelStock("a4-2x7", PAPERS["a4"], 2, 7, 99.1, 38.1, 4.65, 15.15, 101.6, 38.1,
                   "A4, 14 labels of 99.1 x 38.1 mm (the L7163/L7563 layout)"),
    )
}
"""The clear label sheets a kit can be printed on, by the names ``labels --stock`` takes."""


@dataclass(frozen=True, slots=True)
class CardSize:
    """A playing card's size (mm)."""

    name: str
    width: float
    height: float


CARDS: dict[str, CardSize] = {
    "poker": CardSize("poker", 63.0, 88.0),
    "bridge": CardSize("bridge", 57.0, 89.0),
}
"""The card sizes ``labels --card`` takes: a poker card and a bridge card."""


CORNERS = ("top-left,bottom-right", "top-left,top-right")
"""The two ways a card's code is placed: at opposite corners, or both at the top for reverse fanners."""
