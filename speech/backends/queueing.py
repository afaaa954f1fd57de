"""Where a new line goes in a voice's queue: the one rule every voice follows.

An ordinary line goes to the end. An urgent line goes ahead of every ordinary line still waiting but
after the urgent lines already waiting, so urgent lines keep their own order and nothing is dropped.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TypeVar

__all__ = ["enqueue"]

T = TypeVar("T")


def enqueue(queue: deque[T], item: T, *, urgent: bool, is_urgent: Callable[[T], bool]) -> None:
    if not urgent:
        queue.append(item)
        return
    at = 0
    while at < len(queue) and is_urgent(queue[at]):
        at += 1
    queue.insert(at, item)
