"""The session (the table and the one writer), driven directly without sockets."""

from __future__ import annotations

import random

import pytest

from game import protocol as P
from game.engine.cat_in_the_sack import PASS, Phase, bid, parse_card, play
from game.session import PALETTE, PUBLIC, SYMBOLS, Out, RecordReady, Session


class Clock:
    """A hand-driven clock for the turn timer."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def to(outs, conn):
    return [o.message for o in outs if isinstance(o, Out) and o.to == conn]


def kinds(outs, conn):
    return [m["type"] for m in to(outs, conn)]


def new_table(names=("Ana", "Bea", "Cy", "Dan"), clock=None) -> tuple[Session, list[str]]:
    s = Session("ABCDEF", random.Random(1), clock=clock or Clock())
    tokens = []
    for i, name in enumerate(names):
        outs = s.handle(i, P.Join(name))
        tokens.append(to(outs, i)[0]["token"])
    return s, tokens


def started(names=("Ana", "Bea", "Cy", "Dan"), clock=None) -> tuple[Session, list[str]]:
    s, tokens = new_table(names, clock)
    outs = s.handle(0, P.Host(P.HostCmd.START))
    assert s.stage == "playing", outs
    return s, tokens


def error_key(outs, conn):
    errs = [m for m in to(outs, conn) if m["type"] == "error"]
    return errs[0]["key"] if errs else None


# ---------------------------------------------------------------- seats, names, host


def test_join_seats_players_in_order_with_palette_colour_and_symbol_and_a_token():
    s, tokens = new_table()
    assert [seat.name for seat in s.seats] == ["Ana", "Bea", "Cy", "Dan"]
    assert [seat.colour for seat in s.seats] == list(PALETTE[:4])
    assert [seat.symbol for seat in s.seats] == list(SYMBOLS[:4])
    assert len(set(tokens)) == 4 and all(len(t) >= 20 for t in tokens)
    assert s.host is s.seats[0]


@pytest.mark.parametrize("raw, key", [
    ("   ", "name_empty"), ("", "name_empty"), ("x" * 17, "name_too_long"),
    ("Ana\x07", "name_bad_chars"), ("A\u202eB", "name_bad_chars"), ("a\nb", "name_bad_chars"),
    ("ana", "name_taken"), (" ANA ", "name_taken"),
])
def test_bad_or_taken_names_are_refused(raw, key):
    s, _ = new_table(("Ana",))
    outs = s.handle(9, P.Join(raw))
    assert error_key(outs, 9) == key
    assert len(s.seats) == 1


def test_names_are_trimmed_and_may_be_16_characters_with_accents():
    s, _ = new_table(())
    s.handle(1, P.Join("  Ödön Ñandú  "))
    s.handle(2, P.Join("x" * 16))
    assert [seat.name for seat in s.seats] == ["Ödön Ñandú", "x" * 16]


def test_host_passes_on_when_the_host_leaves_and_a_returner_is_not_host_again():
    s, tokens = new_table()
    s.disconnect(0)
    assert s.host is s.seats[1]
    outs = s.handle(10, P.Resume(tokens[0]))
    assert to(outs, 10)[0]["seat"] == 0 and s.host is s.seats[1]
    assert s.seats[0].conn == 10


def test_only_the_host_may_use_host_commands():
    s, _ = new_table()
    outs = s.handle(1, P.Host(P.HostCmd.ADD_BOT))
    assert error_key(outs, 1) == "not_host"
    assert len(s.seats) == 4


def test_lobby_commands_add_remove_move_and_options():
    s, _ = new_table(("Ana", "Bea"))
    s.handle(0, P.Host(P.HostCmd.ADD_BOT, kind="random"))
    assert s.seats[2].bot == "random" and not s.seats[2].human
    s.handle(0, P.Host(P.HostCmd.MOVE_SEAT, seat=2, to=0))
    assert [x.name for x in s.seats][1:] == ["Ana", "Bea"]
    assert error_key(s.handle(0, P.Host(P.HostCmd.REMOVE_SEAT, seat=1)), 0) == "seat_in_use"
    s.handle(0, P.Host(P.HostCmd.REMOVE_SEAT, seat=0))
    assert [x.name for x in s.seats] == ["Ana", "Bea"]
    assert error_key(s.handle(0, P.Host(P.HostCmd.ADD_BOT, kind="genius")), 0) == "unknown_bot"
    s.handle(0, P.Host(P.HostCmd.SET_OPTION, name="turn_timer", value=60))
    s.handle(0, P.Host(P.HostCmd.SET_OPTION, name="open_piles", value=True))
    assert s.options == {"open_piles": True, "turn_timer": 60, "pace": "normal"}
    for name, value in (("turn_timer", 45), ("turn_timer", True), ("open_piles", 1), ("volume", 3)):
        assert error_key(s.handle(0, P.Host(P.HostCmd.SET_OPTION, name=name, value=value)), 0) == "bad_option"
    assert s.options == {"open_piles": True, "turn_timer": 60, "pace": "normal"}


def test_table_is_full_at_the_games_maximum_and_a_sixth_joiner_waits():
    s, _ = new_table(("A", "B", "C", "D", "E"))
    assert error_key(s.handle(0, P.Host(P.HostCmd.ADD_BOT)), 0) == "table_full"
    outs = s.handle(9, P.Join("F"))
    assert to(outs, 9)[0]["role"] == "watcher" and len(s.seats) == 5


# ---------------------------------------------------------------- the one writer


def test_out_of_turn_and_illegal_actions_change_nothing():
    s, _ = started()
    # finish the choice phase
    for seat in range(4):
        card = s.seat_view(seat).hand[0]
        s.submit(seat, s.version, play(parse_card(card)))
    assert s.state.phase is Phase.AUCTION
    turn = s.state.turn
    other = (turn + 1) % 4
    before, version = s.state.serialize(), s.version
    outs = s.handle(other, P.Act(s.version, PASS))
    assert error_key(outs, other) == "cat-in-the-sack.not_your_turn"
    outs = s.handle(turn, P.Act(s.version, bid(999)))
    assert error_key(outs, turn) == "cat-in-the-sack.bid_too_high"
    assert s.state.serialize() == before and s.version == version


def test_stale_and_duplicate_actions_are_refused_with_a_fresh_update():
    s, _ = started()
    v = s.version
    card = parse_card(s.seat_view(0).hand[0])
    outs = s.handle(0, P.Act(v, play(card)))
    assert s.version == v + 1 and s.state.chosen[0] == card
    before = s.state.serialize()
    outs = s.handle(0, P.Act(v, play(parse_card(s.seat_view(0).hand[0]))))  # the resend
    assert kinds(outs, 0) == ["error", "update"] and error_key(outs, 0) == "stale_version"
    assert to(outs, 0)[1]["version"] == s.version
    assert s.state.serialize() == before
    outs = s.handle(1, P.Act(s.version + 5, play(parse_card(s.seat_view(1).hand[0]))))  # from the future
    assert error_key(outs, 1) == "stale_version"


def test_an_action_made_against_an_older_version_counts_if_the_seat_has_not_acted_since():
    s, _ = started()
    v = s.version
    s.handle(0, P.Act(v, play(parse_card(s.seat_view(0).hand[0]))))
    s.handle(1, P.Act(v + 1, play(parse_card(s.seat_view(1).hand[0]))))
    # seat 2 tapped while looking at version v: others' choices do not make its tap stale
    outs = s.handle(2, P.Act(v, play(parse_card(s.seat_view(2).hand[0]))))
    assert error_key(outs, 2) is None and s.state.chosen[2] is not None


def test_actions_from_before_the_game_started_are_stale():
    s, _ = new_table()
    v = s.version
    s.handle(0, P.Host(P.HostCmd.START))
    outs = s.handle(1, P.Act(v, play(parse_card(s.seat_view(1).hand[0]))))
    assert error_key(outs, 1) == "stale_version"


def test_every_change_sends_each_seat_its_own_view_and_one_public_update():
    s, _ = started()
    outs = s.handle(0, P.Act(s.version, play(parse_card(s.seat_view(0).hand[0]))))
    updates = [o for o in outs if isinstance(o, Out)]
    assert sorted(o.to for o in updates if o.to is not None) == [0, 1, 2, 3]
    public = [o for o in updates if o.to is PUBLIC]
    assert len(public) == 1 and "hand" not in public[0].message["view"]
    for o in updates:
        if o.to is not None:
            assert o.message["view"]["seat"] == o.to and o.message["you"]["seat"] == o.to
            mine = [e for e in o.message["events"] if e["type"] == "my_card_chosen"]
            assert (len(mine) == 1) == (o.to == 0)


def test_a_whole_game_ends_over_with_a_record_and_play_again_keeps_the_seats():
    s, _ = started()
    rng = random.Random(4)
    record = None
    for _ in range(500):
        if s.stage == "over":
            break
        for seat in sorted(s.rules.to_act(s.state)):
            outs = s.submit(seat, s.version, rng.choice(s.rules.legal_actions(s.state, seat)))
            record = next((o.record for o in outs if isinstance(o, RecordReady)), record)
    assert s.stage == "over" and record is not None
    assert record.result is not None and len(record.body["actions"]) == len(s.log)
    names = [x.name for x in s.seats]
    s.handle(0, P.Host(P.HostCmd.PLAY_AGAIN))
    assert s.stage == "playing" and [x.name for x in s.seats] == names and s.game_serial == 2
    s.handle(0, P.Host(P.HostCmd.TO_LOBBY))
    assert s.stage == "lobby" and s.state is None


# ---------------------------------------------------------------- tokens, bots, late joiners


def test_unknown_token_and_the_token_of_a_removed_seat_are_refused():
    s, tokens = new_table(("Ana", "Bea", "Cy"))
    s.disconnect(2)
    s.handle(0, P.Host(P.HostCmd.REMOVE_SEAT, seat=2))
    s.handle(7, P.Join("Zed"))  # someone else now sits in that place
    # a lone surrogate used to escape as UnicodeEncodeError from the token comparison
    for token in (tokens[2], "nope", tokens[0][:-1] + ("A" if tokens[0][-1] != "A" else "B"), "\ud800", "café"):
        assert error_key(s.handle(8, P.Resume(token)), 8) == "unknown_token"
    assert s.seat_of(8) is None and s.seats[2].name == "Zed"


def test_seat_to_bot_then_the_player_takes_the_seat_back_with_the_token():
    s, tokens = started()
    assert error_key(s.handle(0, P.Host(P.HostCmd.SEAT_TO_BOT, seat=3)), 0) == "seat_in_use"
    s.disconnect(3)
    s.handle(0, P.Host(P.HostCmd.SEAT_TO_BOT, seat=3))
    assert s.seats[3].bot is not None and (3, s.seats[3].bot) in s.bot_turns()
    outs = s.handle(30, P.Resume(tokens[3]))
    assert to(outs, 30)[0]["seat"] == 3 and s.seats[3].bot is None and s.seats[3].conn == 30


def test_second_tab_takes_the_seat_and_the_first_is_told_replaced():
    s, tokens = new_table()
    outs = s.handle(40, P.Resume(tokens[1]))
    bye = [o for o in outs if isinstance(o, Out) and o.to == 1]
    assert bye[0].message == {"type": "bye", "reason": "replaced"} and bye[0].close
    assert s.seats[1].conn == 40
    assert s.disconnect(1) == []  # the old socket closing does not disconnect the seat
    assert s.seats[1].conn == 40


def test_late_joiner_gets_a_token_watches_and_is_seated_back_in_the_lobby():
    s, _ = started(("Ana", "Bea", "Cy"))
    outs = s.handle(50, P.Join("Eve"))
    [welcome] = to(outs, 50)
    [upd] = to(outs, PUBLIC)  # the public update (its socket's, too) names who waits
    assert welcome["role"] == "watcher" and welcome["token"] and welcome["seat"] is None
    assert upd["you"]["role"] == "watcher" and "hand" not in upd["view"]
    assert upd["table"]["waiting"] == ["Eve"]
    assert 50 in s.public_conns()
    assert error_key(s.handle(50, P.Act(s.version, PASS)), 50) == "not_seated"
    outs = s.handle(0, P.Host(P.HostCmd.TO_LOBBY))
    assert to(outs, 50)[0]["type"] == "welcome" and to(outs, 50)[0]["seat"] == 3
    assert 50 not in s.public_conns()


SACK, RAT = "cat-in-the-sack", "rat-a-tat-cat"  # 3-5 seats, 2-6 seats


def play_out(s: Session, seed: int = 4) -> None:
    rng = random.Random(seed)
    for _ in range(2000):
        if s.stage == "over":
            return
        for seat in sorted(s.rules.to_act(s.state)):
            s.submit(seat, s.version, rng.choice(s.rules.legal_actions(s.state, seat)))
    raise AssertionError("the game did not end")


def test_a_sixth_friend_waits_on_a_five_seat_game_and_is_seated_in_order_when_the_host_picks_six():
    s, _ = new_table(("A", "B", "C", "D", "E"))
    assert s.game_id == SACK
    first = s.handle(5, P.Join("F"))
    assert to(first, 5)[0]["role"] == "watcher" and to(first, 5)[0]["seat"] is None
    assert to(first, PUBLIC)[0]["table"]["waiting"] == ["F"] and to(first, 0)[0]["table"]["waiting"] == ["F"]
    s.handle(6, P.Join("G"))
    s.handle(20, P.Watch())  # opened /watch on purpose: never a seat
    assert [p.name for p in s.pending] == ["F", "G"] and len(s.seats) == 5
    outs = s.handle(0, P.Host(P.HostCmd.SET_GAME, game=RAT))
    # the first who came gets the sixth seat: a new welcome, then its own seat's update
    assert kinds(outs, 5) == ["welcome", "update"] and to(outs, 5)[0]["seat"] == 5
    assert to(outs, 5)[1]["you"]["seat"] == 5 and to(outs, 5)[1]["you"]["role"] == "player"
    assert [x.name for x in s.seats] == ["A", "B", "C", "D", "E", "F"] and s.seats[5].colour == PALETTE[5]
    assert to(outs, 6) == [] and to(outs, PUBLIC)[0]["table"]["waiting"] == ["G"]
    assert set(s.public_conns()) == {6, 20}
    # a seventh waits too: Rat-a-Tat Cat is full at six
    late = s.handle(7, P.Join("H"))
    assert to(late, 7)[0]["seat"] is None and s.public_update()["table"]["waiting"] == ["G", "H"]
    s.handle(0, P.Host(P.HostCmd.START))
    assert s.stage == "playing" and s.state is not None and len(s.seats) == 6


def test_switching_back_to_a_smaller_game_keeps_every_seat_and_start_says_too_many():
    s, _ = new_table(("A", "B", "C", "D", "E"))
    s.handle(5, P.Join("F"))
    s.handle(6, P.Join("G"))
    s.handle(0, P.Host(P.HostCmd.SET_GAME, game=RAT))
    outs = s.handle(0, P.Host(P.HostCmd.SET_GAME, game=SACK))
    assert s.game_id == SACK and error_key(outs, 0) is None
    assert [x.name for x in s.seats] == ["A", "B", "C", "D", "E", "F"], "nobody loses a seat"
    assert [p.name for p in s.pending] == ["G"]
    refused = s.handle(0, P.Host(P.HostCmd.START))
    assert error_key(refused, 0) == "wrong_player_count" and s.stage == "lobby"
    assert [e["params"] for e in to(refused, 0)] == [{"min": 3, "max": 5}]
    s.handle(0, P.Host(P.HostCmd.SET_GAME, game=RAT))
    s.handle(0, P.Host(P.HostCmd.START))
    assert s.stage == "playing" and len(s.seats) == 6


def test_a_person_never_waits_behind_a_bot_in_the_lobby():
    s, _ = new_table(("A", "B", "C"))
    s.handle(0, P.Host(P.HostCmd.ADD_BOT))
    s.handle(0, P.Host(P.HostCmd.ADD_BOT))
    first_bot, last_bot = s.seats[3].name, s.seats[4].name
    s.handle(0, P.Host(P.HostCmd.MOVE_SEAT, seat=4, to=0))  # the last bot added now sits first
    assert s.seats[0].name == last_bot
    outs = s.handle(8, P.Join("Dee"))
    # the full table's last bot seat (in seat order) gives its place to the person
    assert to(outs, 8)[0]["role"] == "player" and to(outs, 8)[0]["seat"] == 4
    assert [x.name for x in s.seats] == [last_bot, "A", "B", "C", "Dee"] and s.pending == []
    assert first_bot not in [x.name for x in s.seats]
    s.handle(9, P.Join("Eli"))
    assert [x.name for x in s.seats] == ["Eli", "A", "B", "C", "Dee"] and s.pending == []
    assert all(x.bot is None for x in s.seats)
    outs = s.handle(10, P.Join("Fay"))  # no bot left: the next one waits
    assert to(outs, 10)[0]["seat"] is None and [p.name for p in s.pending] == ["Fay"]
    assert error_key(s.handle(0, P.Host(P.HostCmd.ADD_BOT)), 0) == "table_full"


def test_a_waiting_phone_that_leaves_is_passed_over_and_not_listed_until_it_comes_back():
    s, _ = new_table(("A", "B", "C", "D", "E"))
    welcome = to(s.handle(5, P.Join("Fay")), 5)[0]
    s.handle(6, P.Join("Gus"))
    s.handle(20, P.Watch())
    assert s.public_update()["table"]["waiting"] == ["Fay", "Gus"]
    left = s.disconnect(5)
    assert to(left, PUBLIC)[0]["table"]["waiting"] == ["Gus"], "every screen stops listing her at once"
    assert to(left, PUBLIC)[0]["table"]["watchers"] == 1, "who waits is not counted again among the watchers"
    outs = s.handle(0, P.Host(P.HostCmd.SET_GAME, game=RAT))  # a sixth seat: the next one still here gets it
    assert to(outs, 6)[0]["seat"] == 5 and [x.name for x in s.seats][-1] == "Gus"
    assert [p.name for p in s.pending] == ["Fay"] and s.public_update()["table"]["waiting"] == []
    back = s.handle(15, P.Resume(welcome["token"]))  # her place in the line is kept for her token
    assert to(back, 15)[0]["seat"] is None and to(back, PUBLIC)[0]["table"]["waiting"] == ["Fay"]
    s.disconnect(4)
    s.handle(0, P.Host(P.HostCmd.REMOVE_SEAT, seat=4))  # a seat freed: hers now
    assert [x.name for x in s.seats][-1] == "Fay" and s.pending == []


def test_a_phone_that_left_while_waiting_is_not_dealt_in_by_play_again():
    s, _ = new_table(("A", "B", "C"))
    s.handle(0, P.Host(P.HostCmd.ADD_BOT))
    s.handle(0, P.Host(P.HostCmd.START))
    s.handle(9, P.Join("Fay"))  # a late joiner waits through the game...
    s.disconnect(9)  # ...and closes her phone before it ends
    play_out(s)
    s.handle(0, P.Host(P.HostCmd.PLAY_AGAIN))
    assert s.stage == "playing" and len(s.seats) == 4 and s.seats[3].bot is not None, \
        "the bot keeps its seat: an absent person dealt in would stop the game"
    assert [p.name for p in s.pending] == ["Fay"]


def test_a_table_over_the_games_maximum_seats_no_one_until_a_seat_is_freed():
    s, _ = new_table(("A", "B", "C", "D", "E"))
    s.handle(0, P.Host(P.HostCmd.SET_GAME, game=RAT))
    s.handle(0, P.Host(P.HostCmd.ADD_BOT))
    s.handle(0, P.Host(P.HostCmd.SET_GAME, game=SACK))  # six seats at a five-seat game
    s.handle(9, P.Join("G"))
    assert len(s.seats) == 6 and [p.name for p in s.pending] == ["G"], "the bot does not make way: still too many"
    s.handle(0, P.Host(P.HostCmd.REMOVE_SEAT, seat=5))
    assert len(s.seats) == 5 and [p.name for p in s.pending] == ["G"]
    s.disconnect(4)
    outs = s.handle(0, P.Host(P.HostCmd.REMOVE_SEAT, seat=4))  # a seat freed in the lobby goes to who waits
    assert to(outs, 9)[0]["seat"] == 4 and [x.name for x in s.seats][-1] == "G" and s.pending == []


def test_late_joiners_wait_through_the_game_and_its_scores_then_play_again_seats_them_first_come():
    s, _ = new_table(("A", "B", "C"))
    s.handle(0, P.Host(P.HostCmd.ADD_BOT))
    s.handle(0, P.Host(P.HostCmd.START))
    for conn, name in ((7, "Late"), (8, "Later"), (9, "Latest")):
        assert to(s.handle(conn, P.Join(name)), conn)[0]["seat"] is None
    play_out(s)
    s.handle(10, P.Join("Last"))
    assert len(s.seats) == 4, "the score screen's seats stay as the game had them"
    outs = s.handle(0, P.Host(P.HostCmd.PLAY_AGAIN))
    assert s.stage == "playing" and s.state is not None
    # the free seat, then the bot's seat, in the order they came; the others wait for the next game
    assert [x.name for x in s.seats] == ["A", "B", "C", "Later", "Late"]
    assert [p.name for p in s.pending] == ["Latest", "Last"]
    assert kinds(outs, 7) == ["welcome", "update"] and to(outs, 7)[0]["seat"] == 4
    assert to(outs, 7)[1]["view"]["seat"] == 4 and to(outs, 8)[0]["seat"] == 3
    assert s.recorder is not None and [p.name for p in s.recorder.record.players] == ["A", "B", "C", "Later", "Late"]


# ---------------------------------------------------------------- the turn timer


def test_turn_timer_chooses_for_the_slow_then_passes_for_the_bidder():
    clock = Clock()
    s, _ = new_table(clock=clock)
    s.handle(0, P.Host(P.HostCmd.SET_OPTION, name="turn_timer", value=30))
    s.handle(0, P.Host(P.HostCmd.START))
    assert s.deadline == clock.now + 30
    s.submit(0, s.version, play(parse_card(s.seat_view(0).hand[0])))
    upd = s.public_update()
    assert upd["timer"] == {"seat": None, "seconds_left": 30}
    clock.now += 29
    assert s.expire_timer() == []
    clock.now += 1.5
    outs = s.expire_timer()
    assert s.state.phase is Phase.AUCTION  # the three slow seats got a random card each
    assert [e["seat"] for e in to(outs, 0)[0]["events"] if e["type"] == "timeout"] == [1, 2, 3]
    turn = s.state.turn
    assert s.deadline == clock.now + 30
    clock.now += 31
    s.expire_timer()
    assert s.state.passed[turn] and s.log[-1]["timeout"] is True


def test_the_table_names_every_registered_game_with_its_seats_and_declared_options():
    from game.engine import GAMES

    s = Session("ABCDEF", random.Random(1))
    s.handle(0, P.Join("Ana"))
    table = s.public_update()["table"]
    offered = [r for r in GAMES.values() if r.on_table]
    assert [g["id"] for g in table["games"]] == [r.id for r in offered]
    for entry, rules in zip(table["games"], offered):
        assert (entry["min_players"], entry["max_players"]) == (rules.min_players, rules.max_players)
        assert [o["name"] for o in entry["options"]] == [o.name for o in rules.options]
    assert [o["name"] for o in table["table_options"]] == ["turn_timer", "pace"]
    assert table["table_options"][0]["choices"] == [0, 30, 60, 120]
    # every option a lobby can show has its value in `options`, and nothing else is there
    names = {o["name"] for o in table["table_options"]} | {o.name for o in s.rules.options}
    assert set(table["options"]) == names


def test_updates_say_who_acts_and_a_finished_game_sends_its_generic_outcome():
    s, _ = started()
    u = s.public_update()
    assert u["acting"] == [0, 1, 2, 3] and u["outcome"] is None  # everyone chooses a card
    rng = random.Random(3)
    while s.stage == "playing":
        seat = min(s.rules.to_act(s.state))
        s.submit(seat, s.version, rng.choice(s.rules.legal_actions(s.state, seat)))
        if s.stage == "playing":
            assert s.public_update()["acting"] == sorted(s.rules.to_act(s.state))
    out = s.public_update()["outcome"]
    result = s.rules.outcome(s.state)
    assert out["winners"] == list(result.winners) and out["totals"] == list(result.totals)
    assert out["lowest_wins"] is False and set(out["detail"]) == {"scores", "tie_break"}
    assert s.public_update()["acting"] == []


def test_the_tables_clock_tells_a_time_limited_game_its_time_ran_out__R_GAME_2():
    clock = Clock()
    s = Session("ABCDEF", random.Random(4), clock=clock, game="rat-a-tat-cat")
    for name in ("Ana", "Bea"):
        s.handle(len(s.seats), P.Join(name))
    s.handle(0, P.Host(P.HostCmd.SET_OPTION, name="end", value="time"))
    s.handle(0, P.Host(P.HostCmd.SET_OPTION, name="minutes", value=10))
    s.handle(0, P.Host(P.HostCmd.START))
    assert s.deadline == clock.now + 600
    # every update (the TV's, the watchers', each seat's) tells the time left; the turn timer is off
    assert s.public_update()["game_time"] == {"seconds_left": 600} and "timer" not in s.public_update()
    assert s.expire_timer() == []  # not yet
    clock.now += 75.5
    seat = min(s.rules.to_act(s.state))
    outs = s.submit(seat, s.version, s.rules.legal_actions(s.state, seat)[0])
    assert all(o.message["game_time"] == {"seconds_left": 525} for o in outs if o.message["type"] == "update")
    clock.now += 601
    outs = s.expire_timer()
    assert {"seat": None, "action": {"type": "time_up"}, "version": s.version - 1} in s.log
    assert any(o.to is PUBLIC for o in outs) and s.game_deadline is None
    assert "game_time" not in s.public_update()  # time is up: the round being played is the last
    rounds_before = s.state.round
    for _ in range(5000):
        if s.stage != "playing":
            break
        seat = min(s.rules.to_act(s.state))
        s.submit(seat, s.version, random.Random(len(s.log)).choice(s.rules.legal_actions(s.state, seat)))
    assert s.stage == "over" and s.state.round == rounds_before  # the round in progress was the last
