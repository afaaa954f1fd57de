"""What a hint says: the strongest computer player's choice, and why, in words.

The choice and its reason come from the engine (:class:`engine.bots.base.Choice`: a reason's name
and its facts, no sentences); the sentences are here. Cards stay Card values in the messages, so a
braille display shows them as cells. A hint names the act, not its key: the keys are the table's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action, Discard, Draw, GoOut
from engine.bots.base import Choice
from engine.cards import Card, Rank
from speech.phrases import capital_parts, card_count, cards_parts, points, the_card
from speech.utterance import Kind, Utterance, utter

__all__ = ["action_parts", "go_out_offer", "hint_utterances", "no_hint"]

Parts = list[str | Card]


def no_hint(reason: str) -> Utterance:
    """Nothing to advise now: the rules' reason ('it is Anna's turn, not yours')."""
    return utter(f"No hint: {reason}.", kind=Kind.MY_TURN)


def go_out_offer(card: Card, wild: Rank | None) -> Utterance:
    """Said unprompted at the start of a turn, when hints are on: the up card lets the hand go out."""
    return utter(*capital_parts(the_card(card, wild)), " lets you go out: take it.", kind=Kind.MY_TURN)


def _list(cards: Sequence[Card], wild: Rank | None) -> Parts:
    return cards_parts(cards, wild)


def _melds(prefix: str, melds: Sequence[Sequence[Card]], wild: Rank | None) -> Parts:
    """One meld: 'Lay down: a; b; c'. Several, counted and not run together: 'Lay down, 2 melds.
    First: a; b; c. Second: d; e; f'."""
    if len(melds) == 1:
        return [f"{prefix}: ", *_list(melds[0], wild)]
    parts: Parts = [f"{prefix}, {len(melds)} melds"]
    for i, meld in enumerate(melds):
        parts += [f". {_ORDINALS[i] if i < len(_ORDINALS) else f'Meld {i + 1}'}: ", *_list(meld, wild)]
    return parts


_ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth")


def action_parts(action: Action, view: Any) -> Parts:
    """A move as advice: 'Draw from the stock', 'Take the 10 of hearts', 'Discard the 9 of clubs',
    'Lay off the king of spades on meld 3'. Moves of one game are known by their kind."""
    wild = getattr(view, "wild_rank", None)
    kind = action.kind
    if isinstance(action, Draw):
        top = getattr(view, "discard_top", None)
        if action.source == "discard" and top is not None:
            return ["Take ", *the_card(top, wild)]
        return ["Draw from the stock"]
    if isinstance(action, GoOut):
        return ["You can go out: discard ", *the_card(action.discard, wild)]
    if isinstance(action, Discard):
        return ["Discard ", *the_card(action.card, wild)]
    a: Any = action
    if kind == "contract_lay_down":
        return _melds("Lay down", a.melds, wild)
    if kind == "contract_lay_off":
        return ["Lay off ", *the_card(a.card, wild, mid=True), f" on meld {a.meld_id}"]
    if kind == "contract_swap":
        return ["Swap ", *the_card(a.card, wild), " for ", *the_card(a.wild, wild, mid=True),
                f" in meld {a.meld_id}, and play the wild on meld {a.to_meld_id}"]
    offer = getattr(view, "offer", None)
    if kind == "contract_buy":
        return ["Buy ", *the_card(offer, wild)] if isinstance(offer, Card) else ["Buy the up card"]
    if kind == "contract_pass_buy":
        return ["Pass on ", *the_card(offer, wild)] if isinstance(offer, Card) else ["Pass on the up card"]
    if kind == "upcard_meld":
        return _melds("Meld", [a.cards], wild)
    if kind == "upcard_lay_off":
        return ["Lay off ", *the_card(a.card, wild, mid=True), f" on meld {a.meld + 1}"]
    if kind == "upcard_take_discards":
        pile = getattr(view, "discard", ())
        target: Parts = the_card(pile[-a.count], wild) if len(pile) >= a.count else ["the pile"]
        taken = "1 card" if a.count == 1 else f"{a.count} cards"
        return [f"Take {taken} back to ", *target, ", melding ", *_list(a.meld, wild)]
    if kind == "place":
        drawn = getattr(view, "drawn", None)
        what: Parts = the_card(drawn, wild) if isinstance(drawn, Card) else ["the card"]
        return ["Place ", *what, *([","] if what[-1] == ", wild" else []), f" on pile {a.pile}"]
    return [kind.replace("_", " ").capitalize()]


def hint_utterances(choice: Choice, view: Any, lay_down: Sequence[Sequence[Card]] = (),
                    held: int | None = None, key: str | None = None, select: bool = False) -> list[Utterance]:
    """The hint for ``choice``, made for the player's ``view``; ``lay_down``: the melds a hand going
    out puts down; ``held``: the points the hand holds now, said after advice on the draw; ``key``:
    the key that makes the move, said last ('Press T.'), so the advice itself reads first; ``select``:
    the move puts down cards the player selects first."""
    wild = getattr(view, "wild_rank", None)
    action = choice.action
    parts = action_parts(action, view)
    reason = choice.reason
    if reason == "take_goes_out":
        # After someone has gone out, a hand that melds is laid down rather than going out.
        parts.append(": then every card melds." if getattr(view, "last_turn", False) else ": then you can go out.")
    elif reason == "take_fewer_points" and choice.points is not None:
        parts.append(f": after your discard that leaves {points(choice.points)}.")
    elif reason in ("top_idle", "stock_better"):
        top = getattr(view, "discard_top", None)
        if isinstance(top, Card) and reason == "top_idle":
            parts += [": ", *the_card(top, wild), " would not meld."]
        elif isinstance(top, Card) and choice.points is not None:
            parts += [": taking ", *the_card(top, wild, mid=True), f" would leave at best {points(choice.points)}."]
        else:
            parts.append(".")
    elif reason == "go_out":
        parts.append(".")
        if lay_down:
            parts += [" ", *_melds("Lay-down", lay_down, wild), "."]
    elif reason == "spare_next" and choice.instead is not None:
        who = view.players[choice.seat] if choice.seat is not None else "the next player"
        parts += [" rather than ", *the_card(choice.instead, wild),
                  f": {who}, who plays next, is collecting cards like it."]
        if choice.points is not None:
            parts.append(f" That leaves {points(choice.points)}.")
    elif reason in ("fewest_points", "best_prospects", "lay_down", "shed_highest") and choice.points is not None:
        parts.append(f": that leaves {points(choice.points)}.")
    elif reason in ("take_helps", "buy_helps"):
        melded = getattr(view, "melded", None)
        down = isinstance(melded, list | tuple) and bool(melded[view.seat])
        parts.append(": it plays on the table." if down else ": it brings you closer to your contract.")
    elif reason == "meld_worth" and choice.points is not None:
        parts.append(f". Worth {points(choice.points)}.")
    elif reason == "closes_pile":
        parts.append(": that closes the pile." if isinstance(action, Discard) else ": then the pile can close.")
    elif reason == "nearer_closing" and choice.short is not None:
        parts.append(f": the pile is then {card_count(choice.short)} from closing.")
    elif reason == "up_card_no_help":
        parts.append(": it does not help you.")
    elif reason == "stay_short" and choice.short is not None:
        parts.append(f": you stay {card_count(choice.short)} short of your contract.")
    else:
        parts.append(".")
    if held is not None and isinstance(action, Draw):
        parts.append(f" Your hand now: {points(held)}.")
    if key:
        parts.append(f" Select them, then press {key}." if select else f" Press {key}.")
    return [utter(*parts, kind=Kind.MY_TURN)]

