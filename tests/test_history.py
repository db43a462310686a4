"""The household's history (game/history.py, game/kept.py): the leaderboard and last results per game,
the `history` of the lobby's updates, the games kept by the save as they end, the import of the
records folder, and the history surviving --fresh and a damaged save (issue 11)."""

from __future__ import annotations

import json
import random

from game import protocol as P
from game.engine import GAMES
from game.history import KeptGame, KeptSeat, leaders, recent, summary
from game.protocol import Stage
from game.session import Out, Session

SACK, RAT = "cat-in-the-sack", "rat-a-tat-cat"


def rigged(game: str, ended: int, *seats: tuple[str, str | None, int, int | None, bool]) -> KeptGame:
    """Return a kept game of `game` with (name, bot kind, total, best, won) per seat."""
    return KeptGame(game, ended, None, tuple(KeptSeat(i, *s) for i, s in enumerate(seats)), {}, {}, "",
                    f"digest-{game}-{ended}")


# Five finished games of each game. Names differ in case, spaces and Unicode form (é as one
# code point or e + combining accent) but are one person; Felix and Luna are bots.
HOUSEHOLD = [
    rigged(SACK, 100, ("Ana", None, 58, 58, True), ("Béla", None, 40, 40, False), ("Felix", "heuristic", 61, 61, False)),
    rigged(SACK, 200, ("ana ", None, 30, 30, False), ("Be\u0301la", None, 45, 45, True), ("Felix", "heuristic", 20, 20, False)),
    rigged(SACK, 300, (" ANA", None, 50, 50, True), ("béla", None, 50, 50, True), ("Luna", "random", 49, 49, False)),
    rigged(SACK, 400, ("Cleo", None, 70, 70, True), ("Dan", None, 10, 10, False), ("Felix", "heuristic", 90, 90, False)),
    rigged(SACK, 500, ("Eve", None, 33, 33, False), ("Felix", "heuristic", 80, 80, True), ("Ana", None, 31, 31, False)),
    # Rat-a-Tat Cat: lowest wins, best is the lowest round score
    rigged(RAT, 150, ("Ana", None, 20, 4, True), ("Béla", None, 31, 2, False)),
    rigged(RAT, 250, ("ANA", None, 40, 9, False), ("Béla", None, 12, 3, True)),
    rigged(RAT, 350, ("Dan", None, 15, 5, True), ("Felix", "heuristic", 15, 0, True)),
]


def test_the_leaderboard_counts_people_by_name_keeps_bots_apart_and_shares_wins():
    board = leaders(HOUSEHOLD, SACK)
    # Ana: 4 games (ana , " ANA", Ana), wins at 100 and the shared one at 300; best 58 (highest)
    # Béla: 3 games, wins at 200 and the shared one at 300; best 50
    # Cleo: 1 game, 1 win; Dan: 1 game; Eve: 1 game. Felix (bot) won at 500: not on the board.
    # Ranked: wins, then fewer games, then best: Béla before Ana; Eve's 33 beats Dan's 10.
    assert board == [{"name": "béla", "wins": 2, "games": 3, "best": 50},
                     {"name": "Ana", "wins": 2, "games": 4, "best": 58},
                     {"name": "Cleo", "wins": 1, "games": 1, "best": 70},
                     {"name": "Eve", "wins": 0, "games": 1, "best": 33},
                     {"name": "Dan", "wins": 0, "games": 1, "best": 10}]
    assert all(row["name"] not in ("Felix", "Luna") for row in board)


def test_the_best_score_goes_the_way_the_game_declares():
    assert GAMES[SACK].best_lowest is False and GAMES[RAT].best_lowest is True
    board = leaders(HOUSEHOLD, RAT)
    # Ana and Béla: one win in two games each; Béla's best round (2) beats Ana's (4): Béla first.
    # Dan shared his win with a bot: it counts for him. The bot is not on the board.
    assert board == [{"name": "Dan", "wins": 1, "games": 1, "best": 5},
                     {"name": "Béla", "wins": 1, "games": 2, "best": 2},
                     {"name": "ANA", "wins": 1, "games": 2, "best": 4}]


def test_the_last_results_are_the_newest_five_with_bots_marked():
    last = recent(HOUSEHOLD, SACK)
    assert [r["ended"] for r in last] == [500, 400, 300, 200, 100]
    assert last[0] == {"ended": 500, "winners": ["Felix"],
                       "seats": [{"name": "Eve", "total": 33, "bot": False},
                                 {"name": "Felix", "total": 80, "bot": True},
                                 {"name": "Ana", "total": 31, "bot": False}]}
    assert last[2]["winners"] == ["ANA", "béla"]  # names as the lobby writes them: no spaces around
    more = HOUSEHOLD + [rigged(SACK, 600 + i, ("Zoe", None, i, i, True)) for i in range(3)]
    assert [r["ended"] for r in recent(more, SACK)] == [602, 601, 600, 500, 400]
    assert len(leaders(more, SACK)) == 5


def _lobby(game: str = SACK) -> tuple[Session, int]:
    s = Session("HISTRY", random.Random(3), game=game)
    s.handle(1, P.Join("Ana"))
    for _ in range(2):
        s.host_command(P.parse_host({"cmd": "add_bot"}))
    return s, 1


def test_the_lobby_updates_carry_the_history_of_every_offered_game_and_nothing_else():
    s, ana = _lobby()
    s.set_history(summary(HOUSEHOLD))
    seat = next(o.message for o in s.host_command(P.parse_host({"cmd": "set_option", "name": "turn_timer",
                                                                   "value": 30}))
                if isinstance(o, Out) and o.to == ana)
    public = s.public_update()
    offered = [g["id"] for g in public["table"]["games"]]
    assert sorted(public["history"]) == sorted(offered)
    assert public["history"][SACK] == {"leaders": leaders(HOUSEHOLD, SACK), "recent": recent(HOUSEHOLD, SACK)}
    assert seat["history"] is public["history"]  # one object for every update: its text is made once
    text = json.loads(P.encode_update(seat, P.SharedText()))
    assert text["history"] == json.loads(json.dumps(public["history"]))
    # exactly the documented shape, and nothing else of a kept game (no record, no digest)
    game = public["history"][SACK]
    assert set(game) == {"leaders", "recent"}
    assert all(set(row) == {"name", "wins", "games", "best"} for row in game["leaders"])
    assert all(set(row) == {"ended", "winners", "seats"} for row in game["recent"])
    assert all(set(seat_row) == {"name", "total", "bot"} for row in game["recent"] for seat_row in row["seats"])


def test_the_history_is_sent_only_while_the_table_is_in_the_lobby():
    s, ana = _lobby()
    s.set_history(summary(HOUSEHOLD))
    outs = s.host_command(P.parse_host({"cmd": "start"}))
    updates = [o.message for o in outs if isinstance(o, Out) and o.message.get("type") == "update"]
    assert updates and all("history" not in u for u in updates)
    assert "history" not in s.public_update()
    outs = s.host_command(P.parse_host({"cmd": "to_lobby"}))
    assert s.stage is Stage.LOBBY
    assert all(o.message["history"][SACK]["leaders"] for o in outs
               if isinstance(o, Out) and o.message.get("type") == "update")


def test_a_table_with_nothing_kept_sends_empty_lists():
    s, _ = _lobby()
    assert s.public_update()["history"] == {g: {"leaders": [], "recent": []}
                                            for g, rules in GAMES.items() if rules.on_table}
