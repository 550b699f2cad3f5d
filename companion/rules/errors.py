"""Domain errors. All are ValueErrors so callers can treat bad input uniformly."""


class RulesError(ValueError):
    """A request the rules refuse, with a message a GM can read.

    `field` names the part of the request at fault (a dotted path) when there is one;
    `code` is a stable name for a refusal a client may show rather than treat as an error
    (a kick preview over a square the kick tool cannot use).
    """

    def __init__(self, message: str, field: str | None = None, code: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code


class UnknownPlayer(RulesError):
    """An id that names no player in the request or match."""


class OffGrid(RulesError):
    """A square outside the court."""


class OutOfRange(RulesError):
    """A kick longer than the kicker's maximum range."""


class IllegalAction(RulesError):
    """An action the rules do not allow in the current situation."""


class MatchOver(RulesError):
    """The match has ended; it takes no further events."""
