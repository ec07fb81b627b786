"""Crokinole referees: WCC, NCA, Crokinole Depot (with its optional rules) and fair rules.

>>> from flickboard.rules import referee
>>> referee("depot", direct_hit=True).options.valid_shot.value
'direct'
"""

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from flickboard.errors import InvalidInput
from flickboard.rules.base import known_rule_sets, register
from flickboard.rules.base import referee as rule_set
from flickboard.rules.crokinole.options import (
    CATEGORIES,
    SIDE_NAMES,
    Category,
    CrokinoleOptions,
    Scoring,
    StartRule,
    ValidShot,
    check_game_form,
    depot_options,
    fair_options,
    nca_options,
    parse_side,
    side_name,
    wcc_options,
)
from flickboard.rules.crokinole.referee import SHOOTING_LINE, CrokinoleReferee

RULE_SETS = ("wcc", "nca", "depot", "fair")
"""Names of the crokinole rule sets."""


def _made(
    name: str, make: Callable[..., CrokinoleOptions], keywords: Mapping[str, Any]
) -> CrokinoleReferee:
    """A referee from ``make(**keywords)``, every keyword kept (defaults filled in);
    :class:`InvalidInput` naming an option the rule set does not have."""
    signature = inspect.signature(make)
    unknown = sorted(set(keywords) - set(signature.parameters))
    if unknown:
        known = ", ".join(signature.parameters) or "none"
        raise InvalidInput(
            f"rule set {name!r} has no option {', '.join(unknown)}; its options: {known}"
        )
    bound = signature.bind(**keywords)
    bound.apply_defaults()
    return CrokinoleReferee(make(**bound.arguments), bound.arguments)


@register("wcc")
def wcc(**keywords: Any) -> CrokinoleReferee:
    """World Crokinole Championship rules; keyword ``category`` (see :func:`wcc_options`).
    A ``scoring`` other than tournament is refused in the WCC's words."""
    if "scoring" in keywords:
        check_game_form("wcc", scoring=keywords["scoring"])
    return _made("wcc", wcc_options, keywords)


@register("nca")
def nca(**keywords: Any) -> CrokinoleReferee:
    """National Crokinole Association rules (no options)."""
    return _made("nca", nca_options, keywords)


@register("depot")
def depot(**keywords: Any) -> CrokinoleReferee:
    """Crokinole Depot rules with each optional rule (section 7) switchable; the
    keywords are those of :func:`depot_options`."""
    return _made("depot", depot_options, keywords)


@register("fair")
def fair(**keywords: Any) -> CrokinoleReferee:
    """Fair rules: 12 discs each in singles, difference scoring to 100 (no options)."""
    return _made("fair", fair_options, keywords)


def crokinole_referee(name: str, **options: Any) -> CrokinoleReferee:
    """A crokinole referee by rule-set name; :class:`InvalidInput` naming the crokinole
    rule sets for an unknown name (never another game's)."""
    if not isinstance(name, str) or name.lower() not in RULE_SETS:
        known = ", ".join(sorted(RULE_SETS))
        if isinstance(name, str) and name.lower() in known_rule_sets():
            raise InvalidInput(f"{name!r} is not a crokinole rule set; crokinole: {known}")
        raise InvalidInput(f"unknown crokinole rule set {name!r}; known: {known}")
    made = rule_set(name, **options)
    assert isinstance(made, CrokinoleReferee)
    return made


__all__ = [
    "CATEGORIES",
    "RULE_SETS",
    "SHOOTING_LINE",
    "SIDE_NAMES",
    "Category",
    "CrokinoleOptions",
    "CrokinoleReferee",
    "Scoring",
    "StartRule",
    "ValidShot",
    "crokinole_referee",
    "depot",
    "fair",
    "nca",
    "parse_side",
    "side_name",
    "wcc",
]
