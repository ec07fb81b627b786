"""Error types shared by every layer.

Two families, as in python-chess: input that is malformed whatever the position
(:class:`InvalidInput`), and input that is well formed but not allowed here
(:class:`IllegalInPosition`). Each family has subclasses named in the game's words, so a
front end can tell a shot out of turn from a start off the shooting line without reading
the message.
"""


class FlickboardError(Exception):
    """Base class of every error flickboard raises on purpose."""


class InvalidInput(FlickboardError, ValueError):
    """A value that can never be right: not finite, out of range, malformed."""


class NotFound(InvalidInput):
    """Nothing has this name or ID: an event, a card, a game (the web answers 404)."""


class IllegalInPosition(FlickboardError, ValueError):
    """A well-formed request that the position or the rules do not allow."""


class PhysicsError(FlickboardError, RuntimeError):
    """The simulator could not finish a shot (for instance, too many events)."""


class IllegalStart(IllegalInPosition):
    """A shot may not start there: off the shooting line, outside the shooter's
    quadrant, on top of a disc, past the foul line..."""


class OutOfTurn(IllegalInPosition):
    """That seat may not shoot now (another seat's turn)."""


class RoundOver(IllegalInPosition):
    """The round (or frame) has no shot left to play."""


class GameOver(RoundOver):
    """The game, or the whole match, is decided: no shot is left to play."""


class NothingToUndo(IllegalInPosition):
    """Undo asked where nothing can be taken back (no shot yet, or a timed game)."""


class RecordMismatch(InvalidInput):
    """A record that does not replay: a ruling, a turn, a score or a result differs from
    what its shots give."""


class DuplicateName(InvalidInput):
    """A name given twice where names must be unique (a rule set, a game kind, an event)."""


class NotAllowed(IllegalInPosition):
    """The person asking may not do this: a wrong role, or a scorer outside their match
    (the web answers 403)."""


class NotAuthenticated(NotAllowed):
    """No one known is asking: a wrong name or password, an unknown or revoked scorer
    code (the web answers 401)."""
