"""Cat in the Sack `strong` bot: fair by construction (its move depends only on what its seat
saw), legal moves to the end of whole games, seeded reproducibility."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from game.bots import BotFeeder
from game.bots.cat_in_the_sack import _GOODNESS, HeuristicBot
from game.bots.cat_in_the_sack.strong import StrongBot, StrongTuning, _clone
from game.engine import GAMES
from game.engine import cat_in_the_sack as sack
from game.engine.cat_in_the_sack import PLAYER_SET, Action, ActionType, Card, Phase, card_to_json
from game.engine.cat_in_the_sack.views import view_for

GAME = sack.GAME_ID
RULES = GAMES[GAME]
# the cap never cuts a search short in these tests, however loaded the machine: moves are a
# function of the seed and the observations alone
UNCAPPED = StrongTuning(steps=3000, max_seconds=1e9)
SMALL = StrongTuning(steps=300, min_samples=1, max_seconds=1e9)  # cheap, for whole games


class Watcher:
    """Stands in for seat 0's bot in BotFeeder: logs every (view, events) and passes them on."""

    def __init__(self, bot: StrongBot) -> None:
        self.bot = bot
        self.log: list[tuple[Any, list[dict[str, Any]]]] = []

    def observe(self, view: Any, events: list[dict[str, Any]]) -> None:
        self.log.append((view, events))
        self.bot.observe(view, events)


@dataclass
class Game:
    """One game driven by a fixed action log, seat 0 watched by a strong bot."""

    state: sack.State
    watcher: Watcher
    log: list[tuple[int, Action]] = field(default_factory=list)

    def feed(self, events: list[Any]) -> None:
        BotFeeder(RULES, [self.watcher] + [None] * (self.state.players - 1)).feed(self.state, events)

    def do(self, seat: int, action: Action) -> None:
        self.log.append((seat, action))
        self.feed(sack.apply(self.state, seat, action))


def seat_to_act(state: sack.State) -> int:
    """Rivals choose before seat 0, so their cards are face down when it decides."""
    return max(sack.to_act(state))


def play_until(players: int, seed: int, round_: int, phase: Phase, bot: StrongBot) -> Game:
    """Play heuristic moves from a deal until seat 0 must decide in `round_` and `phase`."""
    rng = random.Random(seed)
    game = Game(sack.new_game(players, random.Random(rng.random())), Watcher(bot))
    game.feed([])
    movers = [HeuristicBot(random.Random(rng.random())) for _ in range(players)]
    while True:
        seat = seat_to_act(game.state)
        st = game.state
        if seat == 0 and st.round >= round_ and st.phase is phase and (
                phase is not Phase.AUCTION or any(not rc.face_up for rc in st.row if rc.owner != 0)):
            return game
        assert st.phase is not Phase.OVER
        game.do(seat, movers[seat].act(view_for(st, seat)))


def far(pool: list[Card], card: Card | None) -> Card:
    """Return the card of `pool` least like `card` (a different card whenever there is one)."""
    if card is None:
        return max(pool, key=lambda c: (_GOODNESS[c], str(c)))
    return max(pool, key=lambda c: (c != card, abs(_GOODNESS[c] - _GOODNESS[card]), str(c)))


def twin(game: Game, bot: StrongBot) -> Game:
    """Return the same game with different hidden cards: every rival's removed card and its card
    of this round still face down are other cards of those it has not shown; the neutral deck's
    unseen cards are reordered. The public moves are the same."""
    st, setup = game.state, dict(game.state.setup)
    round_start = next(i for i, (_, a) in enumerate(game.log) if _round_of(game, i) == st.round)
    hands, removed = [list(h) for h in setup["hands"]], list(setup["removed"])
    new_card: dict[int, Card] = {}
    for s in range(1, st.players):
        hidden = [rc.card for rc in st.row if rc.owner == s and not rc.face_up]
        if st.chosen[s] is not None:
            hidden.append(st.chosen[s])
        now = hidden[0] if hidden else None
        gone = sack.parse_card(removed[s])
        pool = list(st.hands[s]) + hidden + [gone]
        if now is not None:
            new_card[s] = far(pool, now)
            pool.remove(new_card[s])
        new_gone = far(pool, gone)
        removed[s] = card_to_json(new_gone)
        hands[s] = [card_to_json(c) for c in PLAYER_SET if c != new_gone]
    if st.players == 3:
        deck = list(setup["neutral_deck"])
        drawn = 9 - len(st.neutral_deck)
        rest = deck[drawn:] + [setup["neutral_removed"]]
        rest = rest[1:] + rest[:1]
        setup["neutral_deck"], setup["neutral_removed"] = deck[:drawn] + rest[:-1], rest[-1]
    setup["hands"], setup["removed"] = hands, removed
    other = Game(sack.from_setup(st.players, setup, st.options), Watcher(bot))
    other.feed([])
    for i, (seat, action) in enumerate(game.log):
        if i >= round_start and action.type is ActionType.PLAY and seat in new_card:
            action = sack.play(new_card[seat])
        other.do(seat, action)
    return other


def _round_of(game: Game, index: int) -> int:
    """Return the round the index-th logged action was taken in (plays open a round)."""
    state = sack.from_setup(game.state.players, game.state.setup, game.state.options)
    for seat, action in game.log[:index]:
        sack.apply(state, seat, action)
    return state.round


CASES = [(3, 11, 3, Phase.AUCTION), (3, 12, 5, Phase.CHOOSE), (4, 21, 2, Phase.AUCTION),
         (4, 22, 6, Phase.CHOOSE), (4, 23, 7, Phase.AUCTION), (5, 31, 4, Phase.AUCTION),
         (5, 32, 3, Phase.CHOOSE)]


def twins(players: int, seed: int, round_: int, phase: Phase,
          make: Any = StrongBot) -> tuple[Game, Game]:
    """Return two games seat 0 cannot tell apart, each watched by a bot seeded alike."""
    first = play_until(players, seed, round_, phase, make(random.Random(seed), UNCAPPED))
    return first, twin(first, make(random.Random(seed), UNCAPPED))


def hidden(state: sack.State) -> Any:
    """Return what seat 0 cannot see: the rivals' hands, their face-down cards, the removed cards, the deck."""
    return ([state.hands[1:], [rc.card for rc in state.row if not rc.face_up and rc.owner != 0],
             state.chosen[1:], state.setup["removed"][1:], state.neutral_deck])


@pytest.mark.parametrize("players,seed,round_,phase", CASES)
def test_same_observation_different_hidden_cards_same_move(players: int, seed: int, round_: int,
                                                           phase: Phase) -> None:
    a, b = twins(players, seed, round_, phase)
    assert a.watcher.log == b.watcher.log  # seat 0 saw exactly the same views and events
    assert view_for(a.state, 0) == view_for(b.state, 0)
    assert hidden(a.state) != hidden(b.state)  # ... of different games
    if phase is Phase.AUCTION:
        assert [rc.card for rc in a.state.row] != [rc.card for rc in b.state.row]
    assert a.watcher.bot.act(view_for(a.state, 0)) == b.watcher.bot.act(view_for(b.state, 0))


class Peeking(StrongBot):
    """A strong bot that cheats: it searches the real game instead of worlds sampled from its view."""

    truth: sack.State | None = None

    def _sample(self, view: Any) -> sack.State:
        assert self.truth is not None
        return _clone(self.truth)


def test_the_same_check_catches_a_bot_that_reads_the_hidden_cards() -> None:
    """The twins above differ enough that a bot reading the engine state moves differently."""
    differ = 0
    for players, seed, round_, phase in CASES:
        a, b = twins(players, seed, round_, phase, Peeking)
        moves = []
        for game in (a, b):
            bot = game.watcher.bot
            assert isinstance(bot, Peeking)
            bot.truth = game.state
            moves.append(bot.act(view_for(game.state, 0)))
        differ += moves[0] != moves[1]
    assert differ >= 2


def test_strong_is_registered_for_a_fresh_interpreter() -> None:
    """`strong` is known wherever bots are listed, without its module imported by hand."""
    code = ("from game.bots import kinds, make_bot; import random; "
            "print(kinds('cat-in-the-sack'), type(make_bot('cat-in-the-sack', 'strong', random.Random(1))).__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parent.parent).stdout
    assert "'strong'" in out and out.split()[-1] == "StrongBot", out


def play_checked(players: int, seed: int, bots: list[Any], fed: bool = True,
                 options: dict[str, Any] | None = None) -> tuple[sack.State, list[list[Action]]]:
    """Play a whole game, checking every move against the engine's legal moves."""
    state = sack.new_game(players, random.Random(seed), options)
    feeder = BotFeeder(RULES, bots if fed else [None] * players)
    feeder.feed(state, [])
    moves: list[list[Action]] = [[] for _ in range(players)]
    while state.phase is not Phase.OVER:
        seat = min(sack.to_act(state))
        action = bots[seat].act(view_for(state, seat))
        assert action in sack.legal_actions(state, seat), (seed, seat, action)
        moves[seat].append(action)
        feeder.feed(state, sack.apply(state, seat, action))
    return state, moves


@pytest.mark.parametrize("players", [3, 4, 5])
def test_strong_bots_play_whole_games_with_legal_moves(players: int) -> None:
    for seed in range(2):
        bots: list[Any] = [StrongBot(random.Random(seed * 10 + s), SMALL) for s in range(2)]
        bots += [HeuristicBot(random.Random(s)) for s in range(players - 2)]
        state, moves = play_checked(players, 500 + players * 10 + seed, bots,
                                    options={"open_piles": seed == 1})
        assert sack.outcome(state) is not None
        kinds_played = Counter(a.type for m in moves[:2] for a in m)
        assert kinds_played[ActionType.BID] > 0 and kinds_played[ActionType.PASS] > 0


def test_strong_bot_copes_without_events() -> None:
    """Called with views only (bench/engine.py plays so), it still plays legal moves to the end."""
    bots: list[Any] = [StrongBot(random.Random(3), SMALL)] + [HeuristicBot(random.Random(s)) for s in range(3)]
    state, _ = play_checked(4, 77, bots, fed=False)
    assert sack.outcome(state) is not None


def test_strong_bot_knows_every_seats_mice_from_the_public_moves() -> None:
    game = play_until(4, 5, 4, Phase.AUCTION, StrongBot(random.Random(1), SMALL))
    bot = game.watcher.bot
    assert bot._mice(view_for(game.state, 0)) == game.state.mice


def test_same_seed_same_moves_even_with_global_random_disturbed() -> None:
    def game() -> list[list[Action]]:
        bots: list[Any] = [StrongBot(random.Random(8), SMALL)] + [HeuristicBot(random.Random(s)) for s in range(3)]
        return play_checked(4, 88, bots)[1]

    first = game()
    random.seed(999)
    random.random()
    assert game() == first



class FakeClocks:
    """The module's `time`: each reading of a clock spends 0.005 s of CPU; the wall clock runs `ratio` times as fast."""

    def __init__(self, ratio: float) -> None:
        self.cpu, self.ratio = 0.0, ratio

    def thread_time(self) -> float:
        self.cpu += 0.005
        return self.cpu

    def perf_counter(self) -> float:
        self.cpu += 0.005
        return self.cpu * self.ratio


def worlds_searched(monkeypatch: pytest.MonkeyPatch, ratio: float) -> int:
    """Return how many worlds one auction move samples when the wall clock runs `ratio` times its CPU time."""
    import game.bots.cat_in_the_sack.strong as strong
    tuning = StrongTuning(steps=10**9, max_samples=10**6)  # only the clocks stop it
    game = play_until(4, 21, 2, Phase.AUCTION, StrongBot(random.Random(1), tuning))
    bot = game.watcher.bot
    sampled = []
    real = bot._sample
    monkeypatch.setattr(bot, "_sample", lambda view: sampled.append(1) or real(view))
    monkeypatch.setattr(strong, "time", FakeClocks(ratio))
    bot.act(view_for(game.state, 0))
    return len(sampled)


def test_a_busy_machine_does_not_cut_the_search_until_a_person_would_wait_too_long(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # on a shared core the clock runs faster than the search's own CPU time: it searches as much
    # as on an idle machine (its CPU cap), unless the move would take over a second of the clock
    cap, wall = StrongTuning().max_seconds, StrongTuning().max_wall
    idle = worlds_searched(monkeypatch, 1.0)
    assert worlds_searched(monkeypatch, 0.9 * wall / cap) == idle > 10  # its cap is reached at 0.9 s of the clock
    assert worlds_searched(monkeypatch, 4 * wall / cap) < idle * 0.5  # the clock's second at a quarter of its cap
