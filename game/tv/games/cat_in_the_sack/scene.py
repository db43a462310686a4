"""Cat in the Sack on the TV: its table scene, its part of the score screen and its texts.

The platform finds this module by the game id (game.tv.games.screens_for) and uses `SCREENS`.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.tv.games.cat_in_the_sack.cards import card_labels, sack_art
from game.tv.games.cat_in_the_sack.sounds import SOUNDS
from game.tv.games import GameScreens, ResultsDetail
from game.tv.i18n import number
from game.tv.scenes.base import Context
from game.tv.games.cat_in_the_sack.layout import CARD_SIZE, MOUSE_CARD_SIZE
from game.tv.games.cat_in_the_sack.table import MARKER_SIZE, MINI_CARD, SackTableScene

MINI = (44, 62)  # the won cards beside a name on the score screen (open piles)
MINI_LOW = (36, 51)  # the same on the lower lines of a score screen with the game's chart

TEXTS: dict[str, dict[str, str]] = {
    "history.best": {"en": "Top score", "es": "Récord", "fr": "Record", "hu": "Rekord"},  # the most points in a game
    "game.cat-in-the-sack": {"en": "Cat in the Sack", "es": "Gato en el saco",
                             "fr": "Chat en poche", "hu": "Zsákbamacska"},
    "opt.open_piles": {"en": "Open piles", "es": "Montones abiertos", "fr": "Piles ouvertes",
                       "hu": "Nyitott nyeremények"},
    "round": {"en": "Round {n}/{total}", "es": "Ronda {n}/{total}", "fr": "Manche {n}/{total}",
              "hu": "{n}/{total}. forduló"},
    "bank": {"en": "Bank {n}", "es": "Banco {n}", "fr": "Banque {n}", "hu": "Bank {n}"},
    "turn.bid": {"en": "{name}: bid or pass", "es": "{name}: puja o pasa", "fr": "{name} : enchérir ou passer",
                 "hu": "{name}: licitálj vagy passzolj"},
    "turn.offer": {"en": "{name}: buy the row for 1?", "es": "{name}: ¿compras la fila por 1?",
                   "fr": "{name} : acheter la rangée pour 1 ?", "hu": "{name}: megveszed a sort 1-ért?"},
    "turn.choose": {"en": "Everyone: choose a card", "es": "Todos: elegid una carta",
                    "fr": "Tout le monde : choisissez une carte", "hu": "Mindenki: válassz egy lapot"},
    "turn.over": {"en": "Game over", "es": "Fin de la partida", "fr": "Partie terminée", "hu": "Vége a játéknak"},
    "passed": {"en": "passed", "es": "pasa", "fr": "passe", "hu": "passz"},
    "start": {"en": "start", "es": "inicio", "fr": "début", "hu": "kezd"},
    "chosen": {"en": "ready", "es": "listo", "fr": "prêt", "hu": "kész"},
    "choosing": {"en": "choosing…", "es": "eligiendo…", "fr": "choisit…", "hu": "választ…"},
    "card.rabbit": {"en": "rabbit", "es": "conejo", "fr": "lapin", "hu": "nyúl"},
    "card.big_dog": {"en": "big dog", "es": "perro grande", "fr": "grand chien", "hu": "nagy kutya"},
    "card.small_dog": {"en": "small dog", "es": "perro pequeño", "fr": "petit chien", "hu": "kis kutya"},
    "label.big_dog": {"en": "big dog", "es": "perro grande", "fr": "grand chien", "hu": "nagy kutya"},
    "label.small_dog": {"en": "small dog", "es": "perro pequeño", "fr": "petit chien", "hu": "kis kutya"},
    "card.cat": {"en": "{n} cat", "es": "gato de {n}", "fr": "chat {n}", "hu": "{n} macska"},
    "ev.card_chosen": {"en": "{name} has chosen a card", "es": "{name} ya ha elegido carta",
                       "fr": "{name} a choisi sa carte", "hu": "{name} választott"},
    "ev.row_laid": {"en": "The row is laid: the auction begins", "es": "La fila está puesta: empieza la subasta",
                    "fr": "La rangée est posée : les enchères commencent", "hu": "Kész a sor: indul a licit"},
    "ev.card_revealed": {"en": "Turned up: {card}", "es": "Se descubre: {card}", "fr": "Retournée : {card}",
                         "hu": "Felfordítva: {card}"},
    "ev.bid": {"en": "{name} bids {total}", "es": "{name} puja {total}", "fr": "{name} enchérit à {total}",
               "hu": "{name} licitál: {total}"},
    "ev.passed": {"en": "{name} passes and takes {took} mice", "es": "{name} pasa y se lleva {took} ratones",
                  "fr": "{name} passe et prend {took} souris", "hu": "{name} passzol, és elvisz {took} egeret"},
    "ev.passed_nothing": {"en": "{name} passes", "es": "{name} pasa", "fr": "{name} passe", "hu": "{name} passzol"},
    "ev.offer": {"en": "Nobody bid: {name} may buy the row for 1 mouse",
                 "es": "Nadie pujó: {name} puede comprar la fila por 1 ratón",
                 "fr": "Personne n'a enchéri : {name} peut acheter la rangée pour 1 souris",
                 "hu": "Senki sem licitált: {name} megveheti a sort 1 egérért"},
    "ev.dogs_chase": {"en": "The {dog} chases the {card} away!", "es": "¡El {dog} ahuyenta al {card}!",
                      "fr": "Le {dog} chasse le {card} !", "hu": "A {dog} elkergeti: {card}!"},
    "ev.dogs_fight": {"en": "The dogs chase each other away!", "es": "¡Los perros se ahuyentan entre sí!",
                      "fr": "Les chiens se chassent l'un l'autre !", "hu": "A kutyák elkergetik egymást!"},
    "ev.sack_won": {"en": "{name} wins the sack for {paid}: {value} points",
                    "es": "{name} gana el saco por {paid}: {value} puntos",
                    "fr": "{name} gagne le sac pour {paid} : {value} points",
                    "hu": "{name} {paid} egérért viszi a zsákot: {value} pont"},
    "ev.round_void": {"en": "Nobody bought the row: it leaves the game",
                      "es": "Nadie compró la fila: sale del juego",
                      "fr": "Personne n'achète la rangée : elle quitte le jeu",
                      "hu": "Senki sem vette meg a sort: kikerül a játékból"},
    "ev.round_started.filled": {"en": "Round {n}: the mouse cards are refilled",
                                "es": "Ronda {n}: se rellenan las cartas de ratones",
                                "fr": "Manche {n} : les cartes souris sont remplies",
                                "hu": "{n}. forduló: az egérkártyák feltöltve"},
    "ev.round_started.bank_short": {"en": "Round {n}: the bank is too low, no mice this round",
                                    "es": "Ronda {n}: el banco no alcanza, sin ratones",
                                    "fr": "Manche {n} : banque trop basse, pas de souris",
                                    "hu": "{n}. forduló: kevés a bank, most nincs egér"},
    "ev.round_started.void": {"en": "Round {n}: no mice after a void round",
                              "es": "Ronda {n}: sin ratones tras una ronda nula",
                              "fr": "Manche {n} : pas de souris après une manche nulle",
                              "hu": "{n}. forduló: eladatlan zsák után nincs egér"},
    "ev.game_over": {"en": "The ninth round is over!", "es": "¡Termina la novena ronda!",
                     "fr": "La neuvième manche est finie !", "hu": "Vége a kilencedik fordulónak!"},
    "results.tie_break": {"en": "Tied on points: more cat points wins",
                          "es": "Empate a puntos: gana quien tiene más puntos de gatos",
                          "fr": "Égalité : le plus de points de chats l'emporte",
                          "hu": "Pontegyenlőség: a több macskapont nyer"},
    "results.cats": {"en": "Cats", "es": "Gatos", "fr": "Chats", "hu": "Macskák"},
    "results.mice": {"en": "Mice", "es": "Ratones", "fr": "Souris", "hu": "Egerek"},
}


class SackDetail(ResultsDetail):
    """The cats and mice columns, cat points breaking a tie (F-SCORE-2), the won cards if shown."""

    def columns(self, texts: Callable[..., str]) -> list[str]:
        """Return the 'Cats' and 'Mice' headings."""
        return [texts("results.cats"), texts("results.mice")]

    def cells(self, detail: dict[str, Any], seat: int) -> list[str]:
        """Return the seat's cat points and mice."""
        score = _score(detail, seat)
        return [number(int(score.get("cats", 0))), number(int(score.get("mice", 0)))]

    def tie_key(self, detail: dict[str, Any], seat: int) -> tuple[Any, ...]:
        """Return more cat points first."""
        return (-int(_score(detail, seat).get("cats", 0)),)

    def note(self, texts: Callable[..., str], detail: dict[str, Any]) -> str | None:
        """Return the tie-break line when cat points decided the winner."""
        return texts("results.tie_break") if detail.get("tie_break") else None

    def draw_beside_name(self, ctx: Context, canvas: pygame.Surface, seat: int, x: int, y: int, height: int) -> None:
        """Draw the seat's won cards when the piles were open (they are in the public view then)."""
        seats = (ctx.model.view or {}).get("seats") or ()
        won_cards = seats[seat].get("won_cards") if 0 <= seat < len(seats) else None
        size = MINI if height >= MINI[1] else MINI_LOW
        for card in list(won_cards or ())[:8]:
            face = sack_art(ctx).face(card, size)
            canvas.blit(face, face.get_rect(midleft=(x, y)))
            x += size[0] - 10


def _score(detail: dict[str, Any], seat: int) -> dict[str, Any]:
    for s in detail.get("scores") or ():
        if isinstance(s, dict) and s.get("seat") == seat:
            return s
    return {}


def prepare(ctx: Context) -> list[Callable[[], object]]:
    """Name the dogs on their cards in the TV's language; return the card art to draw ahead."""
    art = sack_art(ctx)
    art.labels.update(card_labels(ctx.texts))
    return art.warm_jobs([CARD_SIZE, MINI_CARD, MARKER_SIZE, MINI, MINI_LOW], MOUSE_CARD_SIZE)


def check_view(view: dict[str, Any]) -> str | None:
    """Return why a view is not public (a face-down row card shown, a row card marked as own), else None."""
    for rc in view.get("row") or ():
        if isinstance(rc, dict) and not rc.get("face_up") and rc.get("card") is not None:
            return "a face-down row card is shown"
        if isinstance(rc, dict) and rc.get("mine"):
            return "a row card is marked as someone's own"
    return None


SCREENS = GameScreens(table_scene=SackTableScene, texts=TEXTS, detail=SackDetail(), prepare=prepare, sounds=SOUNDS,
                      private_view_keys=frozenset({"hand", "mice", "won_pile", "chosen_card"}),
                      private_event_types=frozenset({"my_card_chosen"}), check_view=check_view)
