"""The coach's brain: each game's hard bot says the move it would make and why (`hint`). A hint is a
legal move at every decision of whole games, its reason is one of the game's own texts, and it is as
fair as the bot: the same observation with different hidden truth gives the same hint."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.bots import BotFeeder, coach_kind, make_bot
from game.bots.cat_in_the_sack import HeuristicBot as SackHeuristic
from game.bots.cat_in_the_sack.strong import StrongBot as SackStrong
from game.bots.cat_in_the_sack.strong import StrongTuning
from game.bots.rat_a_tat_cat.strong import Budget
from game.bots.rat_a_tat_cat.strong import StrongBot as RatStrong
from game.engine import GAMES
from game.engine.cat_in_the_sack import Phase as SackPhase
from game.engine.cat_in_the_sack.views import view_for as sack_view
from game.engine.rat_a_tat_cat import DRAW_PILE
from game.engine.rat_a_tat_cat import Phase as RatPhase
from game.engine.rat_a_tat_cat import to_act as rat_to_act
from game.engine.rat_a_tat_cat import view_for as rat_view
from game.paths import WEB_ROOT as WEB
from tests.test_rat_strong_bot import Fed, _opponent_move
from tests.test_sack_strong_bot import CASES, twins

SACK, RAT = "cat-in-the-sack", "rat-a-tat-cat"
SACK_SMALL = StrongTuning(steps=300, min_samples=1, max_seconds=1e9)
RAT_SMALL = Budget(playouts=24, min_samples=3, seconds=60.0)


def game_texts(game_id: str) -> dict[str, str]:
    """Return the game's English text table."""
    return json.loads((Path(WEB) / "js" / "games" / game_id / "locales" / "en.json").read_text("utf-8"))


def uncapped(bot: Any) -> Any:
    """Return `bot` with no time cap on its hints: in a test its hint is a function of its seed and its
    stream alone, however loaded the machine (the cap is for a person waiting, bench/hint.py)."""
    bot.hint_cap = None
    return bot


def test_both_games_coach_with_their_hard_bot() -> None:
    assert coach_kind(SACK) == "strong" and coach_kind(RAT) == "strong"


def _whole_game(game_id: str, players: int, seed: int, make: Any) -> Counter[str]:
    """Play a whole game in which every seat follows its own coach's hint; check each hint on the way."""
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
    texts = game_texts(game_id)
    reasons: Counter[str] = Counter()
    moves = 0
    while rules.outcome(state) is None:
        seat = min(rules.to_act(state))
        action, reason, params = coaches[seat].hint(rules.view_for(state, seat))
        rules.check(state, seat, action)  # raises for a move the seat may not make
        assert action in rules.legal_actions(state, seat)
        assert reason in texts, reason  # its words are the game's own
        if getattr(action, "source", None) is not None:  # a draw: the reason speaks of the source it lights up
            took = action.source.value == "discard"
            assert reason in (("hint.take", "hint.take_plain") if took else ("hint.draw", "hint.draw_not_top")), \
                (action, reason)
        assert all(type(v) in (int, str, bool) for v in params.values()), params
        reasons[reason] += 1
        if reason.startswith("hint.bid"):  # its words never contradict the bid: above the sack's worth, it says why
            assert (params["total"] <= params["worth"]) == (reason == "hint.bid"), (reason, params)
        events = rules.apply(state, seat, action)
        while rules.outcome(state) is None and rules.chance_due(state) is not None:
            events += rules.apply_chance(state, rules.sample_chance(state, rng))
        feeder.feed(state, events)
        moves += 1
    assert moves > 20
    return reasons


@pytest.mark.parametrize("players", [3, 4, 5])
def test_cat_in_the_sack_hints_are_legal_moves_to_the_end(players: int) -> None:
    reasons = _whole_game(SACK, players, 40 + players, lambda rng: SackStrong(rng, SACK_SMALL))
    assert reasons["hint.lay"] and (reasons["hint.bid"] or reasons["hint.bid_stay"])  # the choice and the auction
    assert any(k.startswith("hint.pass") for k in reasons)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rat_a_tat_cat_hints_are_legal_moves_to_the_end(players: int) -> None:
    reasons = _whole_game(RAT, players, 70 + players, lambda rng: RatStrong(rng, RAT_SMALL))
    assert reasons["hint.look"] and (reasons["hint.replace"] or reasons["hint.replace_plain"])


def test_a_replace_hint_says_how_much_the_line_drops() -> None:
    # seat 1 knows its outer cards, a 2 and a 7; the pile's top is a 1
    f = Fed({1: [2, 0, 9, 7], 0: [3, 3, 6, 6]}, [1, 8, 5, 9, 0, 6, 3, 9, 2, 7, 1, 8, 5, 6], seed=3)
    while not (min(rat_to_act(f.t.state)) == 1 and f.t.state.phase is RatPhase.DRAW):
        seat = min(rat_to_act(f.t.state))
        f.act(seat, _opponent_move(f.t.state))
    f.act(1, DRAW_PILE)
    action, reason, params = uncapped(f.bot).hint(rat_view(f.t.state, 1))
    assert f.t.state.phase is RatPhase.DECIDE
    assert action.type == "replace" and reason == "hint.replace", (action, reason)
    assert params["card"] == 1 and params["gain"] >= 3 and params["place"] == action.position


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
    assert seen[0].max_seconds == min(seen[1].max_seconds, a.watcher.bot.hint_cap[0])
    assert seen[0].max_wall == a.watcher.bot.hint_cap[1] and a.watcher.bot.tuning is seen[1]
