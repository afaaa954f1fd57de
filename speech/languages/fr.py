"""French: France's card words, French typography, French braille (Code braille français uniformisé)."""

from types import MappingProxyType

from speech.languages import Language

#: The words a card's phrase can start with, after its article: a number, or a rank or joker's name.
_CARD_START = r"(?=\d|as\b|valets?\b|dames?\b|rois?\b|jokers?\b|$)"

LANGUAGE = Language(
    code="fr",
    own_name="français",
    english_name="French",
    # gettext's classic French rule: 0 and 1 are singular ("0 point", "1 carte").
    plural_forms="nplurals=2; plural=(n > 1);",
    contractions=(
        # "à le 3" is "au 3", "de le roi" "du roi", "à les" "aux", "de les" "des" (before a card only:
        # "à le prendre" is right, "le" being a pronoun there).
        (r"\b([àÀ]) le " + _CARD_START, "au "),
        (r"\b([dD])e le " + _CARD_START, r"\1u "),
        (r"\b([àÀ]) les " + _CARD_START, "aux "),
        (r"\b([dD])e les " + _CARD_START, r"\1es "),
        # "de" and "que" elide before a vowel: "d'Anna", "série d'as", "d'un joker", "qu'Anna".
        # (A name elides when it starts with a capital vowel and goes on in small letters: "d'Anna",
        # "de Yann", "de AB".)
        (r"\b([dD])e ([AEIOUÀÂÉÈÊÎÔÛ][a-zà-ÿ]|[aeiouàâéèêîôûœ])", r"\1'\2"),
        (r"\b([qQ]u)e ([AEIOUÀÂÉÈÊÎÔÛ][a-zà-ÿ]|[aeiouàâéèêîôûœ])", r"\1'\2"),
    ),
    feminine_cards=frozenset({"queen"}),
    # espeak-ng's French voice drops an ASCII minus ("-230" is heard "deux cent trente") and reads
    # U+2212 in English ("minus"): the word is the one both a voice and a reader understand.
    minus="moins ",
    space_before=":;!?»",
    space_after="«",
    # "12,5 %": Babel's decimal comma, and a non-breaking space before the percent sign.
    percent="\u00a0%",
    ordinals=MappingProxyType({1: "{n}er", 0: "{n}e"}),
    # Brief verbosity names a card with its article all the same: "la dame de pique", never "dame de pique".
    brief_keeps_article=True,
    espeak_voice="fr",
    # espeak-ng's French voice switches to English rules for "joker" ("(en)dʒˈəʊkə(fr)").
    espeak_respellings=MappingProxyType({"jokers": "jokères", "joker": "jokère"}),
    voice_names=("french", "français", "francais"),
    braille_grade1="fr-bfu-comp6.utb",
    braille_grade2="fr-bfu-g2.ctb",
    letters="abcdefghijklmnopqrstuvwxyzàâçéèêëîïôœùûüÿ",
    docs_dir="docs/fr",
    keys_doc="docs/fr/touches.md",
    golden_dir="tests/golden/fr",
)
