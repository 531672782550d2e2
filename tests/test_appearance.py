"""Appearance conditions → ``appear`` rows (seed 003 §3.2.2.1 ex. 6, §3.3; docs/effect-language.md).

The unit texts are short clauses written in the style of the card data (not card texts); the checks
against the real data read it at test time (``lackey_dir``)."""

from __future__ import annotations

import re

import pytest

from simcli.cards import lackey
from simcli.cards.appearance import _GROUP_WORDS, _TYPE_COMPOUNDS, MAX_ROWS, translate_appearance
from simcli.cards.db import load_db
from simcli.cards.effects import Vocab, compile_effect, format_effect, parse_effect
from simcli.cards.names import norm_name
from simcli.cards.requirements import RequirementParser

DURING = "make this card appear from your hand (during battle only)."
TWO_TURNS = " (O)At the end of the turn after the turn during which this card made its appearance, send this card to the Dark Area."


def rows(text: str, name: str = "") -> list[str]:
    tr = translate_appearance(text, name)
    assert tr.modeled, (text, tr.unmodeled)
    for r in tr.effects:
        assert format_effect(parse_effect(r)) == r  # canonical, round-trip exact
    return tr.effects


def label(text: str) -> list[str]:
    tr = translate_appearance(text)
    assert tr.effects == [] and not tr.modeled
    return tr.unmodeled


def test_names_and_opponent_levels():  # one row per alternative
    assert rows(f"When your Digimon is Koromon or Tokomon and the opponent is an Ultimate level, {DURING}{TWO_TURNS}") == [
        "appear if name=Koromon & opp_level=Ultimate | limit: turns(2)",
        "appear if name=Tokomon & opp_level=Ultimate | limit: turns(2)",
    ]
    assert rows(f"When your Digimon is a Leomon and the opponent is a Perfect or Ultimate level, {DURING}") == [
        "appear if name=Leomon & opp_level=Perfect", "appear if name=Leomon & opp_level=Ultimate"]
    assert rows("When your Digimon is Tsunomon and the opponent has an attack power of 650 and above, make this card"
                " appear from your hand (only during battle).") == ["appear if name=Tsunomon & opp_power>=650"]
    assert rows("When your Digimon is Garurumon, and the opponent is an Ultimate level with an attack power of 900"
                f" and above, you can {DURING}") == [
        "appear if name=Garurumon & opp_level=Ultimate & opp_power>=900"]
    assert rows(f"When your Digimon is Perfect or Ultimate level, {DURING}") == [
        "appear if level=Perfect", "appear if level=Ultimate"]
    # DM-DECK-3: a Hybrid level / D-Reaper alternative can never hold: dropped
    assert rows(f"When your Digimon is Elecmon and the opponent is an Ultimate level, Hybrid level, or D-Reaper, {DURING}") == [
        "appear if name=Elecmon & opp_level=Ultimate"]
    assert label(f"When your Digimon is a Hybrid level, {DURING}") == ["appearance-hybrid"]
    # a name spelled otherwise than the card (DM-NAME-1): written as the rule name
    assert rows(f"When your Digimon is an Imperialdramon: Fighter Mode, {DURING}") == [
        "appear if name=Imperialdramon Fighter Mode"]


def test_box_digimon_sent_points_and_start():  # seed 003 §3.3: start-of-battle appearances
    assert rows("When you have 20-40 points left, at the start of the battle, send your Gazimon from the box to the"
                " Dark Area, and make this card appear from your hand./(O)At the end of the turn during which"
                " appearance took place, send this card to the Dark Area.") == [
        "appear if name=Gazimon & points>=20 & points<=40 | when: start | limit: turn"]
    assert rows("If you have between 10 and 50 points at the beginning of the battle phase, send Elecmon from the"
                " Digimon Box to the Dark Area and make this card appear from your hand.") == [
        "appear if name=Elecmon & points>=10 & points<=50 | when: start"]
    assert rows("During battle, when the opponent is a non-Level III, send your Leomon (Virus attribute) from your"
                " Digimon box to the Dark Area, make this card appear from your hand, and resume the battle.") == [
        "appear if name=Leomon & attr=Virus & opp_level!=III"]
    assert rows("During battle, when your opponent is non-Level III, send your Ogremon or Leomon (Unknown) from your"
                " box to the Dark Area, make this card appear from your hand, and resume the battle.") == [
        "appear if name=Ogremon & opp_level!=III", "appear if name=Leomon & field=UK & opp_level!=III"]


def test_costs():  # paid before the card appears (decided), with the row filter
    after = "When your Digimon is Betamon and the opponent is an Ultimate level, " + DURING + "/(O)After appearance, "
    assert rows(after + "send one Reptile type Digimon card from your hand to the Dark Area.") == [
        "appear if name=Betamon & opp_level=Ultimate | cost: discard_if(1) | filter: kind=Digimon & type~Reptile"]
    assert rows(after + "send one Gomamon card from your hand to the Dark Area.") == [
        "appear if name=Betamon & opp_level=Ultimate | cost: discard_if(1) | filter: name=Gomamon"]
    assert rows(after + "send one Level IV Digimon card belonging to Deep Savers from your hand to the Dark Area.") == [
        "appear if name=Betamon & opp_level=Ultimate | cost: discard_if(1) | filter: level=IV & field=DS"]
    assert rows(after + "send one Digimon card belonging to Wind Guardians from your hand to the Dark Area.") == [
        "appear if name=Betamon & opp_level=Ultimate | cost: discard_if(1) | filter: kind=Digimon & field=WG"]
    assert rows(after + "send one Gomamon or Otamamon card from your hand to the Dark Area.") == [
        "appear if name=Betamon & opp_level=Ultimate | cost: discard_if(1) | filter: name=Gomamon",
        "appear if name=Betamon & opp_level=Ultimate | cost: discard_if(1) | filter: name=Otamamon"]
    assert rows(after + "send two cards from your hand to the Dark Area.") == [
        "appear if name=Betamon & opp_level=Ultimate | cost: discard(2)"]
    assert rows(after + "send the top three cards of your Net Ocean to the Dark Area.") == [
        "appear if name=Betamon & opp_level=Ultimate | cost: mill(3)"]
    assert rows("At the start of the battle, send one Digimon belonging to the Three Great Angels from your hand to"
                " the Dark Area, and make this card appear from your hand. (O)After appearance, choose one card from"
                " your hand and send it to the Dark Area.") == [
        "appear | when: start | cost: discard_if(1), discard(1) | filter: kind=Digimon & group=Three Great Angels"]
    assert rows("At the start of the battle, send 2 cards containing the word 'Chosen' in their category from your"
                " hand to the Dark Area, and make this card appear from your hand.") == [
        "appear | when: start | cost: discard_if(2) | filter: group=Chosen Children"]
    assert rows("When your Digimon is Patamon, show the opponent a 'Takaishi Takeru' card from your hand and make"
                " this card appear from your hand (only during battle).") == [
        "appear if name=Patamon | cost: show | filter: name=Takaishi Takeru"]
    assert rows('When your Digimon is Palmon, place a "Tachikawa Mimi" card from your hand into your support box, and'
                ' make this card appear (during battle only).(O) After battle, your "Tachikawa Mimi" card remains in'
                " your support box together with this card.") == [
        "appear if name=Palmon | cost: place | filter: name=Tachikawa Mimi"]
    assert rows("During battle, show the opponent a Piximon card from your hand, and make this card appear.") == [
        "appear | cost: show | filter: name=Piximon"]


def test_cost_alternatives():
    assert rows("During battle, when you have either a Kabuterimon, Kuwagamon or Okuwamon in your Digimon box, discard"
                " one of the two remaining cards from your hand, and make this card appear from your hand.") == [
        f"appear if name={a} | cost: discard_if(1) | filter: name={b}"
        for a, b in (("Kabuterimon", "Kuwagamon"), ("Kabuterimon", "Okuwamon"), ("Kuwagamon", "Kabuterimon"),
                     ("Kuwagamon", "Okuwamon"), ("Okuwamon", "Kabuterimon"), ("Okuwamon", "Kuwagamon"))]
    assert rows("When your Digimon is a Garudamon or Lilimon, send the other card to the Dark Area and make this card"
                " appear (during battle only).") == [
        "appear if name=Garudamon | cost: discard_if(1) | filter: name=Lilimon",
        "appear if name=Lilimon | cost: discard_if(1) | filter: name=Garudamon"]
    assert rows("During battle, when there is either a Tankmon or Guardromon card in your Digimon box, discard either a"
                " Tankmon or Guardromon card from your hand, and make this card appear from your hand.") == [
        "appear if name=Tankmon | cost: discard_if(1) | filter: name=Tankmon",
        "appear if name=Tankmon | cost: discard_if(1) | filter: name=Guardromon",
        "appear if name=Guardromon | cost: discard_if(1) | filter: name=Tankmon",
        "appear if name=Guardromon | cost: discard_if(1) | filter: name=Guardromon"]
    # "type contains the word": the word and the data's one-word types containing it (_TYPE_COMPOUNDS)
    assert rows("At the start of the battle, when the opponent's attack power is 550 or above, discard one Digimon card"
                " whose type contains the word 'Bird' ('Chick' included) from your hand, and make this card appear"
                " from your hand.") == [
        f"appear if opp_power>=550 | when: start | cost: discard_if(1) | filter: kind=Digimon & type~{t}"
        for t in ("Bird", "Birdman", "Chick")]
    assert rows("At the start of the battle, when the opponent's attack power is 550 or above, discard one Digimon card"
                " from your hand whose type contains the words 'Holy Knight', and make this card appear from your"
                " hand.") == [
        "appear if opp_power>=550 | when: start | cost: discard_if(1) | filter: type~Holy & type~Knight"]
    assert rows("When your or your opponent's Digimon belongs to the Royal Knights, make this card appear from your"
                " hand (during battle only).") == ["appear if group=Royal Knights", "appear if opp_group=Royal Knights"]


def test_limits():
    base = f"When your Digimon is Hawkmon, {DURING} (O)"
    assert rows(base + "At the end of the turn during which appearance took place, send this card to the Dark Area.") == [
        "appear if name=Hawkmon | limit: turn"]
    assert rows(base + TWO_TURNS.strip()[3:]) == ["appear if name=Hawkmon | limit: turns(2)"]
    # turns(N) ends with the N-th turn counting the turn of appearance: "N turns have passed"
    assert rows(base + "After 3 turns have passed, send this card to the Dark Area.") == [
        "appear if name=Hawkmon | limit: turns(3)"]


def test_labels():  # model exactly or not at all: no rows and our own label
    assert label("When your Digimon is Agumon, send 1-6 cards from your hand to the Dark Area. If the total capacity of"
                 " the cards you sent to the Dark Area is 200 and above, make this card appear from your hand (during"
                 " battle only).") == ["appearance-capacity"]
    assert label("When your Gazimon loses the battle, send one Gazimon card from your hand to the Dark Area, make this"
                 " card appear from your hand, and continue the battle.") == ["appearance-lose"]
    assert label("At the end of the turn, if your Leomon has just lost a battle, make this card appear.") == [
        "appearance-end-of-turn"]
    assert label("During battle, compare the attack power of the Leomon in your Digimon box with the opponent Digimon;"
                 " make this card appear only if Leomon has the lower attack power.") == ["appearance-compare"]
    assert label("When your Digimon is a Perfect level, make this card appear from your hand.") == ["appearance-timing"]
    assert label("At the start of the battle, send one Gomamon card from your hand to the Dark Area, and make this card"
                 " appear from your hand. (O)After appearance, send one Beast type Digimon card from your hand to"
                 " the Dark Area.") == ["appearance-cost"]  # two row filters
    assert label("When your Digimon is Piyomon, sing a song, and make this card appear (during battle only).") == [
        "appearance-unparsed"]
    assert label("During battle, when you have either a Kabuterimon, Kuwagamon, Okuwamon, or Tentomon in your Digimon"
                 " box, discard one Piemon, Pinochimon, Tankmon, or Devimon card from your hand, and make this card"
                 " appear from your hand.") == ["appearance-rows"]  # 16 rows > MAX_ROWS


@pytest.fixture(scope="module")
def appearance_texts(lackey_dir):
    rows_ = lackey.read_dir(lackey_dir)
    p = RequirementParser([r["Name"] for r in rows_])
    p.set_option_names([r["Name"] for r in rows_ if not r["Level"]])
    out = []
    for r in rows_:
        if r["Level"].strip() and r["Level"].strip() != "III" and p.parse(r["Evo/Activation"]).appearance:
            out.append((r, translate_appearance(r["Evo/Activation"], r["Name"])))
    return rows_, out


def test_data_appearances(appearance_texts):
    """Every appearance text of the data: rows that compile, or a label of our vocabulary."""
    _, texts = appearance_texts
    assert len(texts) == 157
    # meta decks: + Qinglongmon Bo-342, Parasimon Bo-681; headline cards: + Re-39t, Re-44t, Re-53t (slot:group=)
    assert sum(tr.modeled for _, tr in texts) == 89
    vocab = Vocab()
    for r, tr in texts:
        assert bool(tr.effects) != bool(tr.unmodeled), r.where
        assert all(re.fullmatch(r"appearance-[a-z\-]+", x) for x in tr.unmodeled), r.where
        assert len(tr.effects) <= MAX_ROWS
        for text in tr.effects:
            e = parse_effect(text)
            assert e.op == "appear" and e.timing in ("", "start"), r.where
            compile_effect(e, "battle", vocab)


def test_data_names_resolve(appearance_texts):
    """Names in conditions and filters are card names of the data (DM-NAME-1)."""
    rows_, texts = appearance_texts
    names = {norm_name(r["Name"]) for r in rows_}
    for r, tr in texts:
        for text in tr.effects:
            e = parse_effect(text)
            vals = [c.value for c in e.conds if c.kind == "name"] + [v for k, _, v in e.filters if k == "name"]
            assert all(norm_name(v) in names for v in vals), (r.where, text)


def test_data_box_digimon_sent_is_never_level_iii(appearance_texts):
    """"Send your X from the box to the Dark Area, and make this card appear" is written name=X: the
    engines send the box's top card away, never the Level III; no Digimon named so is a Level III."""
    rows_, texts = appearance_texts
    l3 = {norm_name(r["Name"]) for r in rows_ if r["Level"].strip() == "III"}
    checked = 0
    for r, tr in texts:
        if tr.modeled and re.search(r"send (?:your |the )?[A-Z].* (?:from|in) (?:the |your )?(?:digimon )?box to the dark area",
                                    r["Evo/Activation"], re.I):
            for text in tr.effects:
                for c in parse_effect(text).conds:
                    if c.kind == "name":
                        checked += 1
                        assert norm_name(c.value) not in l3, (r.where, c.value)
    assert checked >= 10


def test_data_type_and_group_words(lackey_dir):
    """The tables for "type contains the word W" / "category contains the word W" are complete."""
    rows_ = lackey.read_dir(lackey_dir)
    words = {w for r in rows_ if r["Level"].strip() for w in re.split(r"[\s/]+", r["Type"].strip()) if w}
    for w in ("Bird", "Ice", "Dragon", "Beast", "Animal", "Ore", "Rock", "Mineral", "Chick", "Dinosaur"):
        containing = {x for x in words if w.lower() in x.lower()}
        assert containing <= {w, *_TYPE_COMPOUNDS.get(w.lower(), ())}, (w, containing)
    for word, groups in _GROUP_WORDS.items():
        parts = {p.strip() for r in rows_ for p in re.split(r"[/:]", r["Group"]) if word in p.lower()}
        assert parts == set(groups)


def test_d_reaper_never_enters_play():
    """Why a D-Reaper alternative ("the opponent is an Ultimate level or D-Reaper") is dropped: no card
    of the D-Reaper group can reach a box — no requirements, and no appearance row that can hold
    without a D-Reaper already in play (the rest are labelled)."""
    db = load_db()
    reapers = {c.rule_name: c for c in db.cards if c.get("group") == "D-Reaper" and c.is_digimon}
    assert len(reapers) >= 9
    enters: set[str] = set()
    changed = True
    while changed:
        changed = False
        for n, c in reapers.items():
            if n in enters:
                continue
            ok = bool(c.get("requirements")) or c.get("level") == "III"
            for text in c.get("appearance") or []:
                names = [norm_name(x.value) for x in parse_effect(text).conds if x.kind == "name"]
                ok = ok or not any(m in reapers for m in names) or any(m in enters for m in names)
            if ok:
                enters.add(n)
                changed = True
    assert enters == set()


def test_meta_deck_appearance_shapes():
    # Qinglongmon Bo-342 shape: a Digimon of any level together with a named option, both from hand (two costs,
    # one row filter for the named card: a Digimon never matches it)
    assert rows("At the start of the battle, send a Digimon of any level together with a 'Winning Percentage: 60%!'"
                " card from your hand to the Dark Area, and make this card appear directly in your Digimon box.") == [
        "appear | when: start | cost: discard_digimon(1), discard_if(1) | filter: name=Winning Percentage: 60%!"]
    # Parasimon Bo-681 shape: the box Digimon moves to the support box (move_host), then a points cost
    assert rows("During battle, make this card appear from your hand. During appearance, move the Digimon in your"
                " Digimon box (excluding Level III) to your support box./(O)After appearance, reduce your points by 30.") == [
        "appear | cost: move_host, points(30)"]
    # moving a Level III, or another zone: not this shape
    assert label("During battle, make this card appear from your hand. During appearance, move the Digimon in your"
                 " Digimon box to your support box.") == ["appearance-support-box"]
