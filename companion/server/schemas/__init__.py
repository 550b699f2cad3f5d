"""Every request body, as marshmallow schemas: the same ones serve REST, Socket.IO and OpenAPI.
(A new match's body is games.py's `MatchCreateSchema`: its `game` is one of the registry's.)

Loading a schema is the only validation a body gets before the rules see it; the rules then
refuse what is well-formed but illegal (422 with their own message).
"""
