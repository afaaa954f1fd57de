"""Keys are named in the player's language wherever they are said (F1, refusals, ``access-game keys``,
the keys documents), while the keys themselves stay the same."""

from __future__ import annotations

import pytest

from access_game.ui.keys import binding_keys, key_label, keys_label
from speech.i18n import in_language


@pytest.mark.parametrize(("name", "english", "french"), [
    ("space", "Space", "Espace"), ("enter", "Enter", "Entrée"), ("escape", "Escape", "Échap"),
    ("left", "Left", "Gauche"), ("pageup", "PageUp", "Page précédente"), ("H", "Shift+H", "Maj+H"),
    ("s-tab", "Shift+Tab", "Maj+Tab"), ("c-home", "Ctrl+Home", "Ctrl+Début"), ("alt-1", "Alt+1", "Alt+1"),
    ("f1", "F1", "F1"), ("d", "D", "D"), ("?", "?", "?"),
])
def test_a_key_is_named_in_the_language_and_bound_alike(name: str, english: str, french: str) -> None:
    with in_language("en"):
        assert key_label(name) == english
        bound = binding_keys(name)
    with in_language("fr"):
        assert key_label(name) == french
        assert binding_keys(name) == bound


def test_a_list_of_keys_is_joined_in_the_language() -> None:
    with in_language("en"):
        assert keys_label(("space", "enter")) == "Space or Enter"
    with in_language("fr"):
        assert keys_label(("space", "enter")) == "Espace ou Entrée"
        assert keys_label(("left", "right", "home")) == "Gauche, Droite ou Début"
