"""What a hint says: the strongest computer player's choice, and why, in words.

The choice and its reason come from the engine (:class:`engine.bots.base.Choice`: a reason's name
and its facts, no sentences); the sentences are here. Cards stay Card values in the messages, so a
braille display shows them as cells. A hint names the act, not its key: the keys are the table's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.actions import Action, Discard, Draw, GoOut
from engine.bots.base import Choice
from engine.cards import Card, Rank
from speech.i18n import N_, _, fill, ngettext
from speech.phrases import capital_parts, card_count, cards_parts, points, the_card
from speech.utterance import Kind, Utterance, utter

__all__ = ["MoveWords", "action_parts", "advice_parts", "go_out_offer", "hint_utterances", "melds_advice", "no_hint"]

Parts = list[str | Card]
#: A game's words for its own moves as advice, ``(action, view) -> parts``; None for a move it does not
#: word (the move's kind is said then). Named by the game's catalog entry (``hint_words``).
MoveWords = Callable[[Action, Any], "Parts | None"]


def advice_parts(template: str, **values: Any) -> Parts:
    """A translated sentence of advice with its cards kept as parts."""
    return list(fill(template, **values))


_fill = advice_parts


def no_hint(reason: str) -> Utterance:
    """Nothing to advise now: the rules' reason ('it is Anna's turn, not yours'), in the chosen language."""
    from speech.refusal_words import reason_text

    return utter(_("No hint: {reason}.").format(reason=reason_text(reason)), kind=Kind.MY_TURN)


def go_out_offer(card: Card, wild: Rank | None) -> Utterance:
    """Said unprompted at the start of a turn, when hints are on: the up card lets the hand go out."""
    return utter(*capital_parts(_fill(_("{the_card} lets you go out: take it."), the_card=the_card(card, wild))),
                 kind=Kind.MY_TURN)


def _list(cards: Sequence[Card], wild: Rank | None) -> Parts:
    return cards_parts(cards, wild)


#: What a list of melds is headed with in a hint ('Lay down: ...').
_MELD_HEADS = {"Lay down": N_("Lay down"), "Meld": N_("Meld"), "Lay-down": N_("Lay-down")}


def melds_advice(prefix: str, melds: Sequence[Sequence[Card]], wild: Rank | None) -> Parts:
    """One meld: 'Lay down: a; b; c'. Several, counted and not run together: 'Lay down, 2 melds.
    First: a; b; c. Second: d; e; f'."""
    head = _(_MELD_HEADS.get(prefix, prefix))
    if len(melds) == 1:
        return _fill(_("{head}: {cards}"), head=head, cards=_list(melds[0], wild))
    parts: Parts = [ngettext("{head}, {n} meld", "{head}, {n} melds", len(melds)).format(head=head, n=len(melds))]
    for i, meld in enumerate(melds):
        nth = _(_ORDINALS[i]) if i < len(_ORDINALS) else _("Meld {n}").format(n=i + 1)
        parts += _fill(_(". {nth}: {cards}"), nth=nth, cards=_list(meld, wild))
    return parts


_ORDINALS = (N_("First"), N_("Second"), N_("Third"), N_("Fourth"), N_("Fifth"), N_("Sixth"))


def action_parts(action: Action, view: Any, own_moves: MoveWords | None = None) -> Parts:
    """A move as advice: 'Draw from the stock', 'Take the 10 of hearts', 'Discard the 9 of clubs'.
    A game's own moves ('Lay off the king of spades on meld 3') are worded by its ``own_moves`` hook,
    which the application takes from the game's catalog entry: no list of games here. The hook is asked
    first, so a game that is no rummy words a shared move its own way (Crazy Eights plays a card onto
    the pile rather than discarding it); it answers None for a move it leaves to these words."""
    wild = getattr(view, "wild_rank", None)
    kind = action.kind
    if own_moves is not None:
        parts = own_moves(action, view)
        if parts is not None:
            return parts
    if isinstance(action, Draw):
        top = getattr(view, "discard_top", None)
        if action.source == "discard" and top is not None:
            return _fill(_("Take {the_card}"), the_card=the_card(top, wild))
        return [_("Draw from the stock")]
    if isinstance(action, GoOut):
        return _fill(_("You can go out: discard {the_card}"), the_card=the_card(action.discard, wild))
    if isinstance(action, Discard):
        return _fill(_("Discard {the_card}"), the_card=the_card(action.card, wild))
    return [kind.replace("_", " ").capitalize()]


def hint_utterances(choice: Choice, view: Any, lay_down: Sequence[Sequence[Card]] = (),
                    held: int | None = None, key: str | None = None, select: bool = False,
                    own_moves: MoveWords | None = None) -> list[Utterance]:
    """The hint for ``choice``, made for the player's ``view``; ``lay_down``: the melds a hand going
    out puts down; ``held``: the points the hand holds now, said after advice on the draw; ``key``:
    the key that makes the move, said last ('Press T.'), so the advice itself reads first; ``select``:
    the move puts down cards the player selects first. Each reason is a whole sentence around the
    advice ('{advice}: then you can go out.'), so a language orders it its own way."""
    wild = getattr(view, "wild_rank", None)
    action = choice.action
    advice = action_parts(action, view, own_moves)
    reason = choice.reason
    left = points(choice.points) if choice.points is not None else ""
    parts: Parts
    if reason == "take_goes_out":
        # After someone has gone out, a hand that melds is laid down rather than going out.
        parts = _fill(_("{advice}: then every card melds.") if getattr(view, "last_turn", False)
                      else _("{advice}: then you can go out."), advice=advice)
    elif reason == "take_fewer_points" and choice.points is not None:
        parts = _fill(_("{advice}: after your discard that leaves {points}."), advice=advice, points=left)
    elif reason in ("top_idle", "stock_better"):
        top = getattr(view, "discard_top", None)
        if isinstance(top, Card) and reason == "top_idle":
            parts = _fill(_("{advice}: {the_card} would not meld."), advice=advice, the_card=the_card(top, wild))
        elif isinstance(top, Card) and choice.points is not None:
            parts = _fill(_("{advice}: taking {the_card} would leave at best {points}."), advice=advice,
                          the_card=the_card(top, wild, mid=True), points=left)
        elif reason == "stock_better":
            parts = _fill(_("{advice}: the discard pile has nothing that helps you."), advice=advice)
        else:
            parts = [*advice, "."]
    elif reason == "only":
        parts = _fill(_("{advice}: it is your only move."), advice=advice)
    elif reason == "go_out":
        parts = [*advice, "."]
        if lay_down:
            parts += [" ", *melds_advice("Lay-down", lay_down, wild), "."]
    elif reason == "spare_next" and choice.instead is not None:
        if choice.seat is not None:
            parts = _fill(_("{advice} rather than {the_card}: {name}, who plays next, is collecting cards like it."),
                          advice=advice, the_card=the_card(choice.instead, wild), name=view.players[choice.seat])
        else:
            parts = _fill(_("{advice} rather than {the_card}: the next player is collecting cards like it."),
                          advice=advice, the_card=the_card(choice.instead, wild))
        if choice.points is not None:
            parts.append(" " + _("That leaves {points}.").format(points=left))
    elif reason == "fewest_points" and choice.points is not None:
        # No other throw leaves fewer (a last turn, or a plain greedy player's throw).
        parts = _fill(_("{advice}: that leaves {points}, the fewest you can."), advice=advice, points=left)
    elif reason in ("best_prospects", "lay_down", "shed_highest") and choice.points is not None:
        parts = _fill(_("{advice}: that leaves {points}."), advice=advice, points=left)
    elif reason == "shed_highest":
        parts = _fill(_("{advice}: it costs the most of the cards you can play."), advice=advice)
    elif reason == "no_match":
        parts = _fill(_("{advice}: none of your cards plays now."), advice=advice)
    elif reason == "only_eight":
        parts = _fill(_("{advice}: only an eight plays now."), advice=advice)
    elif reason == "keep_following":
        parts = _fill(_("{advice}: the next player is the least likely to follow it."), advice=advice)
    elif reason in ("take_helps", "buy_helps"):
        melded = getattr(view, "melded", None)
        down = isinstance(melded, list | tuple) and bool(melded[view.seat])
        parts = _fill(_("{advice}: it plays on the table.") if down
                      else _("{advice}: it brings you closer to your contract."), advice=advice)
    elif reason == "play_off":
        parts = _fill(_("{advice}: it plays on the table."), advice=advice)
    elif reason == "meld_worth" and choice.points is not None:
        parts = _fill(_("{advice}. Worth {points}."), advice=advice, points=left)
    elif reason == "closes_pile":
        parts = _fill(_("{advice}: that closes the pile.") if isinstance(action, Discard)
                      else _("{advice}: then the pile can close."), advice=advice)
    elif reason == "nearer_closing" and choice.short is not None:
        parts = _fill(_("{advice}: the pile is then {cards} from closing."), advice=advice,
                      cards=card_count(choice.short))
    elif reason in ("up_card_no_help", "no_buy"):
        parts = _fill(_("{advice}: it does not help you."), advice=advice)
    elif reason == "stay_short" and choice.short is not None:
        parts = _fill(_("{advice}: you stay {cards} short of your contract."), advice=advice,
                      cards=card_count(choice.short))
    else:
        parts = [*advice, "."]
    if held is not None and isinstance(action, Draw):
        parts.append(" " + _("Your hand now: {points}.").format(points=points(held)))
    if key:
        parts.append(" " + (_("Select them, then press {key}.") if select else _("Press {key}.")).format(key=key))
    return [utter(*parts, kind=Kind.MY_TURN)]
