"""How every benchmark states its timings: the median, a tail (the 99th percentile unless a figure says
otherwise), the largest and the number of samples. One rule for the tail, the nearest rank at or below
(the sample below which ``q`` of the others lie), so figures from different benches compare."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

__all__ = ["percentile", "timing_line"]


def percentile(values: Sequence[float], q: float) -> float:
    """The sample at fraction ``q`` (0 to 1) of ``values`` in order; 1 is the largest. ``values`` is not empty."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timing_line(values: Sequence[float], *, unit: str = "ms", digits: int = 1, tail: float = 0.99,
                largest: bool = True) -> str:
    """'median 1.2 ms, p99 3.4 ms, max 5.6 ms (n=21)' for ``values`` already in ``unit``."""
    if not values:
        return "no samples"
    parts = [f"median {statistics.median(values):.{digits}f} {unit}",
             f"p{round(tail * 100)} {percentile(values, tail):.{digits}f} {unit}"]
    if largest:
        parts.append(f"max {max(values):.{digits}f} {unit}")
    return f"{', '.join(parts)} (n={len(values)})"
