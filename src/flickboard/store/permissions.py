"""Who may call what, and every write made as an audited act: the roles of each desk
action (:data:`PERMISSIONS`), the check (:func:`require`) and the write under it
(:func:`act`), in one place for every service of :mod:`flickboard.store.services`.

Roles (docs/events.md, "Who may call what"):

- **director** (account; the command line acts as the director without one): sets
  events up, draws, publishes and withdraws rounds, imports entrants, makes pools
  and the round of 32, creates referee accounts, issues scorer codes, creates club
  events, takes a damaged board out of play (CSC VI 14); and anything a referee may
  do.
- **referee** (account): rules on disputes, corrects validated cards, records
  sanctions and shoot-outs, enters club results (CSC, league and bracket games,
  line-ups, substitutions, changes of ends, delay forfeits, postponements, CSC VI 7
  changes, CSC VI 12 offences);
  enters, validates and withdraws cards.
- **scorer** (a code for one game, no account): enters, validates (the opponent's ID
  and initials), disputes or withdraws the card of that game only.
- **public**: reads only.

Corrections, rulings and sanctions are signed by an account: the command line asks
for a referee's name and password for them. Errors: :class:`NotAuthenticated` (401)
for no or wrong credentials, :class:`NotAllowed` (403) for a known identity without the
right; every other refusal is :class:`InvalidInput` or :class:`IllegalInPosition`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flickboard.errors import InvalidInput, NotAllowed
from flickboard.store.acting import Actor, Role, acting

T = TypeVar("T")

DIRECTOR: frozenset[Role] = frozenset({"director"})
OFFICIALS: frozenset[Role] = frozenset({"director", "referee"})
AT_THE_TABLE: frozenset[Role] = frozenset({"director", "referee", "scorer"})

PERMISSIONS: dict[str, tuple[frozenset[Role], bool]] = {
    "create_event": (DIRECTOR, False),
    "delete_event": (DIRECTOR, False),
    "rename_event": (DIRECTOR, False),
    "import_entrants": (DIRECTOR, False),
    "draw": (DIRECTOR, False),
    "publish_round": (DIRECTOR, False),
    "withdraw_round": (DIRECTOR, False),
    "create_pools": (DIRECTOR, False),
    "create_round_of_32": (DIRECTOR, False),
    "add_referee": (DIRECTOR, False),
    "unlock_account": (DIRECTOR, False),
    "change_password": (OFFICIALS, True),
    "issue_code": (OFFICIALS, False),
    "enter_card": (AT_THE_TABLE, False),
    "validate_card": (AT_THE_TABLE, False),
    "dispute_card": (AT_THE_TABLE, False),
    "withdraw_card": (AT_THE_TABLE, False),
    "rule_dispute": (OFFICIALS, True),
    "correct_card": (OFFICIALS, True),
    "record_sanction": (OFFICIALS, True),
    "record_shootout": (OFFICIALS, False),
    "disputes": (OFFICIALS, False),
    "audit": (OFFICIALS, False),
    "create_club_event": (DIRECTOR, False),
    "enter_club_game": (OFFICIALS, False),
    "set_lineup": (OFFICIALS, False),
    "substitute": (OFFICIALS, False),
    "change_ends": (OFFICIALS, False),
    "forfeit_for_delay": (OFFICIALS, True),
    "postpone_match": (OFFICIALS, True),
    "record_delegation_change": (OFFICIALS, True),
    "record_offence": (OFFICIALS, True),
    "take_board_out": (DIRECTOR, False),
    "correct_club_game": (OFFICIALS, False),
    "enter_club_result": (AT_THE_TABLE, False),
    "confirm_club_game": (AT_THE_TABLE, False),
    "dispute_club_game": (AT_THE_TABLE, False),
    "rule_club_game": (OFFICIALS, True),
    "withdraw_club_game": (OFFICIALS, False),
}
"""Action -> (roles allowed, whether it must be signed by an account)."""


def require(actor: Actor, action: str) -> None:
    """Refuse ``actor`` an action it has no right to (:class:`NotAllowed`)."""
    roles, signed = PERMISSIONS[action]
    if actor.role not in roles:
        raise NotAllowed(
            f"{actor} may not {action.replace('_', ' ')}: {' or '.join(sorted(roles))} only"
        )
    if signed and not actor.account:
        raise NotAllowed(
            f"{action.replace('_', ' ')} is signed by a referee's account: sign in as one"
        )


def act(
    actor: Actor, action: str, work: Callable[[], T], detail: str = "", *, public: bool = True
) -> T:
    """Do ``work`` as ``actor``'s ``action``, refused first if its role may not; its writes
    are audited with ``detail`` (and announced when ``public``)."""
    require(actor, action)
    if not detail.strip():
        raise InvalidInput("nothing to act on")
    with acting(actor, action, detail, public=public):
        return work()
