"""Appearance conditions (seed 003 §3.2.2.1 ex. 6, §3.3) → ``appear`` rows of the effect language.

A Digimon with an appearance condition in its requirement column ("When your Digimon is Agumon and
the opponent is an Ultimate level, make this card appear from your hand (during battle only)") is
placed from hand onto the Digimon Box when the condition holds.  ``translate_appearance`` turns such
a text into ``appear`` rows (docs/effect-language.md): conditions on the battling Digimon and the
opponent, costs, the timing (``battle`` / ``start``) and the limit (how long the card stays).  A text
it cannot express is labelled and the card keeps no appearance rows (it never enters play).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class AppearanceTranslation:
    effects: list[str] = field(default_factory=list)  # ``appear …`` rows (round-trip exact)
    unmodeled: list[str] = field(default_factory=list)  # labels of what could not be expressed

    @property
    def modeled(self) -> bool:
        return bool(self.effects) and not self.unmodeled


def translate_appearance(text: str, card_name: str = "") -> AppearanceTranslation:
    """The appearance rows of a requirement-column text (see the module docstring)."""
    return AppearanceTranslation([], ["appearance-condition"])
