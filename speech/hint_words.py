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
from speech.i18n import N_, _, fill, ngettext
from speech.phrases import capital_parts, card_count, cards_parts, points, the_card
from speech.utterance import Kind, Utterance, utter

__all__ = ["action_parts", "go_out_offer", "hint_utterances", "no_hint"]

Parts = list[str | Card]


def _fill(template: str, **values: Any) -> Parts:
    return list(fill(template, **values))


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


def _melds(prefix: str, melds: Sequence[Sequence[Card]], wild: Rank | None) -> Parts:
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


def action_parts(action: Action, view: Any) -> Parts:
    """A move as advice: 'Draw from the stock', 'Take the 10 of hearts', 'Discard the 9 of clubs',
    'Lay off the king of spades on meld 3'. Moves of one game are known by their kind."""
    wild = getattr(view, "wild_rank", None)
    kind = action.kind
    a: Any = action
    if isinstance(action, Draw):
        top = getattr(view, "discard_top", None)
        if action.source == "discard" and top is not None:
            return _fill(_("Take {the_card}"), the_card=the_card(top, wild))
        return [_("Draw from the stock")]
    if isinstance(action, GoOut):
        return _fill(_("You can go out: discard {the_card}"), the_card=the_card(action.discard, wild))
    if isinstance(action, Discard):
        return _fill(_("Discard {the_card}"), the_card=the_card(action.card, wild))
    if kind == "contract_lay_down":
        return _melds("Lay down", a.melds, wild)
    if kind == "contract_lay_off":
        return _fill(_("Lay off {the_card} on meld {meld}"), the_card=the_card(a.card, wild, mid=True), meld=a.meld_id)
    if kind == "contract_swap":
        return _fill(_("Swap {the_card} for {the_wild} in meld {meld}, and play the wild on meld {other}"),
                     the_card=the_card(a.card, wild), the_wild=the_card(a.wild, wild, mid=True), meld=a.meld_id,
                     other=a.to_meld_id)
    offer = getattr(view, "offer", None)
    if kind == "contract_buy":
        return _fill(_("Buy {the_card}"), the_card=the_card(offer, wild)) if isinstance(offer, Card) else [
            _("Buy the up card")]
    if kind == "contract_pass_buy":
        return _fill(_("Pass on {the_card}"), the_card=the_card(offer, wild)) if isinstance(offer, Card) else [
            _("Pass on the up card")]
    if kind == "upcard_meld":
        return _melds("Meld", [a.cards], wild)
    if kind == "upcard_lay_off":
        return _fill(_("Lay off {the_card} on meld {meld}"), the_card=the_card(a.card, wild, mid=True), meld=a.meld + 1)
    if kind == "upcard_take_discards":
        pile = getattr(view, "discard", ())
        target: Parts = the_card(pile[-a.count], wild) if len(pile) >= a.count else [_("the pile")]
        return _fill(_("Take {cards} back to {the_card}, melding {meld}"), cards=card_count(a.count), the_card=target,
                     meld=_list(a.meld, wild))
    if kind == "place":
        drawn = getattr(view, "drawn", None)
        what: Parts = the_card(drawn, wild, mid=True) if isinstance(drawn, Card) else [_("the card")]
        return _fill(_("Place {the_card} on pile {pile}"), the_card=what, pile=a.pile)
    return [kind.replace("_", " ").capitalize()]


def hint_utterances(choice: Choice, view: Any, lay_down: Sequence[Sequence[Card]] = (),
                    held: int | None = None, key: str | None = None, select: bool = False) -> list[Utterance]:
    """The hint for ``choice``, made for the player's ``view``; ``lay_down``: the melds a hand going
    out puts down; ``held``: the points the hand holds now, said after advice on the draw; ``key``:
    the key that makes the move, said last ('Press T.'), so the advice itself reads first; ``select``:
    the move puts down cards the player selects first. Each reason is a whole sentence around the
    advice ('{advice}: then you can go out.'), so a language orders it its own way."""
    wild = getattr(view, "wild_rank", None)
    action = choice.action
    advice = action_parts(action, view)
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
        else:
            parts = [*advice, "."]
    elif reason == "go_out":
        parts = [*advice, "."]
        if lay_down:
            parts += [" ", *_melds("Lay-down", lay_down, wild), "."]
    elif reason == "spare_next" and choice.instead is not None:
        if choice.seat is not None:
            parts = _fill(_("{advice} rather than {the_card}: {name}, who plays next, is collecting cards like it."),
                          advice=advice, the_card=the_card(choice.instead, wild), name=view.players[choice.seat])
        else:
            parts = _fill(_("{advice} rather than {the_card}: the next player is collecting cards like it."),
                          advice=advice, the_card=the_card(choice.instead, wild))
        if choice.points is not None:
            parts.append(" " + _("That leaves {points}.").format(points=left))
    elif reason in ("fewest_points", "best_prospects", "lay_down", "shed_highest") and choice.points is not None:
        parts = _fill(_("{advice}: that leaves {points}."), advice=advice, points=left)
    elif reason in ("take_helps", "buy_helps"):
        melded = getattr(view, "melded", None)
        down = isinstance(melded, list | tuple) and bool(melded[view.seat])
        parts = _fill(_("{advice}: it plays on the table.") if down
                      else _("{advice}: it brings you closer to your contract."), advice=advice)
    elif reason == "meld_worth" and choice.points is not None:
        parts = _fill(_("{advice}. Worth {points}."), advice=advice, points=left)
    elif reason == "closes_pile":
        parts = _fill(_("{advice}: that closes the pile.") if isinstance(action, Discard)
                      else _("{advice}: then the pile can close."), advice=advice)
    elif reason == "nearer_closing" and choice.short is not None:
        parts = _fill(_("{advice}: the pile is then {cards} from closing."), advice=advice,
                      cards=card_count(choice.short))
    elif reason == "up_card_no_help":
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
