"""The TV's texts in English, Spanish, French and Hungarian, and the language choice."""

from __future__ import annotations

import locale
import os
from typing import Any

LANGS = ("en", "es", "fr", "hu")

TEXTS: dict[str, dict[str, str]] = {
    "title": {"en": "Couch Cats", "es": "Couch Cats", "fr": "Couch Cats", "hu": "Couch Cats"},
    "game.cat-in-the-sack": {"en": "Cat in the Sack", "es": "Gato en el saco",
                             "fr": "Chat en poche", "hu": "Zsákbamacska"},
    "join_hint": {"en": "Phones on the same Wi-Fi as this TV: scan to join",
                  "es": "Móviles en la misma Wi-Fi que esta tele: escanead para jugar",
                  "fr": "Téléphones sur le même Wi-Fi que cette télé : scannez pour jouer",
                  "hu": "A tévével azonos Wi-Fi-n lévő telefonok: olvasd be a kódot"},
    "code": {"en": "Code", "es": "Código", "fr": "Code", "hu": "Kód"},
    "lan_warning": {"en": "No network found: only this computer can join (127.0.0.1).",
                    "es": "Sin red: solo este ordenador puede unirse (127.0.0.1).",
                    "fr": "Pas de réseau : seul cet ordinateur peut rejoindre (127.0.0.1).",
                    "hu": "Nincs hálózat: csak ez a gép tud csatlakozni (127.0.0.1)."},
    "players": {"en": "Players", "es": "Jugadores", "fr": "Joueurs", "hu": "Játékosok"},
    "waiting_players": {"en": "Waiting for players… scan the code!",
                        "es": "Esperando jugadores… ¡escanead el código!",
                        "fr": "En attente de joueurs… scannez le code !",
                        "hu": "Várjuk a játékosokat… olvasd be a kódot!"},
    "bot": {"en": "bot", "es": "bot", "fr": "robot", "hu": "gép"},
    "bot_kind.heuristic": {"en": "smart", "es": "listo", "fr": "malin", "hu": "okos"},
    "bot_kind.random": {"en": "random", "es": "al azar", "fr": "au hasard", "hu": "véletlen"},
    "host": {"en": "host", "es": "anfitrión", "fr": "hôte", "hu": "házigazda"},
    "away": {"en": "away", "es": "fuera", "fr": "absent", "hu": "távol"},
    "watchers": {"en": "{n} watching", "es": "{n} mirando", "fr": "{n} spectateurs", "hu": "{n} néző"},
    "needs_players": {"en": "{min}–{max} players", "es": "{min}–{max} jugadores",
                      "fr": "{min} à {max} joueurs", "hu": "{min}–{max} játékos"},
    "ready": {"en": "Ready: press Enter to start", "es": "Listos: pulsa Intro para empezar",
              "fr": "Prêts : appuyez sur Entrée", "hu": "Kész: Enter az indításhoz"},
    "opt.open_piles": {"en": "Open piles", "es": "Montones abiertos", "fr": "Piles ouvertes",
                       "hu": "Nyitott nyeremények"},
    "opt.turn_timer": {"en": "Turn timer", "es": "Tiempo por turno", "fr": "Minuteur",
                       "hu": "Időkorlát"},
    "on": {"en": "on", "es": "sí", "fr": "oui", "hu": "be"},
    "off": {"en": "off", "es": "no", "fr": "non", "hu": "ki"},
    "seconds": {"en": "{n} s", "es": "{n} s", "fr": "{n} s", "hu": "{n} mp"},
    "keys.lobby": {"en": "Enter start · B add bot · Del remove bot · G game · O piles · T timer · M sound · "
                         "Esc quit",
                   "es": "Intro empezar · B añadir bot · Supr quitar bot · G juego · O montones · T tiempo · "
                         "M sonido · Esc salir",
                   "fr": "Entrée jouer · B ajouter robot · Suppr retirer · G jeu · O piles · T minuteur · M son · "
                         "Échap quitter",
                   "hu": "Enter indítás · B gép be · Del gép ki · G játék · O nyeremények · T idő · M hang · "
                         "Esc kilépés"},
    "hint_away": {"en": "{name} is away: press B to let a bot play for now",
                  "es": "{name} no está: pulsa B para que juegue un bot mientras tanto",
                  "fr": "{name} est absent·e : B pour qu'un robot joue en attendant",
                  "hu": "{name} távol van: B-vel addig egy gép játszik helyette"},
    "no_away_seat": {"en": "Everyone is here: no seat to hand to a bot",
                     "es": "Están todos: ningún asiento para un bot",
                     "fr": "Tout le monde est là : aucune place pour un robot",
                     "hu": "Mindenki itt van: nincs hely a gépnek"},
    "keys.results": {"en": "Enter play again · L back to the lobby · Esc quit",
                     "es": "Intro otra partida · L volver a la sala · Esc salir",
                     "fr": "Entrée rejouer · L retour au salon · Échap quitter",
                     "hu": "Enter új játék · L vissza a váróba · Esc kilépés"},
    "only_game": {"en": "Only one game so far: more are coming", "es": "De momento hay un solo juego",
                  "fr": "Un seul jeu pour l'instant", "hu": "Egyelőre egy játék van"},
    "no_bot": {"en": "No bot to remove", "es": "No hay bot que quitar", "fr": "Aucun robot à retirer",
               "hu": "Nincs eltávolítható gép"},
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
    "results.wins": {"en": "{name} wins!", "es": "¡Gana {name}!", "fr": "{name} gagne !", "hu": "{name} nyert!"},
    "results.share": {"en": "{names} share the win!", "es": "¡{names} comparten la victoria!",
                      "fr": "{names} se partagent la victoire !", "hu": "{names} közösen nyertek!"},
    "results.tie_break": {"en": "Tied on points: more cat points wins",
                          "es": "Empate a puntos: gana quien tiene más puntos de gatos",
                          "fr": "Égalité : le plus de points de chats l'emporte",
                          "hu": "Pontegyenlőség: a több macskapont nyer"},
    "results.cats": {"en": "Cats", "es": "Gatos", "fr": "Chats", "hu": "Macskák"},
    "results.mice": {"en": "Mice", "es": "Ratones", "fr": "Souris", "hu": "Egerek"},
    "results.total": {"en": "Total", "es": "Total", "fr": "Total", "hu": "Összesen"},
    "and": {"en": "and", "es": "y", "fr": "et", "hu": "és"},
    "quit.title": {"en": "Quit Couch Cats?", "es": "¿Salir de Couch Cats?", "fr": "Quitter Couch Cats ?",
                   "hu": "Kilépsz a Couch Catsből?"},
    "quit.keys": {"en": "Enter: quit · Esc: keep playing", "es": "Intro: salir · Esc: seguir jugando",
                  "fr": "Entrée : quitter · Échap : continuer", "hu": "Enter: kilépés · Esc: játék folytatása"},
    "sound_on": {"en": "Sound on", "es": "Sonido activado", "fr": "Son activé", "hu": "Hang be"},
    "sound_off": {"en": "Sound off", "es": "Sonido desactivado", "fr": "Son coupé", "hu": "Hang ki"},
    "demo": {"en": "Demo: the bots are playing", "es": "Demo: juegan los bots", "fr": "Démo : les robots jouent",
             "hu": "Bemutató: a gépek játszanak"},
}


MINUS = "\u2212"  # the real minus sign: '−8', as the phones write it, not the hyphen of '-8'


def number(n: int) -> str:
    """Return `n` as the TV writes it: negative numbers with the real minus sign ('−8')."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def pick_lang(requested: str | None) -> str:
    """Return the TV language: `requested` if supported, else the system locale's, else English."""
    candidates = [requested or ""]
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        candidates.append(os.environ.get(var, ""))
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for cand in candidates:
        code = cand.strip().lower()[:2]
        if code in LANGS:
            return code
    return "en"


class Texts:
    """Looks up a key in the chosen language, falling back to English, and fills its parameters."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else "en"

    def __call__(self, key: str, **params: Any) -> str:
        """Return the text for `key` with `params` filled in (the key itself if unknown)."""
        entry = TEXTS.get(key)
        if entry is None:
            return key
        text = entry.get(self.lang) or entry["en"]
        params = {k: number(v) if isinstance(v, int) and not isinstance(v, bool) else v for k, v in params.items()}
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text

    def card(self, card: int | str | None) -> str:
        """Return a card's name: '11 cat', 'rabbit', 'big dog'."""
        if isinstance(card, int) and not isinstance(card, bool):
            return self("card.cat", n=card)
        return self(f"card.{card}")

    def names(self, names: list[str]) -> str:
        """Return 'A, B and C' in this language."""
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + f" {self('and')} " + names[-1]
