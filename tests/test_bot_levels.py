"""Bot levels for people (easy, normal, hard): chosen per bot seat in the lobby through the protocol,
kept across a game switch, shown on every seat row; a player who leaves is taken over at `normal`
unless the host picks another level."""

from __future__ import annotations

import random

from game import protocol as P
from game.bots import kind_for, levels
from game.engine import GAMES
from game.session import Out, Session


def _table(names=("Ana", "Bea")) -> Session:
    s = Session("ABCDEF", random.Random(1))
    for i, name in enumerate(names):
        s.handle(i, P.Join(name))
    return s


def _last_update(outs, conn):
    return [o.message for o in outs if isinstance(o, Out) and o.to == conn and o.message["type"] == "update"][-1]


def _error(outs, conn):
    errs = [o.message for o in outs if isinstance(o, Out) and o.to == conn and o.message["type"] == "error"]
    return errs[0]["key"] if errs else None


def test_every_game_on_the_table_offers_easy_and_normal_bots_and_tells_the_lobbies():
    s = _table()
    outs = s.handle(0, P.Host(P.HostCmd.SET_OPTION, name="turn_timer", value=0))
    games = {g["id"]: g for g in _last_update(outs, 1)["table"]["games"]}
    for game_id, rules in GAMES.items():
        if rules.on_table:
            assert {"easy", "normal"} <= set(games[game_id]["bot_levels"]) == set(levels(game_id))
            assert games[game_id]["bot_levels"] == [lv for lv in ("easy", "normal", "hard")
                                                    if lv in games[game_id]["bot_levels"]]


def test_the_host_seats_bots_by_level_changes_a_level_and_each_seat_row_shows_it():
    s = _table()
    s.handle(0, P.Host(P.HostCmd.ADD_BOT, level="easy"))
    outs = s.handle(0, P.Host(P.HostCmd.ADD_BOT))  # no level: normal
    rows = _last_update(outs, 1)["table"]["seats"]
    assert [(r["bot"], r["level"]) for r in rows] == [(None, None), (None, None),
                                                      (kind_for(s.game_id, "easy"), "easy"),
                                                      (kind_for(s.game_id, "normal"), "normal")]
    outs = s.handle(0, P.Host(P.HostCmd.SET_BOT, seat=2, level="normal"))
    assert _last_update(outs, 1)["table"]["seats"][2]["level"] == "normal"
    # only the host, only bot seats, only levels that exist: each refused with its key, nothing changed
    before = [(x.name, x.bot) for x in s.seats]
    assert _error(s.handle(1, P.Host(P.HostCmd.SET_BOT, seat=2, level="easy")), 1) == "not_host"
    assert _error(s.handle(0, P.Host(P.HostCmd.SET_BOT, seat=1, level="easy")), 0) == "not_a_bot"
    assert _error(s.handle(0, P.Host(P.HostCmd.SET_BOT, seat=2, level="genius")), 0) == "unknown_bot"
    assert _error(s.handle(0, P.Host(P.HostCmd.ADD_BOT, level="genius")), 0) == "unknown_bot"
    assert _error(s.handle(0, P.Host(P.HostCmd.SET_BOT, seat=9, level="easy")), 0) == "bad_seat"
    assert [(x.name, x.bot) for x in s.seats] == before
    # a kind without a level (for simulations and tests) is still seated by kind, and shows no level
    outs = s.handle(0, P.Host(P.HostCmd.ADD_BOT, kind="random"))
    assert _last_update(outs, 0)["table"]["seats"][4]["level"] is None


def test_a_bot_keeps_its_level_when_the_host_switches_games():
    s = _table(("Ana",))
    s.handle(0, P.Host(P.HostCmd.ADD_BOT, level="easy"))
    s.handle(0, P.Host(P.HostCmd.ADD_BOT, level="normal"))
    for game_id in ("rat-a-tat-cat", "cat-in-the-sack"):
        outs = s.handle(0, P.Host(P.HostCmd.SET_GAME, game=game_id))
        rows = _last_update(outs, 0)["table"]["seats"]
        assert [r["level"] for r in rows] == [None, "easy", "normal"]
        assert [r["bot"] for r in rows[1:]] == [kind_for(game_id, "easy"), kind_for(game_id, "normal")]


def test_a_player_who_left_is_taken_over_at_normal_or_at_the_level_the_host_picks():
    s = _table(("Ana", "Bea", "Cy", "Dan"))
    s.handle(0, P.Host(P.HostCmd.START))
    s.disconnect(2)
    s.disconnect(3)
    s.handle(0, P.Host(P.HostCmd.SEAT_TO_BOT, seat=2))
    outs = s.handle(0, P.Host(P.HostCmd.SEAT_TO_BOT, seat=3, level="easy"))
    rows = _last_update(outs, 0)["table"]["seats"]
    assert (rows[2]["level"], rows[3]["level"]) == ("normal", "easy")
    assert s.seats[3].bot == kind_for(s.game_id, "easy")
    assert _error(s.handle(0, P.Host(P.HostCmd.SET_BOT, seat=3, level="normal")), 0) == "lobby_only"


def test_the_wire_parses_levels_and_refuses_bad_ones():
    assert P.parse_host({"cmd": "set_bot", "seat": 1, "level": "easy"}) == P.Host(P.HostCmd.SET_BOT, seat=1,
                                                                                 level="easy")
    assert P.parse_host({"cmd": "add_bot", "level": "hard"}).level == "hard"
    for bad in ({"cmd": "set_bot", "seat": 1}, {"cmd": "set_bot", "seat": 1, "level": 3},
                {"cmd": "set_bot", "seat": "x", "level": "easy"}, {"cmd": "add_bot", "level": "x" * 100}):
        try:
            P.parse_host(bad)
        except P.ProtocolError as exc:
            assert exc.key == "bad_field"
        else:
            raise AssertionError(f"{bad} was accepted")


def test_every_bots_module_of_a_game_is_loaded_even_if_one_was_imported_first():
    import subprocess
    import sys
    from pathlib import Path

    code = ("import game.bots.rat_a_tat_cat\n"  # registers random and heuristic only
            "from game.bots import kinds\nprint(sorted(kinds('rat-a-tat-cat')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parent.parent).stdout
    assert "'easy'" in out and "'heuristic'" in out, out
