"""The one place that reads keyboard and window input and turns it into intents for the scenes."""

from __future__ import annotations

from enum import StrEnum

import pygame


class Intent(StrEnum):
    """What the person at the TV (or the system) asks for."""

    PRIMARY = "primary"  # Enter: start / play again / confirm quit
    ADD_BOT = "add_bot"
    REMOVE_BOT = "remove_bot"
    BOT_LEVEL = "bot_level"  # the last bot's level: the next one (easy -> normal -> hard -> easy)
    NEXT_GAME = "next_game"
    OPTION_UP = "option_up"  # select the option row above
    OPTION_DOWN = "option_down"
    OPTION_LESS = "option_less"  # change the selected option: previous value
    OPTION_MORE = "option_more"
    TIMER = "timer"  # shortcut: the table's turn timer, next step
    LOBBY = "lobby"
    HOW_TO = "how_to"  # H: play the chosen game's how-to again
    OTHER_KEY = "other_key"  # any key that means nothing else (it skips the lobby's how-to)
    MUTE = "mute"
    BACK = "back"  # Esc: ask to quit / cancel the question
    QUIT = "quit"  # window closed, Ctrl+C, SIGTERM: leave now


KEYS: dict[int, Intent] = {
    pygame.K_RETURN: Intent.PRIMARY,
    pygame.K_KP_ENTER: Intent.PRIMARY,
    pygame.K_SPACE: Intent.PRIMARY,
    pygame.K_b: Intent.ADD_BOT,
    pygame.K_PLUS: Intent.ADD_BOT,
    pygame.K_KP_PLUS: Intent.ADD_BOT,
    pygame.K_DELETE: Intent.REMOVE_BOT,
    pygame.K_BACKSPACE: Intent.REMOVE_BOT,
    pygame.K_MINUS: Intent.REMOVE_BOT,
    pygame.K_KP_MINUS: Intent.REMOVE_BOT,
    pygame.K_v: Intent.BOT_LEVEL,
    pygame.K_g: Intent.NEXT_GAME,
    pygame.K_UP: Intent.OPTION_UP,
    pygame.K_DOWN: Intent.OPTION_DOWN,
    pygame.K_LEFT: Intent.OPTION_LESS,
    pygame.K_RIGHT: Intent.OPTION_MORE,
    pygame.K_t: Intent.TIMER,
    pygame.K_l: Intent.LOBBY,
    pygame.K_h: Intent.HOW_TO,
    pygame.K_m: Intent.MUTE,
    pygame.K_ESCAPE: Intent.BACK,
    pygame.K_y: Intent.PRIMARY,
    pygame.K_n: Intent.BACK,
}


def intents_from_event(event: pygame.event.Event) -> list[Intent]:
    """Return the intents one pygame event stands for (most events stand for none)."""
    if event.type == pygame.QUIT:
        return [Intent.QUIT]
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_c and event.mod & pygame.KMOD_CTRL:
            return [Intent.QUIT]
        if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            return [Intent.QUIT]
        return [KEYS.get(event.key, Intent.OTHER_KEY)]
    return []
