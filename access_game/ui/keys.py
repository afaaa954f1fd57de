"""Key names as the registry writes them, as prompt_toolkit binds them and as a player reads them.

A key is written once, as a short name ('d', 'S', 'f1', 'c-s', 'alt-1', 'space', 'pageup'), so the
help text, the docs and the binding can never disagree. Keys a screen reader or the operating system
owns (Insert, CapsLock, the numeric keypad, Ctrl+Alt) have no name here and so cannot be bound.
"""

from __future__ import annotations

from speech.i18n import NP_, _, pgettext

__all__ = ["FORBIDDEN_MODIFIERS", "binding_keys", "key_label", "keys_label"]

#: Modifier spellings that must never appear in a key name.
FORBIDDEN_MODIFIERS = ("insert", "capslock", "c-a-", "c-alt", "kp", "numpad")

_SPECIAL_BINDINGS: dict[str, tuple[str, ...]] = {
    "space": (" ",),
    "enter": ("c-m",),
    "tab": ("c-i",),
    "s-tab": ("s-tab",),
    "escape": ("escape",),
    "?": ("?",),
}

#: The keys with a name of their own, marked for the catalog (context "key": 'Left' is a key here, not
#: what is left), so F1, the help, a refusal and ``access-game keys`` say them in the player's language.
_LABELS: dict[str, tuple[str, str]] = {
    "space": NP_("key", "Space"),
    "enter": NP_("key", "Enter"),
    "tab": NP_("key", "Tab"),
    "s-tab": NP_("key", "Shift+Tab"),
    "escape": NP_("key", "Escape"),
    "left": NP_("key", "Left"),
    "right": NP_("key", "Right"),
    "up": NP_("key", "Up"),
    "down": NP_("key", "Down"),
    "home": NP_("key", "Home"),
    "end": NP_("key", "End"),
    "pageup": NP_("key", "PageUp"),
    "pagedown": NP_("key", "PageDown"),
    "c-home": NP_("key", "Ctrl+Home"),
    "c-end": NP_("key", "Ctrl+End"),
}


def binding_keys(name: str) -> tuple[str, ...]:
    """The key sequence prompt_toolkit binds for a key name."""
    low = name.lower()
    if any(bad in low for bad in FORBIDDEN_MODIFIERS):
        raise ValueError(f"key {name!r} is one a screen reader or the system may own")
    if name in _SPECIAL_BINDINGS:
        return _SPECIAL_BINDINGS[name]
    if low.startswith("alt-") and len(name) > 4:
        return ("escape", name[4:])
    return (name,)


def key_label(name: str) -> str:
    """How the help and the docs name a key, in the player's language: 'D', 'Shift+S' ('Maj+S'), 'F1',
    'Ctrl+S', 'Alt+1', 'Space' ('Espace')."""
    if name in _LABELS:
        return pgettext(*_LABELS[name])
    if len(name) == 1:
        if name.isalpha() and name.isupper():
            return pgettext("key", "Shift+{key}").format(key=name)
        return name.upper() if name.isalpha() else name
    if name.lower().startswith("alt-"):
        return pgettext("key", "Alt+{key}").format(key=key_label(name[4:]))
    if name.startswith("c-"):
        return pgettext("key", "Ctrl+{key}").format(key=key_label(name[2:]))
    if name.startswith("s-"):
        return pgettext("key", "Shift+{key}").format(key=key_label(name[2:]))
    if name[0] == "f" and name[1:].isdigit():
        return name.upper()
    return name


def keys_label(names: tuple[str, ...]) -> str:
    """'Space or Enter' ('Espace ou Entrée')."""
    labels = [key_label(n) for n in names]
    if len(labels) <= 1:
        return "".join(labels)
    return _("{keys} or {last}").format(keys=", ".join(labels[:-1]), last=labels[-1])
