"""The JSON API's blueprints, one per area and named for its file: each route is a thin adapter
onto the rules and the match store (registered in server/routing.py's table, so REST and a
Socket.IO `call` reach the same handler). The HTML pages are server/pages/."""
