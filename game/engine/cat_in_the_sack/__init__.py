"""Cat in the Sack: the cards, the vocabulary, the rules and the views, re-exported in one place.

`rules` holds the game's rules (and re-exports `state` and `cards`); `views` the whitelisted
views and wire schemas; `record` the record body; `plugin` the `GameRules` fields.
"""

from game.engine.cat_in_the_sack.rules import *  # noqa: F401,F403 (the game's public names)
from game.engine.cat_in_the_sack.rules import GAME_ID, MAX_PLAYERS, MIN_PLAYERS  # noqa: F401
