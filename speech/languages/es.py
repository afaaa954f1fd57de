"""Spanish: the French-suited deck as Spanish players name it (corazones, diamantes, tréboles, picas;
as, jota, reina, rey; comodín), Five Crowns' fifth suit estrellas, Spanish braille (ONCE)."""


from types import MappingProxyType

from speech.languages import Language

LANGUAGE = Language(
    code="es",
    own_name="español",
    english_name="Spanish",
    plural_forms="nplurals=2; plural=(n != 1);",
    contractions=(
        # "a el" is "al", "de el" "del" ("él", the pronoun, has its accent and is never contracted).
        (r"\b([aA]) el\b", r"\1l"),
        (r"\b([dD])e el\b", r"\1el"),
        # An article filled in before a rank agrees with it: "las reinas", "una jota" (the catalog says
        # "los {ranks} son comodines" once, for "los 7" and "las reinas" alike).
        (r"\b([lL])os (jotas|reinas)\b", r"\1as \2"),
        (r"\b([uU])n (jota|reina)\b", r"\1na \2"),
    ),
    feminine_cards=frozenset({"jack", "queen"}),
    # espeak-ng's Spanish voice says "-230" as "230" and U+2212 in English: the word is said.
    minus="menos ",
    # "12,5 %": Babel's decimal comma, and a non-breaking space before the percent sign.
    percent="\u00a0%",
    ordinals=MappingProxyType({0: "{n}.º"}),
    # Brief verbosity names a card with its article all the same: "la dame de pique", never "dame de pique".
    brief_keeps_article=True,
    espeak_voice="es",
    # espeak-ng's Spanish voice spells "Ctrl" letter by letter ("te te erre ele"): the key's word is said.
    espeak_respellings=MappingProxyType({"Ctrl": "control"}),
    voice_names=("spanish", "español", "espanol"),
    braille_grade1="es-g1.ctb",
    braille_grade2="es-g2.ctb",
    letters="abcdefghijklmnopqrstuvwxyzáéíóúüñ",
    docs_dir="docs/es",
    keys_doc="docs/es/teclas.md",
    golden_dir="tests/golden/es",
)
