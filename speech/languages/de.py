"""German: the French-suited deck as German players name it (Kreuz, Pik, Herz, Karo; Ass, Bube, Dame,
König; Joker), Five Crowns' fifth suit Stern, and German braille (Deutsche Blindenschrift).

German declines a card: "der Pik-Bube" as a subject, "den Pik-Buben" as an object, "dem Pik-Buben"
after "mit" or "auf", "des Pik-Buben". The catalog's articles and card names are the nominative; a
translated sentence marks its card's case ("Wirf {the_card:acc} ab."), and the words change as below.
"""

from types import MappingProxyType

from speech.languages import FEMININE, MASCULINE, NEUTER, Language

#: What follows the article of a card: its suit, "Joker", a number, or the end of the text (the card
#: itself is the next part of the message).
_CARD = r"(?=(?:Stern|Herz|Kreuz|Pik|Karo)-|Joker|\d|$)"

LANGUAGE = Language(
    code="de",
    own_name="Deutsch",
    english_name="German",
    plural_forms="nplurals=2; plural=(n != 1);",
    contractions=(
        # A preposition and the article of a card in the dative fuse: "auf dem" stays, but "an dem
        # Pik-Buben" is "am Pik-Buben", "bei dem" "beim", "von dem" "vom", "zu dem" "zum", "zu der" "zur"
        # (before a card only: "von dem, was" is a pronoun).
        (r"\b([aA])n dem " + _CARD, r"\1m "),
        (r"\b([bB])ei dem " + _CARD, r"\1eim "),
        (r"\b([vV])on dem " + _CARD, r"\1om "),
        (r"\b([zZ])u dem " + _CARD, r"\1um "),
        (r"\b([zZ])u der " + _CARD, r"\1ur "),
    ),
    # "die Dame", "die Pik-7" (die Sieben), "das Ass"; "der Bube", "der König", "der Joker".
    feminine_cards=frozenset({"queen", "number"}),
    neuter_cards=frozenset({"ace"}),
    cases=("nom", "acc", "dat", "gen"),
    declensions=MappingProxyType({
        # "Bube" is a weak noun: "-n" in every case but the nominative; the others keep their form but
        # in the genitive ("des Königs", "des Asses", "des Jokers").
        "acc": {MASCULINE: {"der": "den", "ein": "einen", "Bube": "Buben"}},
        "dat": {MASCULINE: {"der": "dem", "ein": "einem", "Bube": "Buben"},
                FEMININE: {"die": "der"},
                NEUTER: {"das": "dem"}},
        "gen": {MASCULINE: {"der": "des", "ein": "eines", "Bube": "Buben", "König": "Königs", "Joker": "Jokers"},
                FEMININE: {"die": "der"},
                NEUTER: {"das": "des", "Ass": "Asses"}},
    }),
    # espeak-ng's German voice says "-230" as "minus 230", but a printed line reads better with the
    # word too, and a braille reader gets the same.
    minus="minus ",
    # "12,5 %": a decimal comma, and a non-breaking space before the percent sign (DIN 5008).
    decimal_mark=",",
    percent="\u00a0%",
    ordinals=MappingProxyType({0: "{n}."}),
    # Brief verbosity names a card with its article all the same: "den Pik-Buben", never "Pik-Buben".
    brief_keeps_article=True,
    espeak_voice="de",
    # espeak-ng's German voice reads the game's English name by German rules ("fi:v@ kr'Ovns").
    espeak_respellings=MappingProxyType({"Five Crowns": "Feiw Krauns"}),
    voice_names=("german", "deutsch"),
    braille_grade1="de-g1.ctb",
    braille_grade2="de-g2.ctb",
    letters="abcdefghijklmnopqrstuvwxyzäöüß",
    docs_dir="docs/de",
    keys_doc="docs/de/tasten.md",
    golden_dir="tests/golden/de",
)
