"""The table's concerns, each a mixin of `game.session.Session` (the one writer): seats, waiting, lobby, play,
clock, teaching, updates. See game/session.py for the map."""
