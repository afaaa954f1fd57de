"""The letters that answer a yes/no question, in the player's language as well as English.

A French player answers "Oui" with O, a Spanish one "Sí" with S: each language gives its two letters in
its catalog (the messages "Y" and "N" in the context "answer key"), so a new language brings its own
letters with its translations and no list here grows. Y and N answer in every language too: a player
who learnt the English keys, or reads the English documents, is never refused.
"""

from __future__ import annotations

from speech.i18n import pgettext

__all__ = ["answer", "letters", "yes_no_prompt"]

#: The English letters, which answer in every language.
YES = "Y"
NO = "N"


def letters() -> tuple[str, str]:
    """The language's letters for yes and no, capitals as a question says them ("O", "N" in French)."""
    # The two messages are written out for the catalog's extraction; a missing translation is English.
    yes = pgettext("answer key", "Y").strip().upper()[:1] or YES
    no = pgettext("answer key", "N").strip().upper()[:1] or NO
    return yes, no


def answer(key: str) -> bool | None:
    """True for a yes key, False for a no key (the language's lower-case letter or the English one), None
    for any other key. Capitals are no answer: Shift+N does the hint, and must never answer a question."""
    yes, no = letters()
    if key in (YES.lower(), yes.lower()):
        return True
    if key in (NO.lower(), no.lower()):
        return False
    return None


def yes_no_prompt() -> str:
    """The prompt of a bare yes/no question: the language's letters, 'o/n' in French."""
    yes, no = letters()
    return f"{yes.lower()}/{no.lower()}"
