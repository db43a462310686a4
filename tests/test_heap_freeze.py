"""A server that is up leaves what it loaded out of every later garbage collection
(game.server.thread.freeze_heap): a full collection walking the modules, rules, bots and the
resumed table paused the loop for 16-28 ms on a small box, the worst moment of a whole game."""

from __future__ import annotations

import gc

from game.server.thread import freeze_heap


def test_what_the_server_holds_once_up_is_left_out_of_later_collections() -> None:
    held = [{"seat": n, "cards": [n, n + 1]} for n in range(2_000)]  # long-lived, like the rules' tables
    assert len(gc.get_objects()) > 2 * len(held)
    try:
        freeze_heap()
        assert gc.get_freeze_count() > 2 * len(held)
        assert len(gc.get_objects()) < 100  # a full collection now walks next to nothing
        fresh = [[n] for n in range(500)]  # what the server makes later is collected as usual
        assert len(gc.get_objects()) >= len(fresh)
    finally:
        gc.unfreeze()
