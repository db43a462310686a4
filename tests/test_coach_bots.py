"""The coach's brain: each game's hard bot says the move it would make and why (`hint`). A hint is a
legal move at every decision of whole games, its reason is one of the game's own texts, and it is as
fair as the bot: the same observation with different hidden truth gives the same hint."""

from __future__ import annotations

import dataclasses

import json
import random
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.bots import BotFeeder, coach_kind, make_bot
from game.bots.cat_in_the_sack import HeuristicBot as SackHeuristic
from game.bots.cat_in_the_sack.strong import StrongBot as SackStrong
from game.bots.cat_in_the_sack.strong import StrongTuning
from game.bots.rat_a_tat_cat import HeuristicBot as RatHeuristic
from game.bots.rat_a_tat_cat.strong import Budget
from game.bots.rat_a_tat_cat.strong import StrongBot as RatStrong
from game.engine import GAMES
from game.engine.cat_in_the_sack import Phase as SackPhase
from game.engine.cat_in_the_sack.views import view_for as sack_view
from game.engine.rat_a_tat_cat import DRAW_PILE, parse_card
from game.engine.rat_a_tat_cat import Phase as RatPhase
from game.engine.rat_a_tat_cat import to_act as rat_to_act
from game.engine.rat_a_tat_cat import view_for as rat_view
from game.engine.rat_a_tat_cat.state import ActionType
from game.paths import WEB_ROOT as WEB
from tests.test_rat_strong_bot import Fed, _opponent_move
from tests.test_sack_strong_bot import CASES, play_until, twin, twins

SACK, RAT = "cat-in-the-sack", "rat-a-tat-cat"
LANGS = ("en", "es", "fr", "hu")
SACK_SMALL = StrongTuning(steps=300, min_samples=1, max_seconds=1e9)
RAT_SMALL = Budget(playouts=24, min_samples=3, seconds=60.0)


def game_texts(game_id: str, lang: str = "en") -> dict[str, str]:
    """Return the game's text table in `lang` (English unless told)."""
    return json.loads((Path(WEB) / "js" / "games" / game_id / "locales" / f"{lang}.json").read_text("utf-8"))


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def check_params(game_id: str, key: str, params: dict[str, Any]) -> None:
    """A hint's or a tip's params are exactly its text's placeholders in every language, but that a
    `seat` param comes with that seat's `name` (docs/protocol.md): the platform adds it."""
    said = set(params)
    if "seat" in said:
        said = (said - {"seat"}) | {"name"}
    for lang in LANGS:
        text = game_texts(game_id, lang)[key]
        assert said == placeholders(text), (lang, key, params, text)


def uncapped(bot: Any) -> Any:
    """Return `bot` with no time cap on its hints: in a test its hint is a function of its seed and its
    stream alone, however loaded the machine (the cap is for a person waiting, bench/hint.py)."""
    bot.hint_cap = None
    return bot


def test_both_games_coach_with_their_hard_bot() -> None:
    assert coach_kind(SACK) == "strong" and coach_kind(RAT) == "strong"


def _whole_game(game_id: str, players: int, seed: int, make: Any) -> Counter[str]:
    """Play a whole game in which every seat follows its own coach's hint; check each hint on the way
    (a legal move, the game's own words, params exactly its text's placeholders, its reason held to
    its move), and every tip any seat's view gives."""
    rules = GAMES[game_id]
    rng = random.Random(seed)
    options = rules.engine_options(rules.option_values(None))
    if game_id == RAT:
        options = rules.engine_options({**rules.option_values(None), "end": "rounds", "rounds": 2})
    state = rules.new_game(players, rng, options)
    while rules.chance_due(state) is not None:
        rules.apply_chance(state, rules.sample_chance(state, rng))
    coaches = [uncapped(make(random.Random(seed * 10 + s))) for s in range(players)]
    feeder = BotFeeder(rules, coaches)
    feeder.feed(state, [])
    # what each seat knows of its own line, remembered apart from the coach (Rat-a-Tat Cat's reasons)
    witnesses = [RatHeuristic(random.Random(0)) for _ in range(players)] if game_id == RAT else []
    witnessing = BotFeeder(rules, witnesses)
    witnessing.feed(state, [])
    texts = game_texts(game_id)
    reasons: Counter[str] = Counter()
    tips: Counter[str] = Counter()
    moves = 0
    while rules.outcome(state) is None:
        for s in range(players):
            for kind, params in rules.tips_for(rules.view_for(state, s)):
                check_params(game_id, f"tip.{kind}", dict(params))
                tips[kind] += 1
        seat = min(rules.to_act(state))
        view = rules.view_for(state, seat)
        action, reason, params = coaches[seat].hint(view)
        rules.check(state, seat, action)  # raises for a move the seat may not make
        assert action in rules.legal_actions(state, seat)
        assert reason in texts, reason  # its words are the game's own
        check_params(game_id, reason, params)
        assert all(type(v) in (int, str, bool) for v in params.values()), params
        if game_id == RAT:
            _hold_rat_reason(state, view, witnesses[seat].memory.lines[seat], action, reason, params)
        reasons[reason] += 1
        if reason.startswith("hint.bid"):  # its words never contradict the bid: above the sack's worth, it says why
            assert (params["total"] <= params["worth"]) == (reason == "hint.bid"), (reason, params)
        events = rules.apply(state, seat, action)
        while rules.outcome(state) is None and rules.chance_due(state) is not None:
            events += rules.apply_chance(state, rules.sample_chance(state, rng))
        feeder.feed(state, events)
        witnessing.feed(state, events)
        moves += 1
    assert moves > 20 and tips
    return reasons


def _hold_rat_reason(state: Any, view: Any, known: list[Any], action: Any, reason: str, params: dict[str, Any]) -> None:
    """Hold a Rat-a-Tat Cat hint's reason to its move and to what its seat knows (`known`: its own line
    as a memory apart from the coach's remembers it, None for a card it does not know)."""
    if getattr(action, "source", None) is not None:  # a draw: the reason speaks of the source it lights up
        top = None if view.discard_top is None else parse_card(view.discard_top)
        if action.source.value == "discard":
            assert reason in ("hint.take", "hint.take_plain"), (action, reason)
        elif view.legal.draw_discard:
            assert reason == "hint.draw_not_top", (action, reason)
        elif view.draws_left:  # a Draw 2's draws
            assert reason == "hint.draw_draw2", (action, reason)
        else:  # a used power card on top
            assert reason == "hint.draw_dead" and type(top) is not int and params["card"] == view.discard_top, \
                (action, reason, params)
        return
    if action.type != "replace":
        assert not reason.startswith("hint.replace"), (action, reason)
        return
    place, line = action.position, state.lines[view.seat]
    shown = view.drawn if view.drawn is not None else view.drawn_card
    held = parse_card(shown)
    assert reason.startswith("hint.replace") and params["place"] == place and params["card"] == shown, \
        (action, reason, params)
    assert all(c is None or c == line[i] for i, c in enumerate(known))  # (the witness is right)
    if type(held) is not int:
        assert reason in ("hint.replace", "hint.replace_plain"), (action, reason)
        return
    higher = [(c, p) for p, c in enumerate(known, 1) if p != place and type(c) is int and c > held]
    unknown_else = any(c is None for p, c in enumerate(known, 1) if p != place)
    target = known[place - 1]
    if target is None and higher:  # an unknown card over a known higher one: it says why
        assert reason in ("hint.replace_unknown", "hint.replace_unknown_played"), (action, reason, known)
        best = max(higher, key=lambda cp: (cp[0], -cp[1]))
        assert (params["known"], params["known_place"]) == best and line[best[1] - 1] == best[0], (params, known)
        assert (reason == "hint.replace_unknown") == ("worth" in params)
        if reason == "hint.replace_unknown":
            assert params["worth"] > params["known"], params
    elif type(target) is int and target > held and unknown_else:  # a known card while one is unknown
        assert reason in ("hint.replace_known", "hint.replace_known_sure"), (action, reason, known)
        assert params["known"] == target == line[place - 1] and params["gain"] == target - held, (params, known)
        assert (reason == "hint.replace_known") == (params["known"] > params["worth"]), params
    else:
        assert reason in ("hint.replace", "hint.replace_plain"), (action, reason, known)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_cat_in_the_sack_hints_are_legal_moves_to_the_end(players: int) -> None:
    reasons = _whole_game(SACK, players, 40 + players, lambda rng: SackStrong(rng, SACK_SMALL))
    assert reasons["hint.lay"] and (reasons["hint.bid"] or reasons["hint.bid_stay"])  # the choice and the auction
    assert any(k.startswith("hint.pass") for k in reasons)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rat_a_tat_cat_hints_are_legal_moves_to_the_end(players: int) -> None:
    reasons = _whole_game(RAT, players, 70 + players, lambda rng: RatStrong(rng, RAT_SMALL))
    assert reasons["hint.look"] and (reasons["hint.replace"] or reasons["hint.replace_plain"])


def test_a_replace_hint_says_which_card_it_gives_up_and_why() -> None:
    # seat 1 knows its outer cards, a 2 and a 7; the pile's top is a 1; its cards 2 and 3 it does not know
    f = Fed({1: [2, 0, 9, 7], 0: [3, 3, 6, 6]}, [1, 8, 5, 9, 0, 6, 3, 9, 2, 7, 1, 8, 5, 6], seed=3)
    while not (min(rat_to_act(f.t.state)) == 1 and f.t.state.phase is RatPhase.DRAW):
        seat = min(rat_to_act(f.t.state))
        f.act(seat, _opponent_move(f.t.state))
    f.act(1, DRAW_PILE)
    action, reason, params = uncapped(f.bot).hint(rat_view(f.t.state, 1))
    assert f.t.state.phase is RatPhase.DECIDE and action.type == "replace"
    if action.position == 4:  # on its known 7 rather than a card it does not know: a sure drop of 6
        assert reason == "hint.replace_known", (action, reason)
        assert params == {"card": 1, "place": 4, "known": 7, "gain": 6, "worth": params["worth"]} and params["worth"] < 7
    else:  # on a card it does not know rather than its known 7 (above the average): the playouts chose
        assert action.position in (2, 3) and reason == "hint.replace_unknown_played", (action, reason)
        assert params == {"card": 1, "place": action.position, "known": 7, "known_place": 4}


@pytest.mark.parametrize("players,seed,round_,phase", CASES[:4])
def test_cat_in_the_sack_same_observation_different_hidden_cards_same_hint(players: int, seed: int, round_: int,
                                                                          phase: SackPhase) -> None:
    a, b = twins(players, seed, round_, phase)
    uncapped(a.watcher.bot), uncapped(b.watcher.bot)
    assert a.watcher.log == b.watcher.log  # the seat saw the very same stream ...
    assert a.state.hands[1:] != b.state.hands[1:] or a.state.setup != b.state.setup  # ... of other games
    assert a.watcher.bot.hint(sack_view(a.state, 0)) == b.watcher.bot.hint(sack_view(b.state, 0))


def test_rat_a_tat_cat_same_observation_different_hidden_cards_same_hints() -> None:
    top = [5, 8, 1, 9, 0, 6, 3, 9, 2, 7, 1, 8, 5, 6]
    a = Fed({1: [2, 0, 9, 7], 0: [3, 3, 6, 6]}, top, seed=11)
    b = Fed({1: [2, 9, 0, 7], 0: [9, 0, 4, 8]}, top, seed=11)
    uncapped(a.bot), uncapped(b.bot)
    hints = 0
    while a.stream[-1] == b.stream[-1] and a.t.state.phase not in (RatPhase.DEAL, RatPhase.OVER):
        seat = min(rat_to_act(a.t.state))
        if seat == 1:
            hint = a.bot.hint(rat_view(a.t.state, 1))
            assert b.bot.hint(rat_view(b.t.state, 1)) == hint, f"hint {hints}: the hidden cards changed it"
            hints += 1
            move = hint[0]
            if move.type is ActionType.REPLACE and move.position in (2, 3):
                # the coach's card goes where the two tables differ: play it where they agree (place 1 holds a 2
                # in both), so the views stay the same and the next decisions are asked too
                move = dataclasses.replace(move, position=1)
        else:
            move = _opponent_move(a.t.state)
        a.act(seat, move)
        b.act(seat, move)
    assert hints >= 4
    assert a.t.state.lines != b.t.state.lines


def test_a_game_whose_hard_bot_cannot_say_why_has_no_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.bots import BOT_KINDS, LEVEL_KINDS

    coach_kind(SACK)  # (the registry is loaded)
    monkeypatch.setitem(LEVEL_KINDS[SACK], "hard", "heuristic")
    assert not hasattr(BOT_KINDS[SACK]["heuristic"], "hint")
    assert coach_kind(SACK) is None
    monkeypatch.delitem(LEVEL_KINDS[SACK], "hard")
    assert coach_kind(SACK) is None
    assert make_bot(SACK, "heuristic", random.Random(0)) is not None
    assert isinstance(SackHeuristic(random.Random(0)), SackHeuristic)


def test_a_hint_thinks_at_most_its_cap_and_the_bots_own_moves_keep_their_budget() -> None:
    bot = SackStrong(random.Random(2))
    assert bot.hint_cap is not None and bot.hint_cap[0] < bot.tuning.max_seconds
    seen: list[Any] = []
    real = SackStrong._search

    def spy(self: Any, view: Any, candidates: Any) -> Any:
        seen.append(self.tuning)
        return real(self, view, candidates)

    SackStrong._search = spy  # type: ignore[method-assign]
    try:
        a, _b = twins(*CASES[0])
        view = sack_view(a.state, 0)
        a.watcher.bot.hint(view)
        a.watcher.bot.act(view)
    finally:
        SackStrong._search = real  # type: ignore[method-assign]
    cap = a.watcher.bot.hint_cap  # (less the little the seed of what the seat saw took)
    assert min(seen[1].max_seconds, cap[0]) - 0.02 < seen[0].max_seconds <= min(seen[1].max_seconds, cap[0])
    assert cap[1] - 0.05 < seen[0].max_wall <= cap[1] and a.watcher.bot.tuning is seen[1]


# ---------------------------------------------------------------- the reasons' words


def test_every_hint_text_says_why() -> None:
    """Every reason is a move and why (the English text: the move, a colon, the why): none is the move
    alone; and every language has every reason."""
    for game_id in (SACK, RAT):
        en = {k: v for k, v in game_texts(game_id).items() if k.startswith("hint.")}
        assert en
        for key, text in en.items():
            move, colon, why = text.partition(": ")
            assert colon and move and len(why) > 10, (game_id, key, text)
        for lang in LANGS:
            texts = game_texts(game_id, lang)
            assert all(key in texts and placeholders(texts[key]) == placeholders(en[key]) for key in en), (game_id, lang)


def test_an_unknown_place_over_a_known_card_says_why_with_the_figures() -> None:
    from game.bots.rat_a_tat_cat.strong import _placement

    # the report: "Put the 3 in place 3" while place 1 held a known 4 (and place 3 an 8 it did not know)
    assert _placement([4, None, None, 1], 3, 3, 4.9) == (
        "hint.replace_unknown", {"card": 3, "place": 3, "known": 4, "known_place": 1, "worth": 5})
    # a known card the average does not settle: the coach's playouts did, and it says so
    assert _placement([7, None, None, 1], 3, 3, 4.9) == (
        "hint.replace_unknown_played", {"card": 3, "place": 3, "known": 7, "known_place": 1})
    # the reverse: a known card while one is unknown
    assert _placement([8, None, 2, 1], 1, 3, 4.9) == (
        "hint.replace_known", {"card": 3, "place": 1, "known": 8, "gain": 5, "worth": 5})
    assert _placement([4, None, 2, 1], 1, 3, 4.9) == (
        "hint.replace_known_sure", {"card": 3, "place": 1, "known": 4, "gain": 1, "worth": 5})
    # no such choice: the plain reasons
    assert _placement([4, 2, 2, 1], 1, 3, 4.9) is None  # every card known
    assert _placement([2, None, None, 1], 2, 3, 4.9) is None  # no known card higher than the 3


# ---------------------------------------------------------------- one view, one hint


def _asked(bot: Any, view: Any, times: int = 5) -> set[Any]:
    """Return the hints `bot` gives `view` asked `times` times, its last answer forgotten each time (so
    each is a search of its own), and check the asks leave the bot's own random stream alone."""
    own = bot.rng.getstate()
    hints = set()
    for _ in range(times):
        bot._hint_kept = None
        action, reason, params = bot.hint(view)
        hints.add((action, reason, json.dumps(params, sort_keys=True)))
    assert bot.rng.getstate() == own  # its moves as a player keep their own stream
    return hints


def test_rat_a_tat_cat_one_view_gets_one_hint_whoever_asks_and_whatever_is_hidden() -> None:
    """Twin games the coached seat cannot tell apart (its middle cards, the other line, the pile below
    its top differ), each coached by a bot of another seed: at every decision, five asks of one get
    one hint, and the other gets that same hint (fairness by equality)."""
    deals = [
        ({1: [2, 0, 9, 7], 0: [3, 3, 6, 6]}, {1: [2, 9, 0, 7], 0: [9, 0, 4, 8]}, [5, 8, 1, 9, 0, 6, 3, 9, 2, 7, 1, 8, 5, 6]),
        ({1: [6, 1, 8, 3], 0: [2, 5, 7, 0]}, {1: [6, 8, 2, 3], 0: [9, 9, 1, 4]}, [7, 2, 9, 4, 0, 8, 1, 5, 6, 3, 2, 9, 4, 7]),
        ({1: [0, 5, 5, 9], 0: [1, 7, 3, 8]}, {1: [0, 2, 8, 9], 0: [6, 4, 0, 2]}, [3, 6, 9, 1, 8, 2, 7, 0, 4, 5, 9, 3, 6, 1]),
    ] + [_twin_deal(random.Random(k)) for k in range(8)]  # 11 twin games
    hints = 0
    for n, (lines_a, lines_b, top) in enumerate(deals):
        a = Fed(lines_a, top, seed=11 + n)
        b = Fed(lines_b, top, seed=911 + n)
        uncapped(a.bot), uncapped(b.bot)
        while a.stream[-1] == b.stream[-1] and a.t.state.phase not in (RatPhase.DEAL, RatPhase.OVER):
            seat = min(rat_to_act(a.t.state))
            if seat == 1:
                seen = _asked(a.bot, rat_view(a.t.state, 1))
                assert len(seen) == 1, f"deal {n}, hint {hints}: {len(seen)} hints for one view"
                hint = a.bot.hint(rat_view(a.t.state, 1))
                assert b.bot.hint(rat_view(b.t.state, 1)) == hint, f"deal {n}, hint {hints}: the hidden cards changed it"
                hints += 1
                move = hint[0]
            else:
                move = _opponent_move(a.t.state)
            a.act(seat, move)
            b.act(seat, move)
        assert a.t.state.lines != b.t.state.lines
    assert hints >= 40


def _twin_deal(rng: random.Random) -> tuple[dict[int, list[int]], dict[int, list[int]], list[int]]:
    """Return two deals seat 1 cannot tell apart (its outer cards and the pile's top 14 alike; its
    middle cards and seat 0's line not), from the number cards with the discard's 4 left out."""
    from game.bots.rat_a_tat_cat import NUMBER_COUNTS

    pool = sorted(NUMBER_COUNTS.elements())
    pool.remove(4)
    rng.shuffle(pool)
    top, outer, rest = pool[:14], pool[14:16], pool[16:]
    a = {1: [outer[0], rest[0], rest[1], outer[1]], 0: rest[2:6]}
    b = {1: [outer[0], rest[6], rest[7], outer[1]], 0: rest[8:12]}
    return a, b, top


@pytest.mark.parametrize("players,seed,round_,phase", CASES)
def test_cat_in_the_sack_one_view_gets_one_hint_whoever_asks_and_whatever_is_hidden(
        players: int, seed: int, round_: int, phase: SackPhase) -> None:
    a = play_until(players, seed, round_, phase, uncapped(SackStrong(random.Random(seed), SACK_SMALL)))
    b = twin(a, uncapped(SackStrong(random.Random(seed + 500), SACK_SMALL)))
    assert a.watcher.log == b.watcher.log and a.state.hands[1:] != b.state.hands[1:]
    seen = _asked(a.watcher.bot, sack_view(a.state, 0))
    assert len(seen) == 1, seen
    assert b.watcher.bot.hint(sack_view(b.state, 0)) == a.watcher.bot.hint(sack_view(a.state, 0))


@pytest.mark.parametrize("game_id", [SACK, RAT])
def test_the_same_question_again_gets_the_same_answer_even_when_its_time_was_cut(game_id: str) -> None:
    """With the real cap (a loaded machine may cut a search short anywhere), asking again about an
    unchanged view gets the first answer: the coach keeps it, by the seed of what the seat saw."""
    if game_id == SACK:
        a, _b = twins(*CASES[0])
        bot, view = a.watcher.bot, sack_view(a.state, 0)
    else:
        f = Fed({1: [2, 0, 9, 7], 0: [3, 3, 6, 6]}, [1, 8, 5, 9, 0, 6, 3, 9, 2, 7, 1, 8, 5, 6], seed=3)
        while not (min(rat_to_act(f.t.state)) == 1 and f.t.state.phase is RatPhase.DRAW):
            f.act(min(rat_to_act(f.t.state)), _opponent_move(f.t.state))
        f.act(1, DRAW_PILE)
        bot, view = f.bot, rat_view(f.t.state, 1)
    bot.hint_cap = (0.15, 0.22)
    first = bot.hint(view)
    started = time.thread_time()
    assert all(bot.hint(view) == first for _ in range(4))
    assert time.thread_time() - started < 0.05  # (kept, not thought again)


def test_a_coachs_seed_is_the_same_in_every_process() -> None:
    """The seed is a stable hash of plain data (sets and dicts in one order, enums by value), never
    Python's salted `hash`: two processes with other hash seeds (a restarted worker) agree."""
    import os
    import subprocess
    import sys

    script = (
        "from game.bots import seen_seed\n"
        "from game.engine.rat_a_tat_cat import MEMORISED, Power, view_for\n"
        "from tests.test_rat_strong_bot import Fed\n"
        "f = Fed({1: [2, 0, 9, 7], 0: [3, 3, 6, 6]}, [1, 8, 5, 9, 0, 6, 3, 9, 2, 7, 1, 8, 5, 6], seed=3)\n"
        "f.act(0, MEMORISED)\n"
        "print(seen_seed({'powers': {Power.PEEK, Power.SWAP, Power.DRAW2}, 'names': frozenset('abcdefgh')},"
        " view_for(f.t.state, 1), f.bot.belief))\n"
    )
    root = Path(__file__).resolve().parent.parent
    seeds = {subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONHASHSEED": salt}).stdout for salt in ("1", "2")}
    assert len(seeds) == 1 and next(iter(seeds)).strip().isdigit(), seeds


@pytest.mark.parametrize("game_id", [SACK, RAT])
def test_each_game_page_lists_its_coach_reasons_with_their_params(game_id: str) -> None:
    """docs/games/<id>.md, "Coach": one row per `hint.*` text, its params the text's placeholders (a `seat`
    where the text says the seat's `name`)."""
    from tests.test_game_pages import TICKED, _page, _sections

    rows = _sections(_page(game_id).read_text("utf-8"))["Coach"]
    listed = {TICKED.findall(row[0])[0]: set(TICKED.findall(row[2])) for row in rows}
    texts = {k: v for k, v in game_texts(game_id).items() if k.startswith("hint.")}
    assert set(listed) == set(texts)
    for key, text in texts.items():
        said = placeholders(text)
        assert listed[key] == (said - {"name"}) | ({"seat"} if "name" in said else set()), (key, listed[key], said)
