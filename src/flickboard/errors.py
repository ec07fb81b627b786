"""Error types shared by every layer.

Two families, as in python-chess: input that is malformed whatever the position
(:class:`InvalidInput`), and input that is well formed but not allowed here
(:class:`IllegalInPosition`).
"""


class FlickboardError(Exception):
    """Base class of every error flickboard raises on purpose."""


class InvalidInput(FlickboardError, ValueError):
    """A value that can never be right: not finite, out of range, malformed."""


class IllegalInPosition(FlickboardError, ValueError):
    """A well-formed request that the position or the rules do not allow."""


class PhysicsError(FlickboardError, RuntimeError):
    """The simulator could not finish a shot (for instance, too many events)."""


class NotAllowed(IllegalInPosition):
    """The person asking may not do this: a wrong role, or a scorer outside their match
    (the web answers 403)."""


class NotAuthenticated(NotAllowed):
    """No one known is asking: a wrong name or password, an unknown or revoked scorer
    code (the web answers 401)."""
