"""The rules of Yaotzin and goat-ball as pure functions over plain types.

Nothing here imports Flask, marshmallow or touches the disk or network: the server, the CLI
and the tests all call these functions directly.
"""
