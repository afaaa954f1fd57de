"""Key names as the registry writes them, as prompt_toolkit binds them and as a player reads them.

A key is written once, as a short name ('d', 'S', 'f1', 'c-s', 'alt-1', 'space', 'pageup'), so the
help text, the docs and the binding can never disagree. Keys a screen reader or the operating system
owns (Insert, CapsLock, the numeric keypad, Ctrl+Alt) have no name here and so cannot be bound.
"""

from __future__ import annotations

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

_LABELS: dict[str, str] = {
    "space": "Space",
    "enter": "Enter",
    "tab": "Tab",
    "s-tab": "Shift+Tab",
    "escape": "Escape",
    "left": "Left",
    "right": "Right",
    "up": "Up",
    "down": "Down",
    "home": "Home",
    "end": "End",
    "pageup": "PageUp",
    "pagedown": "PageDown",
    "c-home": "Ctrl+Home",
    "c-end": "Ctrl+End",
    "?": "?",
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
    """How the help and the docs name a key: 'D', 'Shift+S', 'F1', 'Ctrl+S', 'Alt+1'."""
    if name in _LABELS:
        return _LABELS[name]
    if len(name) == 1:
        if name.isalpha() and name.isupper():
            return f"Shift+{name}"
        return name.upper() if name.isalpha() else name
    if name.lower().startswith("alt-"):
        return "Alt+" + key_label(name[4:])
    if name.startswith("c-"):
        return "Ctrl+" + key_label(name[2:])
    if name.startswith("s-"):
        return "Shift+" + key_label(name[2:])
    if name[0] == "f" and name[1:].isdigit():
        return name.upper()
    return name


def keys_label(names: tuple[str, ...]) -> str:
    """'Space or Enter'."""
    labels = [key_label(n) for n in names]
    if len(labels) <= 1:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " or " + labels[-1]
