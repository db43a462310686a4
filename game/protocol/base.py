"""The protocol's words: message types, host commands, stages, roles, bye reasons, limits and its errors."""

from __future__ import annotations

from enum import StrEnum

from game.engine import GameError


MAX_FRAME_BYTES = 4096
MAX_TOKEN_CHARS = 64
MAX_RAW_NAME_CHARS = 64


class MsgType(StrEnum):
    """The client → server message types."""

    JOIN = "join"
    RESUME = "resume"
    WATCH = "watch"
    ACT = "act"
    HOST = "host"
    LANG = "lang"
    HINT = "hint"
    TIPS = "tips"


class HostCmd(StrEnum):
    """The host's controls."""

    SET_GAME = "set_game"
    SET_OPTION = "set_option"
    ADD_BOT = "add_bot"
    REMOVE_SEAT = "remove_seat"
    MOVE_SEAT = "move_seat"
    START = "start"
    SEAT_TO_BOT = "seat_to_bot"
    SET_BOT = "set_bot"
    SET_COACH = "set_coach"
    PLAY_AGAIN = "play_again"
    TO_LOBBY = "to_lobby"
    HOW_TO = "how_to"


class Stage(StrEnum):
    """Where the table stands."""

    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"


class Role(StrEnum):
    """What a connection is at the table."""

    PLAYER = "player"
    WATCHER = "watcher"


class ByeReason(StrEnum):
    """Why the server is closing a socket on purpose."""

    REPLACED = "replaced"
    SHUTDOWN = "shutdown"
    KICKED = "kicked"


class ProtocolError(GameError):
    """A client frame that is not a valid message; answered with an error, never acted on."""


GAME_KEY_SEPARATOR = "."
"""Between a game's id and its engine's own key in a wire error key: `some-game.not_your_turn`."""


def game_error(game_id: str, err: GameError) -> GameError:
    """Return the error game `game_id`'s engine raised as it goes on the wire: its key in the game's namespace.

    Engines raise short keys (their records and tests use them); the platform adds the game's id where an
    engine's error reaches a player (a parsed action, a checked move), so that two games never share an error
    key and no game's key is mistaken for one of the platform's. The class, text and params stay the same.
    """
    return type(err)(f"{game_id}{GAME_KEY_SEPARATOR}{err.key}", err.template, **err.params)
