"""Fixtures shared by the server tests."""

from tests.server.test_hardening import small_server  # noqa: F401  (the in-process server)
