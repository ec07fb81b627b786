"""Who may act: one ``Annotated`` identity per desk action, for an endpoint's
parameters (``who: MayDraw``). Each is :func:`flickboard.web.desk.routing.may` of the
action of its name (who may: :data:`flickboard.store.permissions.PERMISSIONS`): the asker's
identity, refused before the body is checked if it is missing (401), without the
session's CSRF token (403) or of a role that may not (403); the route it guards names
the action in the OpenAPI schema (``x-action``, ``x-roles``, ``x-signed``)."""

from __future__ import annotations

from typing import Annotated

from flickboard.store.acting import Actor
from flickboard.web.desk.routing import may

# -- events
MayCreateEvent = Annotated[Actor, may("create_event")]
MayDeleteEvent = Annotated[Actor, may("delete_event")]
MayRenameEvent = Annotated[Actor, may("rename_event")]
MayImportEntrants = Annotated[Actor, may("import_entrants")]
MayCreatePools = Annotated[Actor, may("create_pools")]
MayCreateRoundOf32 = Annotated[Actor, may("create_round_of_32")]
MayCreateClubEvent = Annotated[Actor, may("create_club_event")]
MayRecordSanction = Annotated[Actor, may("record_sanction")]
MayRecordShootout = Annotated[Actor, may("record_shootout")]

# -- rounds and scorer codes
MayDraw = Annotated[Actor, may("draw")]
MayPublishRound = Annotated[Actor, may("publish_round")]
MayWithdrawRound = Annotated[Actor, may("withdraw_round")]
MayIssueCode = Annotated[Actor, may("issue_code")]

# -- accounts
MayAddReferee = Annotated[Actor, may("add_referee")]
MayUnlockAccount = Annotated[Actor, may("unlock_account")]
MayChangePassword = Annotated[Actor, may("change_password")]

# -- cards
MayEnterCard = Annotated[Actor, may("enter_card")]
MayValidateCard = Annotated[Actor, may("validate_card")]
MayDisputeCard = Annotated[Actor, may("dispute_card")]
MayWithdrawCard = Annotated[Actor, may("withdraw_card")]
MayRuleDispute = Annotated[Actor, may("rule_dispute")]
MayCorrectCard = Annotated[Actor, may("correct_card")]

# -- club games
MayEnterClubResult = Annotated[Actor, may("enter_club_result")]
MayConfirmClubGame = Annotated[Actor, may("confirm_club_game")]
MayDisputeClubGame = Annotated[Actor, may("dispute_club_game")]
MayRuleClubGame = Annotated[Actor, may("rule_club_game")]
MayCorrectClubGame = Annotated[Actor, may("correct_club_game")]
MayWithdrawClubGame = Annotated[Actor, may("withdraw_club_game")]
MayEnterClubGame = Annotated[Actor, may("enter_club_game")]

# -- CSC round robins
MayRecordDelegationChange = Annotated[Actor, may("record_delegation_change")]
MayRecordOffence = Annotated[Actor, may("record_offence")]
MayTakeBoardOut = Annotated[Actor, may("take_board_out")]

# -- CSC leagues
MaySetLineup = Annotated[Actor, may("set_lineup")]
MaySubstitute = Annotated[Actor, may("substitute")]
MayChangeEnds = Annotated[Actor, may("change_ends")]
MayPostponeMatch = Annotated[Actor, may("postpone_match")]
MayForfeitForDelay = Annotated[Actor, may("forfeit_for_delay")]
