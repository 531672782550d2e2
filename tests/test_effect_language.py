"""The effect language: parsing, canonical formatting and compilation to opcode rows."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from simcli.cards.effects import EffectSyntaxError, Vocab, compile_effect, format_effect, parse_effect
from simcli.engine import enums as E

N = st.integers(min_value=1, max_value=2000)
OPS = st.one_of(
    st.builds(lambda n, s, w: f"{w}{s}{n}", N, st.sampled_from("+-"), st.sampled_from(["atk", "opp_atk", "base"])),
    st.builds(lambda k, s, w: f"{w}{s}{k}", st.integers(2, 4), st.sampled_from("*/"), st.sampled_from(["atk", "opp_atk"])),
    st.builds(lambda k: f"lost*{k}", st.integers(1, 4)),
    st.builds(lambda f, n: f"{f}({n})", st.sampled_from(["damage", "heal", "self_damage", "draw", "discard", "mill",
                                                         "opp_mill", "opp_discard"]), st.integers(0, 60)),
    st.sampled_from(["halve_opp", "zero_opp", "no_zero", "force_draw", "no_force_draw", "negate_program",
                     "immune_options", "void_abilities", "immune_mod", "evolve_ignore", "attack=C", "opp_attack=A",
                     "negate_item", "negate_option", "keep_abilities", "no_ignore", "opp_slots_clear"]),
    st.builds(lambda f, n, m: f"{f}({n})" if m == 0 else f"{f}({n},{m})",
              st.sampled_from(["per_discard", "per_discard_digimon", "per_mill"]), st.integers(1, 500), st.integers(0, 5)),
)
CONDS = st.sampled_from(["opp_higher", "opp_lower", "level!=III", "level>=Perfect", "opp_level=Ultimate",
                         "points<=30", "opp_attr=Virus", "field=NSp", "type~Dragon", "opp_bt=A", "attack=C",
                         "opp_keyword=underwater", "name=Agumon", "first", "frame=Red", "opp_frame!=Blue",
                         "card=Dark Tower"])
CLAUSES = st.tuples(
    st.one_of(st.just(""), st.sampled_from(E.TIMING_NAMES)),
    st.lists(st.sampled_from(["discard(1)", "mill(2)", "gauge", "points(10)", "discard_digimon(2)"]), max_size=2),
    st.sampled_from(["phase", "battle", "turn", "turns(3)", "discarded", "now", "digimon"]),
)


@given(OPS, st.lists(CONDS, max_size=3), CLAUSES)
def test_canonical_text_round_trips(op, conds, clauses):
    timing, costs, limit = clauses
    text = op + (" if " + " & ".join(conds) if conds else "")
    if timing:
        text += f" | when: {timing}"
    if costs:
        text += " | cost: " + ", ".join(costs)
    if limit != "phase":
        text += f" | limit: {limit}"
    e = parse_effect(text)
    assert parse_effect(format_effect(e)) == e
    assert format_effect(e) == text
    row = compile_effect(e, "battle", Vocab())
    assert row.shape == (E.EFFECT_WIDTH,) and row[E.E_NCOND] == len(conds)


def test_compiled_rows():
    v = Vocab()
    row = compile_effect(parse_effect("atk*2 if opp_higher & level!=III | limit: turn"), "battle", v)
    assert row[E.E_OP] == E.OP_ATK_MUL and (row[E.E_ARG], row[E.E_ARG2]) == (2, 1)
    assert row[E.E_TIMING] == E.T_BATTLE and row[E.E_LIMIT] == E.L_TURN
    assert tuple(row[E.E_COND0:E.E_COND0 + 6]) == (E.C_OPP_HIGHER, E.CMP_EQ, 0, E.C_LEVEL, E.CMP_NE, E.LV_III)
    row = compile_effect(parse_effect("opp_atk/2 | cost: discard(1), gauge | when: point"), "battle", v)
    assert (row[E.E_ARG], row[E.E_ARG2]) == (1, 2) and row[E.E_TIMING] == E.T_POINT
    assert tuple(row[E.E_COST0:E.E_COST0 + 4]) == (E.K_DISCARD, 1, E.K_GAUGE, 0)
    a = compile_effect(parse_effect("atk+50 if type~Dragon"), "battle", v)
    b = compile_effect(parse_effect("atk+50 if opp_type~dragon"), "battle", v)
    assert a[E.E_COND0 + 2] == b[E.E_COND0 + 2]  # words are coded case-insensitively


def test_new_vocabulary_rows():
    v = Vocab()
    row = compile_effect(parse_effect("per_mill(50,3) if opp_frame=Red | when: evolved | cost: discard_digimon(1) | limit: digimon"),
                         "battle", v)
    assert row[E.E_OP] == E.OP_PER_MILL and (row[E.E_ARG], row[E.E_ARG2]) == (50, 3)
    assert row[E.E_TIMING] == E.T_EVOLVED and row[E.E_LIMIT] == E.L_DISCARDED and row[E.E_LIMIT_END] == E.LE_LEAVE
    assert tuple(row[E.E_COND0:E.E_COND0 + 3]) == (E.C_OPP_FRAME, E.CMP_EQ, E.FRAME_RED)
    assert tuple(row[E.E_COST0:E.E_COST0 + 2]) == (E.K_DISCARD_DIGIMON, 1)
    assert compile_effect(parse_effect("per_discard(100)"), "battle", v)[E.E_ARG2] == 0  # no maximum
    row = compile_effect(parse_effect("immune_options if card=Dark Tower | when: passive"), "battle", v)
    assert row[E.E_COND0] == E.C_CARD and row[E.E_COND0 + 2] == v.code("name", "darktower")
    for name in ("negate_item", "negate_option", "keep_abilities", "no_ignore", "opp_slots_clear"):
        assert compile_effect(parse_effect(name), "battle", v)[E.E_OP] == getattr(E, "OP_" + name.upper())
    assert E.OP_OPP_SLOTS_CLEAR == 34 and E.C_CARD == 23  # appended codes never move


V4 = ["gain(sky) | limit: lifespan", "opp_lose(sky) | when: support", "attack_last | when: passive",
      "damage_per_gauge(10) | cost: self_gauge", "opp_reveal(3,10) | cost: gauge", "no_loss | limit: turn",
      "evolve_now | filter: level=Perfect", "opp_wipe if opp_warped | when: opp_evolved", "lost+20 | when: win",
      "search(4) | filter: kind=Digimon & name~Greymon", "opp_slots_clear(up)", "opp_slots_clear(down)",
      "appear if name=Agumon & opp_level=Ultimate | limit: turns(2)", "heal(30) | when: appear",
      "appear if name=Agumon | cost: place | filter: name=Yagami Taichi", "atk+10 if points<=opp",
      "atk*2 if opp_sheet:frame=Red | when: support", "atk*3 if support:type~Holy & opp_keyword!=sky",
      "immune_options if card:group=Worm | when: passive", "atk+500 if group=Royal Knights | when: support",
      "atk+300 if name~Greymon", "appear if opp_power>=700 & name=Shine Greymon", "atk+50 | when: start",
      "atk+200 if level=Perfect | limit: turns(2), lost, lifespan", "atk+50 | limit: lost, lifespan",
      "appear | when: start | cost: discard_if(1) | filter: kind=Digimon & type~Cyborg"]


@pytest.mark.parametrize("text", V4)
def test_version_4_vocabulary_round_trips(text):
    e = parse_effect(text)
    assert format_effect(e) == text
    compile_effect(e, "battle", Vocab())


def test_version_4_rows():
    v = Vocab()
    row = compile_effect(parse_effect("atk+200 if level=Perfect | limit: turns(2), lost, lifespan"), "battle", v)
    assert (row[E.E_LIMIT], row[E.E_LIMIT_ARG], row[E.E_LIMIT_END]) == (E.L_TURNS, 2, E.LE_LOSE | E.LE_LIFESPAN)
    row = compile_effect(parse_effect("search(4) | filter: kind=Digimon & name~Greymon"), "battle", v)
    assert tuple(row[E.E_FILT0:E.E_FILT0 + 4]) == (E.FK_KIND, E.KIND_DIGIMON, E.FK_NAME_HAS, 0)
    assert v.texts == ["greymon"]
    row = compile_effect(parse_effect("atk+1 if name~Shout & opp_sheet:frame=Red & points<opp"), "battle", v)
    assert tuple(row[E.E_COND0:E.E_COND0 + 9]) == (E.C_NAME, E.CMP_HAS, 1, E.C_OPP_SHEET, E.FK_FRAME, E.FRAME_RED,
                                                   E.C_POINTS_REL, E.CMP_LT, 0)
    row = compile_effect(parse_effect("gain(Sky)"), "battle", v)
    assert row[E.E_OP] == E.OP_GAIN_KEYWORD and row[E.E_ARG] == v.code("word", "sky")
    row = compile_effect(parse_effect("opp_slots_clear(down)"), "battle", v)
    assert row[E.E_OP] == E.OP_OPP_SLOTS_CLEAR and row[E.E_ARG] == E.SLOTS_DOWN
    row = compile_effect(parse_effect("opp_reveal(3,10)"), "battle", v)
    assert (row[E.E_ARG], row[E.E_ARG2]) == (3, 10)


@pytest.mark.parametrize("bad", ["search(3)", "atk+5 | filter: name=X", "atk+5 if group~Royal", "lost-5",
                                 "atk+5 | limit: turns(0)", "atk+5 | limit: lost, lost", "gain()",
                                 "atk+5 if sheet:colour=Red", "atk+5 | when: battle | when: point",
                                 "appear | cost: place", "atk+5 if points<=opponent"])
def test_version_4_bad_effects_are_rejected(bad):
    with pytest.raises(EffectSyntaxError):
        parse_effect(bad)


@pytest.mark.parametrize("bad", ["atk+", "atk*0", "fly(3)", "atk+5 if level=VII", "atk+5 | when: lunch",
                                 "atk+5 | limit: forever", "atk+5 | cost: dance(1)", "atk+5 if a & b & c & d",
                                 "atk+5 | nonsense", "attack=D",
                                 "frame=Green", "per_mill(5,0)", "per_mill()", "atk+5 | when: devolved"])
def test_bad_effects_are_rejected(bad):
    with pytest.raises(EffectSyntaxError):
        parse_effect(bad)


def test_support_timing():
    # rule DM-BAT-2: a support row (appended timing code 8; nothing renumbered)
    v = Vocab()
    row = compile_effect(parse_effect("atk+460 if name=Agumon | when: support"), "battle", v)
    assert row[E.E_TIMING] == E.T_SUPPORT == 8 and E.TIMING_NAMES[:8] == (
        "prep", "evolution", "battle", "point", "win", "lose", "passive", "evolved")
    assert row[E.E_COND0] == E.C_NAME and row[E.E_COND0 + 2] == v.code("name", "agumon")
    assert format_effect(parse_effect("atk+460 if name=Agumon | when: support")) == "atk+460 if name=Agumon | when: support"


def test_special_no_clause():
    # engine 6: "special: no" marks a Digimon's row that is not a special ability (seed 003 §3.3)
    from simcli.cards.effects import EffectSyntaxError, Vocab, compile_effect, format_effect, parse_effect

    e = parse_effect("immune_options if card=Dark Tower | when: passive | special: no")
    assert not e.special and format_effect(e) == "immune_options if card=Dark Tower | when: passive | special: no"
    assert compile_effect(e, "battle", Vocab())[E.E_FLAGS] == E.RF_NOT_SPECIAL
    assert compile_effect(parse_effect("atk+10"), "battle", Vocab())[E.E_FLAGS] == 0
    import pytest

    with pytest.raises(EffectSyntaxError):
        parse_effect("atk+10 | special: yes")


def test_meta_deck_words():
    # docs/effect-language.md "Meta decks": move_host (an appearance cost), host_abc and opp_no_support (a Digimon's
    # passive rows); compile_tables refuses them anywhere else
    from simcli.engine.tables import TableError, compile_tables
    from test_engine_rules import digi, fill, opt

    v = Vocab()
    for text in ("appear | cost: move_host, points(20)", "host_abc | when: passive", "opp_no_support | when: passive"):
        assert format_effect(parse_effect(text)) == text
    row = compile_effect(parse_effect("appear | cost: move_host, points(20)"), "battle", v)
    assert tuple(row[E.E_COST0:E.E_COST0 + 4]) == (E.K_HOST, 0, E.K_POINTS, 20)
    assert compile_effect(parse_effect("host_abc | when: passive"), "battle", v)[E.E_OP] == E.OP_HOST_ABC
    assert compile_effect(parse_effect("opp_no_support | when: passive"), "battle", v)[E.E_OP] == E.OP_OPP_NO_SUPPORT
    ok = fill([digi("P", level="Ultimate", appearance=["appear | cost: move_host"], effects=["host_abc | when: passive"])])
    compile_tables([ok, ok], effects=True)
    for bad in (fill([digi("P", effects=["atk+10 | cost: move_host"])]),
                fill([digi("P", effects=["host_abc"])]),
                fill([digi("A"), opt("O", effects=["opp_no_support | when: passive"])])):
        with pytest.raises(TableError):
            compile_tables([bad, ok], effects=True)


def test_round11d_words():
    # attr=opp_attr: the condition C_SAME_ATTR without a value (tests/test_engine_cov11d.py); "filter: A or B": the
    # row flag RF_FILTER_OR beside the two predicates
    v = Vocab()
    e = parse_effect("atk+800 if attr=opp_attr & level>=Perfect")
    assert format_effect(e) == "atk+800 if attr=opp_attr & level>=Perfect" and parse_effect(format_effect(e)) == e
    row = compile_effect(e, "battle", v)
    assert list(row[E.E_COND0:E.E_COND0 + 3]) == [E.C_SAME_ATTR, E.CMP_EQ, 0]
    row = compile_effect(parse_effect("atk+5 if attr!=opp_attr"), "battle", v)
    assert list(row[E.E_COND0:E.E_COND0 + 3]) == [E.C_SAME_ATTR, E.CMP_NE, 0]
    assert compile_effect(parse_effect("atk+5 if attr=Virus"), "battle", v)[E.E_COND0] == E.C_ATTR
    e = parse_effect("search(5) | filter: group=Chosen Children or group=Infected Digimon")
    assert e.any_of and parse_effect(format_effect(e)) == e
    row = compile_effect(e, "prep", v)
    assert row[E.E_FLAGS] == E.RF_FILTER_OR and row[E.E_FILT0] == E.FK_GROUP and row[E.E_FILT0 + 2] == E.FK_GROUP
    assert compile_effect(parse_effect("search(5) | filter: group=A & kind=Option"), "prep", v)[E.E_FLAGS] == 0


@pytest.mark.parametrize("bad", ["atk+5 if attr~opp_attr", "atk+5 if attr>opp_attr",
                                 "search(5) | filter: group=A or group=B & kind=Digimon",
                                 "opp_clear(1) | filter: name=A or name=B", "search(5) | filter: name=A or or name=B",
                                 "dark_to_hand(1) | filter: name=Magnamon X-Antibody or name=Agumon"])
def test_round11d_bad_effects_are_rejected(bad):
    with pytest.raises(EffectSyntaxError):
        parse_effect(bad)
