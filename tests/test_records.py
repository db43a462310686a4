"""Game records: exact shape, byte-identical round trips, clear read errors, and the referee."""

from __future__ import annotations

import json
import random

import pytest

from game.engine.cat_in_the_sack import GAME_ID, new_game
from game.records import (
    FORMAT,
    GameRecorder,
    RecordError,
    RecordPlayer,
    check_record,
    dumps_record,
    loads_record,
    parse_record,
    read_record,
    referee,
    write_record,
)
from game.simulate import derive_seed, play_game


@pytest.fixture(scope="module")
def games():
    """Return one finished random-bot game per player count."""
    return {n: play_game(GAME_ID, ["random"] * n, seed=21, game_index=n) for n in (3, 4, 5)}


def test_record_has_exactly_the_documented_shape(games):
    for n, game in games.items():
        data = json.loads(game.record.to_json())
        assert list(data) == ["format", "game", "seed", "players", "options", "setup", "actions", "result"]
        assert data["format"] == FORMAT and data["game"] == GAME_ID
        assert data["players"] == [{"seat": s, "name": f"random {s + 1}", "bot": "random"} for s in range(n)]
        keys = ["start_player", "hands", "removed"] + (["neutral_deck", "neutral_removed"] if n == 3 else [])
        assert list(data["setup"]) == keys
        for card in [c for h in data["setup"]["hands"] for c in h] + data["setup"]["removed"]:
            assert card in (-8, -5, 3, 5, 8, 11, 15, "rabbit", "big_dog", "small_dog")
            assert not isinstance(card, bool)
        for action in data["actions"]:
            assert list(action)[:2] == ["seat", "type"]
            extra = {"play": ["card"], "bid": ["total"], "pass": [], "buy": []}[action["type"]]
            assert list(action)[2:] == extra
        assert list(data["result"]) == ["scores", "winners"]
        assert [list(s) for s in data["result"]["scores"]] == [["seat", "cats", "mice", "total"]] * n
        assert data["result"] == {"scores": game.outcome.result["scores"],
                                  "winners": list(game.outcome.winners)}


def test_text_is_one_line_per_action_and_reads_back_byte_identical(games, tmp_path):
    text = games[4].record.to_json()
    lines = text.splitlines()
    assert text.endswith("}\n") and lines[0] == "{"
    assert sum(1 for line in lines if line.lstrip().startswith('{"seat": ') and '"type"' in line) == \
        len(games[4].record.body["actions"])
    path = write_record(tmp_path / "g.json", games[4].record)
    assert path.read_text(encoding="utf-8") == text
    assert read_record(path).to_json() == text
    assert not list(tmp_path.glob("*.tmp"))


def test_names_with_accents_are_kept_as_written(tmp_path):
    state = new_game(3, random.Random(1))
    rec = GameRecorder(state, [RecordPlayer(0, "Ödön", None), {"name": "Zoé"}, {"name": None, "bot": "random"}],
                       game=GAME_ID)
    path = write_record(tmp_path / "r.json", rec)
    assert "Ödön" in path.read_text(encoding="utf-8")
    back = read_record(path)
    assert [p.name for p in back.players] == ["Ödön", "Zoé", None] and back.result is None


def test_recorded_seed_deals_the_recorded_setup(games):
    for n, game in games.items():
        assert game.record.seed == derive_seed(21, n, "deal")
        assert new_game(n, random.Random(game.record.seed)).setup == game.record.body["setup"]


def test_referee_replays_every_simulated_game_to_its_result(games):
    for game in games.values():
        verdict = check_record(game.record)
        assert verdict.ok and verdict.error is None
        assert verdict.result == game.record.result


def test_optional_fields_may_be_left_out(games):
    data = games[3].record.to_dict()
    for key in ("seed", "options"):
        del data[key]
    data["players"] = [{"seat": p["seat"]} for p in data["players"]]
    record = parse_record(data)
    assert record.seed is None and record.options == {}
    assert check_record(record).ok


def _altered(record, index, **change):
    data = record.to_dict()
    data["actions"][index] = {**data["actions"][index], **change}
    return parse_record(data)


def test_referee_names_the_first_illegal_action(games):
    record = games[4].record
    bids = [i for i, a in enumerate(record.body["actions"]) if a["type"] == "bid"]
    i = bids[0]
    verdict = referee(_altered(record, i, total=999))
    assert not verdict.ok and verdict.error.index == i and verdict.error.key == "bid_too_high"
    assert "999" in verdict.error.describe() and f"action {i}" in verdict.error.describe()
    other = (record.body["actions"][i]["seat"] + 1) % 4
    assert referee(_altered(record, i, seat=other)).error.index == i
    assert referee(_altered(record, i, type="fly")).error.key == "unknown_action"
    assert referee(_altered(record, 0, card=99)).error.index == 0
    assert referee(_altered(record, i, seat="0")).error.key == "bad_seat"


def test_a_dropped_or_extra_action_is_caught(games):
    data = games[5].record.to_dict()
    assert referee(parse_record({**data, "actions": data["actions"][:-1]})).error.key == "unfinished"
    extra = parse_record({**data, "actions": data["actions"] + [{"seat": 0, "type": "pass"}]})
    verdict = referee(extra)
    assert verdict.error.index == len(data["actions"]) and verdict.error.key == "game_over"


def test_stored_result_must_match_the_refereed_one(games):
    data = games[4].record.to_dict()
    data["result"]["scores"][0]["total"] += 1
    assert check_record(parse_record(data)).error.key == "result_mismatch"
    del data["result"]
    assert check_record(parse_record(data)).error.key == "no_result"


def _good(games) -> dict:
    return games[4].record.to_dict()


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.pop("format"), "missing field 'format'"),
    (lambda d: d.update(format="couchcats.record/9"), "unknown format"),
    (lambda d: d.pop("game"), "missing field 'game'"),
    (lambda d: d.update(game="chess"), "unknown game"),
    (lambda d: d.pop("players"), "missing field 'players'"),
    (lambda d: d.update(players={"0": "Ana"}), "players must be a list"),
    (lambda d: d.update(players=d["players"][:2]), "for 3-5 players"),
    (lambda d: d["players"][1].update(seat=True), "players[1].seat must be a whole number"),
    (lambda d: d["players"][1].update(seat=3), "players[1].seat must be 1"),
    (lambda d: d["players"][2].update(name=5), "players[2].name"),
    (lambda d: d.pop("setup"), "missing field 'setup'"),
    (lambda d: d.update(setup=[]), "setup must be an object"),
    (lambda d: d["setup"]["hands"][0].pop(), "setup:"),
    (lambda d: d["setup"].update(start_player=7), "setup: start_player"),
    (lambda d: d["setup"].update(neutral_deck=[3]), "setup:"),
    (lambda d: d.pop("actions"), "missing field 'actions'"),
    (lambda d: d["actions"].insert(2, "pass"), "actions[2] must be an object"),
    (lambda d: d["actions"][3].pop("seat"), "actions[3] has no seat"),
    (lambda d: d.update(seed="12"), "seed must be a whole number"),
    (lambda d: d.update(options=[]), "options must be an object"),
    (lambda d: d.update(result=[]), "result must be an object"),
    (lambda d: d["result"]["scores"][0].update(total=1.5), "result.scores[0].total"),
    (lambda d: d["result"].pop("winners"), "missing field 'result.winners'"),
])
def test_a_bad_record_gets_a_clear_message(games, mutate, words):
    data = _good(games)
    mutate(data)
    with pytest.raises(RecordError) as info:
        parse_record(data)
    assert words in info.value.message


@pytest.mark.parametrize("raw, words", [
    (b"", "not valid JSON"),
    (b"{\"format\": ", "not valid JSON"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b"[1, 2]", "top level must be an object"),
    (b'{"format": NaN}', "NaN is not a number"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"seed": ' + b"9" * 5000 + b"}", "not valid JSON"),
])
def test_a_file_that_is_not_a_record_gets_a_clear_message(tmp_path, raw, words):
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    with pytest.raises(RecordError) as info:
        read_record(path)
    assert words in info.value.message


def test_a_missing_file_gets_a_clear_message(tmp_path):
    with pytest.raises(RecordError, match="cannot read the file"):
        read_record(tmp_path / "nope.json")


def test_dumps_record_refuses_nan_and_keeps_short_containers_on_one_line():
    assert dumps_record({"a": [1, 2], "b": {"c": None}}) == '{\n  "a": [1, 2],\n  "b": {"c": null}\n}\n'
    with pytest.raises(ValueError):
        dumps_record({"a": float("nan")})


def test_loads_record_round_trips_its_own_output(games):
    for game in games.values():
        text = game.record.to_json()
        assert loads_record(text).to_json() == text


def test_a_long_list_of_plain_values_stays_on_one_line_but_a_list_of_objects_splits():
    deck = list(range(10)) * 6
    text = dumps_record({"rounds": [{"deck": deck, "actions": [{"seat": 0, "type": "draw"}] * 8}]})
    assert f'"deck": {json.dumps(deck, separators=(", ", ": "))},' in text
    assert text.count('{"seat": 0, "type": "draw"}') == 8 and len(text.splitlines()) > 10
