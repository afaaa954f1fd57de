"""Helpers shared by the subcommands."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any


def add_command(
    sub: argparse._SubParsersAction,  # type: ignore[type-arg]
    name: str,
    func: Callable[[argparse.Namespace], int],
    help_text: str,
    **kwargs: Any,
) -> argparse.ArgumentParser:
    """Add a subcommand whose parser remembers itself, so UsageError can print the right usage."""
    parser: argparse.ArgumentParser = sub.add_parser(name, help=help_text, description=help_text, **kwargs)
    parser.set_defaults(func=func, parser=parser)
    return parser
