"""How many of the games' sentences the French golden transcripts say: a measure of what they cover.

Each sentence of the four games' words modules and the narrator is looked for in a language's golden
transcripts (tests/golden/fr/ for French, the folder its description names) by its words in that
language (the text between its placeholders, in order); sentences that are only placeholders and
punctuation are left out. Prints the figure per module and in all.

    .venv/bin/python scripts/golden_coverage.py [--lang fr|es]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from speech.languages import LANGUAGES, describe  # noqa: E402

MODULES = ("speech/narrator.py", "speech/five_crowns_words.py", "speech/solitaire_words.py",
           "speech/contract_words.py", "speech/upcard_words.py")


def _pattern(text: str) -> re.Pattern[str] | None:
    words = [piece for piece in re.split(r"\{\w+\}", text.strip()) if re.search(r"\w", piece)]
    return re.compile(".*?".join(re.escape(w) for w in words)) if words else None


def coverage(code: str) -> None:
    """Print how many of the games' sentences the golden games of language ``code`` say."""
    lang = describe(code)
    with open(ROOT / "speech" / "locale" / lang.code / "LC_MESSAGES" / "access_game.po", "rb") as src:
        catalog = read_po(src, locale=lang.code)
    assert lang.golden_dir is not None
    said = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / lang.golden_dir).glob("*.txt")))
    counts: dict[str, list[int]] = {m: [0, 0] for m in MODULES}
    for message in catalog:
        module = next((loc for loc, _line in message.locations if loc in counts), None)
        if not message.id or module is None:
            continue
        forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
        patterns = [p for p in map(_pattern, forms) if p is not None]
        if not patterns:
            continue
        counts[module][1] += 1
        counts[module][0] += any(p.search(said) for p in patterns)
    print(f"{lang.english_name} ({lang.code}):")
    for module, (heard, total) in counts.items():
        print(f"{module}: {heard} of {total} sentences heard ({heard / max(total, 1):.0%})")
    heard, total = (sum(c[i] for c in counts.values()) for i in (0, 1))
    print(f"all: {heard} of {total} ({heard / max(total, 1):.0%})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="How much of the catalog a language's golden games say.")
    parser.add_argument("--lang", choices=LANGUAGES[1:], help="only this language (default: each but English)")
    code = parser.parse_args(argv).lang
    for lang in [code] if code else LANGUAGES[1:]:
        coverage(lang)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
