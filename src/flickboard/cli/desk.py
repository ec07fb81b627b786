"""``flickboard desk ...``: the desk's accounts (the director's password on first run,
referee accounts) and table scorer codes."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from flickboard.cli.clubinput import club_desk
from flickboard.cli.event import PASSWORD_ENV, Db, Name, RoundNo
from flickboard.cli.groups import command_group
from flickboard.store.accounts import Accounts
from flickboard.store.roles import grant_serving_role
from flickboard.store.service import DeskService

desk_app = command_group(
    help="Desk accounts: the director's password, referee accounts, table scorer codes.",
    no_args_is_help=True,
)

NEW_PASSWORD_ENV = "FLICKBOARD_NEW_PASSWORD"
"""Environment variable with the new password (else it is asked twice, hidden)."""


def _new_password(who: str) -> str:
    found = os.environ.get(NEW_PASSWORD_ENV)
    if found is not None:
        return found
    return str(typer.prompt(f"new password for {who}", hide_input=True, confirmation_prompt=True))


def _password(who: str) -> str:
    found = os.environ.get(PASSWORD_ENV)
    if found is not None:
        return found
    return str(typer.prompt(f"password of {who}", hide_input=True))


@desk_app.command("admin")
def admin(
    name: Annotated[str, typer.Option(help="The director's account name.")] = "director",
    db: Db = None,
) -> None:
    """Set the director's password: freely on first run, afterwards only with the
    current one ($FLICKBOARD_PASSWORD)."""
    with club_desk(Accounts, db) as accounts:
        current = _password(name) if accounts.director_exists() else None
        accounts.set_director(name, _new_password(name), current)
        typer.echo(f"director {name}: password set")


@desk_app.command("referee")
def referee(
    name: Annotated[str, typer.Argument(help="The referee's account name.")],
    director: Annotated[str, typer.Option(help="The director's account name.")] = "director",
    db: Db = None,
) -> None:
    """The director creates a referee account."""
    with club_desk(Accounts, db) as accounts:
        svc = DeskService(engine=accounts.engine)
        boss = svc.identity.login(director, _password(director))
        svc.identity.add_referee(boss, name, _new_password(name))
        typer.echo(f"referee {name}: account created")


@desk_app.command("accounts")
def accounts_cmd(db: Db = None) -> None:
    """List the accounts."""
    with club_desk(Accounts, db) as accounts:
        locked = accounts.locked()
        for name, role, active in accounts.accounts():
            state = "" if active else " - deactivated"
            if name in locked:
                many = locked[name]
                state += f" - locked from {many} address{'es' if many > 1 else ''}"
            typer.echo(f"{name} ({role}){state}")


@desk_app.command("unlock")
def unlock(
    name: Annotated[str, typer.Argument(help="The locked account's name.")],
    db: Db = None,
) -> None:
    """Lift the locks of an account: the addresses locked out of it by failed sign-ins
    (the director at the desk)."""
    with club_desk(Accounts, db) as accounts:
        accounts.unlock(name)
        typer.echo(f"{name}: lock lifted")


@desk_app.command("grant")
def grant(
    role: Annotated[str, typer.Argument(help="The PostgreSQL role the server connects as.")],
    db: Db = None,
) -> None:
    """Let ROLE serve the desk without owning its tables (PostgreSQL; run as the owner,
    after every upgrade): it reads and writes them, but cannot change or disable the
    audit trail."""
    with club_desk(Accounts, db) as accounts:
        grant_serving_role(accounts.engine, role)
        typer.echo(f"{role} may serve this database; the audit trail stays append-only")


@desk_app.command("code")
def code(
    event: Name,
    round_no: RoundNo,
    player: Annotated[str, typer.Option(help="ID of a player of the game.")],
    db: Db = None,
) -> None:
    """A table scorer's code for one game of a published round (print it on the card)."""
    with club_desk(Accounts, db) as accounts:
        typer.echo(accounts.issue_code(event, round_no, player, "desk"))


@desk_app.command("revoke")
def revoke(
    code_text: Annotated[str, typer.Argument(metavar="CODE", help="The scorer code.")],
    db: Db = None,
) -> None:
    """Stop a table scorer's code working (a phone that joined with it is signed out)."""
    with club_desk(Accounts, db) as accounts:
        accounts.revoke_code(code_text)
        typer.echo("code revoked")


def register(app: typer.Typer) -> None:
    """Add ``flickboard desk``."""
    app.add_typer(desk_app, name="desk")
