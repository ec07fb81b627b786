"""Who acts: signing in, a scorer's code, an account's password and lock, referees'
accounts, and the scorer codes officials issue."""

from __future__ import annotations

from flickboard.store.acting import Actor
from flickboard.store.permissions import act
from flickboard.store.services.stores import Stores


class Identity:
    """Accounts and scorer codes, behind role checks."""

    def __init__(self, stores: Stores) -> None:
        self.accounts = stores.accounts

    def login(self, name: str, password: str, address: str = "") -> Actor:
        """An account's identity, or :class:`NotAuthenticated` (audited either way)."""
        return self.accounts.login(name, password, address)

    def scorer(self, code: str) -> Actor:
        """A table scorer's identity from their code, or :class:`NotAuthenticated`."""
        return self.accounts.scorer(code)

    def change_password(
        self, actor: Actor, current: str, new: str, keep: str | None = None
    ) -> None:
        """An account changes its own password; its other sessions end (``keep``: the
        token of the session asking)."""
        act(
            actor,
            "change_password",
            lambda: self.accounts.change_password(actor.name, current, new, keep),
            actor.name,
            public=False,
        )

    def unlock(self, actor: Actor, name: str) -> None:
        """The director lifts the lock of an account locked by failed sign-ins."""
        act(actor, "unlock_account", lambda: self.accounts.unlock(name), name, public=False)

    def add_referee(self, actor: Actor, name: str, password: str) -> None:
        """The director creates a referee account."""
        act(actor, "add_referee", lambda: self.accounts.add_referee(name, password), name)

    def issue_code(self, actor: Actor, event: str, round_no: int, player: str) -> str:
        """A scorer code for the game ``player`` plays in a published round."""
        return act(
            actor,
            "issue_code",
            lambda: self.accounts.issue_code(event, round_no, player, str(actor)),
            f"{event} round {round_no} {player}",
            public=False,
        )
