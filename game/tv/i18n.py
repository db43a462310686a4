"""The TV platform's texts in English, Spanish, French and Hungarian, and the language choice.

A game's own TV texts live in its scene module (its `texts` section); the app adds them to `Texts`.
"""

from __future__ import annotations

import locale
import os
from typing import Any

LANGS = ("en", "es", "fr", "hu")

TEXTS: dict[str, dict[str, str]] = {
    "title": {"en": "Couch Cats", "es": "Couch Cats", "fr": "Couch Cats", "hu": "Couch Cats"},
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
    "level.easy": {"en": "easy", "es": "fácil", "fr": "facile", "hu": "könnyű"},
    "level.normal": {"en": "normal", "es": "normal", "fr": "normal", "hu": "közepes"},
    "level.hard": {"en": "hard", "es": "difícil", "fr": "difficile", "hu": "nehéz"},
    "bot_kind.random": {"en": "random", "es": "al azar", "fr": "au hasard", "hu": "véletlen"},
    "host": {"en": "host", "es": "anfitrión", "fr": "hôte", "hu": "házigazda"},
    "away": {"en": "away", "es": "fuera", "fr": "absent", "hu": "távol"},
    "watchers": {"en": "{n} watching", "es": "{n} mirando", "fr": "{n} spectateurs", "hu": "{n} néző"},
    "waiting_count": {"en": "{n} waiting", "es": "{n} esperan", "fr": "{n} en attente", "hu": "{n} vár"},
    "waiting_seat": {"en": "Waiting for a seat: {names}", "es": "Esperan sitio: {names}",
                     "fr": "En attente d’une place : {names}", "hu": "Helyre várnak: {names}"},
    "needs_players": {"en": "{min}–{max} players", "es": "{min}–{max} jugadores",
                      "fr": "{min} à {max} joueurs", "hu": "{min}–{max} játékos"},
    "ready": {"en": "Ready: press Enter to start", "es": "Listos: pulsa Intro para empezar",
              "fr": "Prêts : appuyez sur Entrée", "hu": "Kész: Enter az indításhoz"},
    "opt.turn_timer": {"en": "Turn timer", "es": "Tiempo por turno", "fr": "Minuteur",
                       "hu": "Időkorlát"},
    "on": {"en": "on", "es": "sí", "fr": "oui", "hu": "be"},
    "off": {"en": "off", "es": "no", "fr": "non", "hu": "ki"},
    "seconds": {"en": "{n} s", "es": "{n} s", "fr": "{n} s", "hu": "{n} mp"},
    "keys.lobby": {"en": "Enter start · B add bot · V bot level · Del remove bot · G game · Up/Down option · Left/Right change · "
                         "T timer · M sound · Esc quit",
                   "es": "Intro empezar · B añadir bot · V nivel del bot · Supr quitar bot · G juego · Arriba/Abajo opción · "
                         "Izq./Der. cambiar · T tiempo · M sonido · Esc salir",
                   "fr": "Entrée jouer · B ajouter robot · V niveau · Suppr retirer · G jeu · Haut/Bas option · "
                         "Gauche/Droite changer · T minuteur · M son · Échap quitter",
                   "hu": "Enter indítás · B gép be · V gép szintje · Del gép ki · G játék · Fel/Le beállítás · Bal/Jobb módosítás · "
                         "T idő · M hang · Esc kilépés"},
    "server_down": {"en": "The game server stopped. Starting it again…",
                    "es": "El servidor del juego se ha parado. Arrancándolo de nuevo…",
                    "fr": "Le serveur du jeu s'est arrêté. Redémarrage en cours…",
                    "hu": "A játék szervere leállt. Újraindítjuk…"},
    "server_back": {"en": "The game server is back: phones reconnect by themselves",
                    "es": "El servidor ha vuelto: los móviles se reconectan solos",
                    "fr": "Le serveur est de retour : les téléphones se reconnectent tout seuls",
                    "hu": "A szerver újra fut: a telefonok maguktól visszacsatlakoznak"},
    "save_failed": {"en": "Saving the game failed: a crash now would lose the latest moves.",
                    "es": "No se pudo guardar la partida: un fallo ahora perdería las últimas jugadas.",
                    "fr": "La sauvegarde a échoué : un plantage ferait perdre les derniers coups.",
                    "hu": "A mentés nem sikerült: egy összeomlás most elvinné az utolsó lépéseket."},
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
    "results.wins": {"en": "{name} wins!", "es": "¡Gana {name}!", "fr": "{name} gagne !", "hu": "{name} nyert!"},
    "results.share": {"en": "{names} share the win!", "es": "¡{names} comparten la victoria!",
                      "fr": "{names} se partagent la victoire !", "hu": "{names} közösen nyertek!"},
    "results.total": {"en": "Total", "es": "Total", "fr": "Total", "hu": "Összesen"},
    "chart.title": {"en": "Score after each round", "es": "Puntuación tras cada ronda",
                    "fr": "Score après chaque manche", "hu": "Az állás fordulónként"},
    "chart.limit": {"en": "limit {n}", "es": "límite {n}", "fr": "limite {n}", "hu": "határ: {n}"},
    "and": {"en": "and", "es": "y", "fr": "et", "hu": "és"},
    "quit.title": {"en": "Quit Couch Cats?", "es": "¿Salir de Couch Cats?", "fr": "Quitter Couch Cats ?",
                   "hu": "Kilépsz a Couch Catsből?"},
    "quit.keys": {"en": "Enter: quit · Esc: keep playing", "es": "Intro: salir · Esc: seguir jugando",
                  "fr": "Entrée : quitter · Échap : continuer", "hu": "Enter: kilépés · Esc: játék folytatása"},
    "sound_on": {"en": "Sound on", "es": "Sonido activado", "fr": "Son activé", "hu": "Hang be"},
    "sound_off": {"en": "Sound off", "es": "Sonido desactivado", "fr": "Son coupé", "hu": "Hang ki"},
    "demo": {"en": "Demo: the bots are playing", "es": "Demo: juegan los bots", "fr": "Démo : les robots jouent",
             "hu": "Bemutató: a gépek játszanak"},
    "opt.turn_timer.0": {"en": "off", "es": "no", "fr": "non", "hu": "ki"},
    "opt.turn_timer.value": {"en": "{value} s", "es": "{value} s", "fr": "{value} s", "hu": "{value} mp"},
    "results.over": {"en": "Game over", "es": "Fin de la partida", "fr": "Partie terminée", "hu": "Vége a játéknak"},
    "history.title": {"en": "Household leaders", "es": "Los mejores de la casa", "fr": "Champions de la maison",
                      "hu": "A ház bajnokai"},
    "history.wins": {"en": "Won", "es": "Ganadas", "fr": "Gagnées", "hu": "Nyert"},
    "history.games": {"en": "Played", "es": "Jugadas", "fr": "Jouées", "hu": "Játszott"},
    "history.best": {"en": "Best", "es": "Mejor", "fr": "Record", "hu": "Legjobb"},
    "history.recent": {"en": "Last games", "es": "Últimas partidas", "fr": "Dernières parties",
                       "hu": "Legutóbbi játszmák"},
    "history.more": {"en": "+{n}", "es": "+{n}", "fr": "+{n}", "hu": "+{n}"},
    # when a kept game ended: the weekday and time within a week, else the date (CLDR's short names)
    "history.day_time": {"en": "{day} {time}", "es": "{day} {time}", "fr": "{day} {time}", "hu": "{day} {time}"},
    "history.date": {"en": "{day} {month}", "es": "{day} {month}", "fr": "{day} {month}", "hu": "{month} {day}."},
    "history.days": {"en": "Mon Tue Wed Thu Fri Sat Sun", "es": "lun mar mié jue vie sáb dom",
                     "fr": "lun. mar. mer. jeu. ven. sam. dim.", "hu": "H K Sze Cs P Szo V"},
    "history.months": {"en": "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec",
                       "es": "ene feb mar abr may jun jul ago sept oct nov dic",
                       "fr": "janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.",
                       "hu": "jan. febr. márc. ápr. máj. jún. júl. aug. szept. okt. nov. dec."},
    "no_tv_scene": {"en": "{game} is on: follow it on your phones", "es": "{game} en juego: seguidlo en los móviles",
                    "fr": "{game} en cours : suivez sur vos téléphones", "hu": "{game} folyik: kövessétek a telefonon"},
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
    """Looks up a key in the chosen language, falling back to English, and fills its parameters.

    The platform's texts are always there; `add` brings a game's section. A key is looked up in
    the section of the game being played (`game`) first, then the platform's; a game's name
    (`game.<id>`) also in the other games' sections, so the lobby can name every game. Two games
    may use the same key, and one game's option texts never label another's option.
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else "en"
        self.game: str | None = None
        self._sections: dict[str, dict[str, dict[str, str]]] = {}

    def add(self, game_id: str, section: dict[str, dict[str, str]]) -> None:
        """Add a game's texts (key -> {lang: text})."""
        self._sections[game_id] = section

    def _entry(self, key: str) -> dict[str, str] | None:
        own = self._sections.get(self.game or "")
        if own is not None and key in own:
            return own[key]
        if key in TEXTS:
            return TEXTS[key]
        if not key.startswith("game."):
            return None
        return next((section[key] for section in self._sections.values() if key in section), None)

    def has(self, key: str) -> bool:
        """Return True if `key` has a text (the platform's or a game's)."""
        return self._entry(key) is not None

    def __call__(self, key: str, **params: Any) -> str:
        """Return the text for `key` with `params` filled in (the key itself if unknown)."""
        entry = self._entry(key)
        if entry is None:
            return key
        text = entry.get(self.lang) or entry["en"]
        params = {k: number(v) if isinstance(v, int) and not isinstance(v, bool) else v for k, v in params.items()}
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text

    def names(self, names: list[str]) -> str:
        """Return 'A, B and C' in this language."""
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + f" {self('and')} " + names[-1]
