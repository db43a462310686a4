"""The aiohttp server: app factory, websocket handling, bot driver, server thread and `serve`."""
