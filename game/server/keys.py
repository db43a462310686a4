"""Every `web.AppKey` of the app, in one place."""

from __future__ import annotations

from aiohttp import web

from game.server.config import ServerConfig
from game.server.hub import Hub
from game.server.rules_page import RulesPages

CONFIG = web.AppKey("config", ServerConfig)
HUB = web.AppKey("hub", Hub)
RULES = web.AppKey("rules", RulesPages)
