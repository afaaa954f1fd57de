"""English: the code's own words (no catalog), the fallback for a sentence another catalog lacks."""

from speech.languages import Language

LANGUAGE = Language(
    code="en",
    own_name="English",
    english_name="English",
    plural_forms="nplurals=2; plural=(n != 1);",
    # espeak-ng's default voice is English, and it says "-230" as "minus 230".
    minus="-",
    espeak_voice=None,
    voice_names=("english",),
    # English braille words are liblouis's uncontracted UEB, as a reader's translator writes them.
    braille_grade1="en-ueb-g1.ctb",
    braille_grade2="en-ueb-g2.ctb",
    letter_sign_alone=True,
    docs_dir="docs",
    keys_doc="docs/keys.md",
    golden_dir=None,
)
