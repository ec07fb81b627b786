"""The desk's API over a real SQLite database: every write route in the OpenAPI schema
refuses no credentials (401) and each wrong role (403); CSRF tokens; the sign-in rate
limit; sessions that end when an account is deactivated or a code revoked; scorers kept
to their game; sealed exports imported through the web; club results."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.conftest import sqlite_at_head

from flickboard.web.app import create_app

DIRECTOR = ("Dee", "director-pass")
REFEREE = ("Rex", "whistle-2024")
WRITES = ("post", "put", "patch", "delete")


class Desk:
    """An app on a fresh database with a director, a referee, a drawn WCC event, a
    scorer code for its first game and a CSC round robin."""

    def __init__(self, tmp_path: Path) -> None:
        self.app = create_app(sqlite_at_head(tmp_path / "api.sqlite"))
        svc = self.app.state.desk.service
        svc.accounts.set_director(*DIRECTOR)
        self.director = self.client(DIRECTOR)
        self.call(
            self.director,
            "post",
            "/api/desk/referees",
            {"name": REFEREE[0], "password": REFEREE[1]},
        )
        made = self.call(self.director, "post", "/api/desk/events", _event(8))
        self.event = made.json()["id"]
        self.call(self.director, "post", f"/api/desk/events/{self.event}/draws", {"publish": True})
        games = self.call(self.director, "get", f"/api/desk/events/{self.event}/draws").json()
        self.game = games[0]["games"][0]["sides"]
        self.other = games[0]["games"][1]["sides"]
        code = self.call(
            self.director, "post", f"/api/desk/events/{self.event}/codes",
            {"round": 1, "player": self.game[0]},
        ).json()["code"]  # fmt: skip
        self.code = code
        club = self.call(self.director, "post", "/api/desk/club-events", _csc())
        self.csc = club.json()["id"]
        self.referee = self.client(REFEREE)
        self.scorer = TestClient(self.app)
        self.call(self.scorer, "post", "/api/session/join", {"code": code})

    def client(self, account: tuple[str, str] | None = None) -> TestClient:
        c = TestClient(self.app)
        if account is not None:
            got = c.post("/api/session", json={"name": account[0], "password": account[1]})
            assert got.status_code == 200, got.text
        return c

    @staticmethod
    def call(c: TestClient, method: str, path: str, body: Any = None, csrf: bool = True) -> Any:
        headers = {}
        if csrf:
            headers["X-CSRF-Token"] = c.get("/api/session").json()["csrf"]
        answer = c.request(method.upper(), path, json=body, headers=headers)
        assert answer.status_code < 400, (path, answer.status_code, answer.text)
        return answer

    def writes(self) -> list[tuple[str, str, dict[str, Any]]]:
        """(method, concrete path, operation) of every write in the OpenAPI schema."""
        schema = self.director.get("/api/openapi.json").json()
        out = []
        for path, ops in schema["paths"].items():
            if not path.startswith("/api/desk/"):
                continue
            club = any(f"/{k}/" in path for k in ("csc", "league", "bracket", "games"))
            concrete = (
                path.replace("{event_id}", str(self.csc if club else self.event))
                .replace("{round_no}", "1")
                .replace("{player}", self.other[1])
                .replace("{board}", "1")
                .replace("{game_id}", "1")
            )
            for method, op in ops.items():
                if method in WRITES:
                    out.append((method, concrete, op))
        return out


def _event(n: int) -> dict[str, Any]:
    return {
        "name": "Open",
        "category": "adult singles",
        "games": 3,
        "entrants": [{"id": f"P{i}", "name": f"Player {i}"} for i in range(1, n + 1)],
    }


def _csc() -> dict[str, Any]:
    return {
        "name": "Zone",
        "format": "csc-round-robin",
        "entrants": [
            {
                "id": t,
                "name": f"Charter {t}",
                "players": [
                    {"id": f"{t}{i}", "name": f"{t} {i}", "gender": g}
                    for i, g in enumerate("FMF", start=1)
                ],
            }
            for t in "ABC"
        ],
    }


@pytest.fixture
def desk(tmp_path: Path) -> Desk:
    return Desk(tmp_path)


def test_every_write_route_refuses_no_credentials_and_every_wrong_role(desk: Desk) -> None:
    writes = desk.writes()
    assert len(writes) >= 30
    anonymous = TestClient(desk.app)
    public_session = TestClient(desk.app)
    token = public_session.get("/api/session").json()["csrf"]  # a visitor's session
    roles = {"director": desk.director, "referee": desk.referee, "scorer": desk.scorer}
    tried = 0
    for method, path, op in writes:
        allowed = set(op["x-roles"])
        assert "public" not in allowed, path
        got = anonymous.request(method.upper(), path, json={})
        assert got.status_code == 401, (method, path, got.status_code, got.text)
        got = public_session.request(method.upper(), path, json={}, headers={"X-CSRF-Token": token})
        assert got.status_code == 401, (method, path, got.status_code, got.text)
        for role, client in roles.items():
            if role in allowed:
                continue
            csrf = client.get("/api/session").json()["csrf"]
            got = client.request(method.upper(), path, json={}, headers={"X-CSRF-Token": csrf})
            assert got.status_code == 403, (role, method, path, got.status_code, got.text)
            assert got.json()["detail"], path
            tried += 1
    assert tried >= 35  # (route, wrong role) pairs


def test_a_write_without_the_sessions_csrf_token_is_refused(desk: Desk) -> None:
    path = f"/api/desk/events/{desk.event}/draws"
    got = desk.director.post(path, json={})
    assert got.status_code == 403 and "another site" in got.json()["detail"]
    got = desk.director.post(path, json={}, headers={"X-CSRF-Token": "forged"})
    assert got.status_code == 403
    # the token of another session does not do either
    token = desk.referee.get("/api/session").json()["csrf"]
    assert desk.director.post(path, json={}, headers={"X-CSRF-Token": token}).status_code == 403
    assert len(desk.app.state.desk.service.desk.draws("Open")) == 1  # nothing was drawn


def test_sign_in_is_rate_limited_after_five_failures_a_minute(desk: Desk) -> None:
    c = TestClient(desk.app)
    for _ in range(5):
        assert c.post("/api/session", json={"name": "Rex", "password": "guess"}).status_code == 401
    got = c.post("/api/session", json={"name": "Rex", "password": REFEREE[1]})
    assert got.status_code == 429 and int(got.headers["Retry-After"]) > 0
    assert "too many failed attempts" in got.json()["detail"]
    for _ in range(5):
        assert c.post("/api/session/join", json={"code": "AAAAAAAA"}).status_code in (401, 429)
    assert c.post("/api/session/join", json={"code": desk.code}).status_code == 429


def test_a_deactivated_referee_and_a_revoked_code_are_signed_out_at_once(desk: Desk) -> None:
    svc = desk.app.state.desk.service
    assert desk.referee.get("/api/desk/disputes").status_code == 200
    svc.accounts.deactivate("Rex")  # ends the referee's sessions: a public visitor now
    assert desk.referee.get("/api/desk/disputes").status_code == 403
    assert desk.referee.get("/api/session").json()["role"] == "public"
    svc.accounts.revoke_code(desk.code)
    got = desk.scorer.post(f"/api/desk/events/{desk.event}/cards", json={})
    assert got.status_code == 401


def test_a_scorer_enters_and_confirms_their_game_only(desk: Desk) -> None:
    rounds = [{"scores": [105, 100], "twenties": [1, 0]}] * 4
    path = f"/api/desk/events/{desk.event}/cards"
    csrf = {"X-CSRF-Token": desk.scorer.get("/api/session").json()["csrf"]}
    other = desk.scorer.post(
        path, json={"round": 1, "sides": desk.other, "rounds": rounds}, headers=csrf
    )
    assert other.status_code == 403 and "only" in other.json()["detail"]
    card = desk.scorer.post(
        path, json={"round": 1, "sides": desk.game, "rounds": rounds}, headers=csrf
    )
    assert card.status_code == 201
    done = desk.scorer.post(
        f"{path}/1/{desk.game[1]}/validation", json={"initials": "XY"}, headers=csrf
    )
    assert done.status_code == 200 and done.json()["validated"]["by"] == desk.game[1]
    st = desk.scorer.get(f"/api/desk/events/{desk.event}/standings").json()
    assert st["provisional"] is False and st["standings"][0]["points"] == 8
    audit = desk.director.get("/api/desk/audit", params={"event": "Open"}).json()
    assert [a["role"] for a in audit if a["action"] == "validate_card"] == ["scorer"]


def test_an_export_imported_through_the_web_keeps_what_its_seal_covers(desk: Desk) -> None:
    rounds = [{"scores": [105, 100], "twenties": [1, 0]}] * 4
    for a, b in (desk.game, desk.other):
        desk.call(desk.director, "post", f"/api/desk/events/{desk.event}/cards",
                  {"round": 1, "sides": [a, b], "rounds": rounds})  # fmt: skip
        desk.call(desk.director, "post", f"/api/desk/events/{desk.event}/cards/1/{b}/validation",
                  {"initials": "XY"})  # fmt: skip
    exported = desk.director.get(f"/api/desk/events/{desk.event}/export").json()
    exported["name"] = "Copy"
    assert desk.call(desk.director, "post", "/api/desk/events", exported).json()["notes"] == []
    exported["name"] = "Edited"
    exported["cards"][0]["rounds"][0]["scores"] = [100, 105]
    notes = desk.call(desk.director, "post", "/api/desk/events", exported).json()["notes"]
    assert notes and "imported as not validated" in notes[0]


def test_wcc_shoot_out_recorded_attempt_by_attempt_through_the_api(desk: Desk) -> None:
    rounds = [{"scores": [105, 100], "twenties": [1, 0]}] * 4
    games = desk.call(desk.director, "get", f"/api/desk/events/{desk.event}/draws").json()
    for game in games[0]["games"]:
        a, b = game["sides"]
        desk.call(desk.director, "post", f"/api/desk/events/{desk.event}/cards",
                  {"round": 1, "sides": [a, b], "rounds": rounds})  # fmt: skip
        desk.call(desk.director, "post", f"/api/desk/events/{desk.event}/cards/1/{b}/validation",
                  {"initials": "XY"})  # fmt: skip
    standings = desk.director.get(f"/api/desk/events/{desk.event}/standings").json()
    tied = sorted(p["entrant"] for p in standings["standings"] if p["place"] == 1)
    path = f"/api/desk/events/{desk.event}/shootouts"
    csrf = {"X-CSRF-Token": desk.referee.get("/api/session").json()["csrf"]}
    counts = desk.referee.post(path, json={"attempts": {tied[0]: 5}}, headers=csrf)
    assert counts.status_code == 422
    short = {e: "XXo" for e in tied}
    got = desk.referee.post(path, json={"attempts": short}, headers=csrf)
    assert got.status_code == 422 and "has 3 attempts of 12" in got.json()["detail"]
    shots = {e: ("X" * (n + 1)).ljust(12, "-") for n, e in enumerate(tied)}
    desk.call(desk.referee, "post", path, {"attempts": shots})
    exported = desk.director.get(f"/api/desk/events/{desk.event}/export").json()
    assert exported["shootouts"] == [shots]


def test_club_results_through_the_api_with_roles(desk: Desk) -> None:
    path = f"/api/desk/events/{desk.csc}/csc/games"
    game = {"round": 1, "home": "B", "visitors": "C", "score": "17-9"}
    assert desk.call(desk.referee, "post", path, game).json() == {"remaining": 5}
    again = desk.referee.post(
        path, json=game, headers={"X-CSRF-Token": desk.referee.get("/api/session").json()["csrf"]}
    )
    assert again.status_code == 409 and "already entered" in again.json()["detail"]
    st = desk.referee.get(f"/api/desk/events/{desk.csc}/standings").json()
    assert st["remaining"] == 5 and st["standings"][0]["team"] == "B"
    change = {"kind": "partner-out", "team": "A", "player": "A1", "round": 2, "reason": "ill"}
    desk.call(desk.referee, "post", f"/api/desk/events/{desk.csc}/csc/delegation", change)
    bad = desk.director.post(
        f"/api/desk/events/{desk.csc}/csc/games",
        json={"round": 2, "home": "A", "visitors": "C", "score": "17-99"},
        headers={"X-CSRF-Token": desk.director.get("/api/session").json()["csrf"]},
    )
    assert bad.status_code in (409, 422) and "\n" not in bad.json()["detail"]


def test_csc_v_4k_score_no_game_ends_with_refused_through_the_api(desk: Desk) -> None:
    """99999-0 used to answer 200 and put "scored: 100055" in the standings."""
    path = f"/api/desk/events/{desk.csc}/csc/games"
    csrf = {"X-CSRF-Token": desk.referee.get("/api/session").json()["csrf"]}
    for score in ("99999-0", "34-0"):
        game = {"round": 1, "home": "B", "visitors": "C", "score": score}
        got = desk.referee.post(path, json=game, headers=csrf)
        assert got.status_code == 409, got.text
        assert "no game to 17 ends there" in got.json()["detail"]
    game = {"round": 1, "home": "B", "visitors": "C", "frames": "9-0,8-0", "score": "17-1"}
    got = desk.referee.post(path, json=game, headers=csrf)
    assert got.status_code == 422 and "add up to 17-0" in got.json()["detail"]
    st = desk.referee.get(f"/api/desk/events/{desk.csc}/standings").json()
    assert st["remaining"] == 6 and max(x["scored"] for x in st["standings"]) == 0


def test_club_game_corrected_and_withdrawn_by_officials_through_the_api(desk: Desk) -> None:
    base = f"/api/desk/events/{desk.csc}"
    desk.call(desk.referee, "post", f"{base}/csc/games",
              {"round": 1, "home": "B", "visitors": "C", "score": "17-9"})  # fmt: skip
    (game,) = desk.referee.get(f"{base}/games").json()
    assert game["sides"] == ["B", "C"] and game["score"] == [17, 9]
    fix = {"frames": "5-0,0-9,0-8", "reason": "home and visitors swapped"}
    got = desk.call(desk.referee, "post", f"{base}/games/{game['id']}/correction", fix).json()
    assert got["score"] == [5, 17] and got["frames"] == [[5, 0], [0, 9], [0, 8]]
    st = desk.referee.get(f"{base}/standings").json()
    assert st["standings"][0]["team"] == "C"
    csrf = {"X-CSRF-Token": desk.scorer.get("/api/session").json()["csrf"]}
    no = desk.scorer.post(
        f"{base}/games/{game['id']}/withdrawal", json={"reason": "x"}, headers=csrf
    )
    assert no.status_code == 403
    csrf = {"X-CSRF-Token": desk.director.get("/api/session").json()["csrf"]}
    bad = desk.director.post(
        f"{base}/games/{game['id']}/correction", json={"score": "99-0", "reason": "x"}, headers=csrf
    )
    assert bad.status_code == 409 and "a winner has at most 32" in bad.json()["detail"]
    missing = desk.director.post(f"{base}/games/999/withdrawal", json={"reason": "x"}, headers=csrf)
    assert missing.status_code == 404
    desk.call(desk.director, "post", f"{base}/games/{game['id']}/withdrawal", {"reason": "wrong"})
    assert desk.referee.get(f"{base}/games").json() == []
    audit = desk.director.get("/api/desk/audit", params={"event": "Zone"}).json()
    fixed = next(a for a in audit if a["action"] == "correct_club_game")
    assert fixed["actor"] == "Rex" and fixed["before"] and fixed["after"]
    assert [a["action"] for a in audit][-1] == "withdraw_club_game"


def test_the_api_is_described_with_who_may_call_each_write(desk: Desk) -> None:
    schema = desk.director.get("/api/openapi.json").json()
    op = schema["paths"]["/api/desk/events/{event_id}/cards/{round_no}/{player}/corrections"][
        "post"
    ]
    assert op["x-roles"] == ["director", "referee"] and op["x-signed"] is True
    assert "CorrectionBody" in str(op["requestBody"])
    assert "/api/session" in schema["paths"]


def test_the_tv_qr_code_points_phones_at_the_venue_address(
    desk: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = desk.director.get(f"/desk/tv/{desk.event}").text
    assert f"http://testserver/desk/standings/{desk.event}" in page and "<svg" in page
    monkeypatch.setenv("FLICKBOARD_PUBLIC_URL", "http://192.168.1.20:8000/")
    page = desk.director.get(f"/desk/tv/{desk.event}").text
    assert f"http://192.168.1.20:8000/desk/standings/{desk.event}" in page
    code = desk.call(
        desk.director, "post", f"/api/desk/events/{desk.event}/codes",
        {"round": 1, "player": desk.other[0]},
    ).json()  # fmt: skip
    assert code["url"] == f"http://192.168.1.20:8000/desk/join?code={code['code']}"


def test_every_club_format_answers_its_standings_through_one_route(desk: Desk) -> None:
    """The standings route asks the club desks' registry, not the format string; a
    bracket's standings used to fail (its matches have no ``__dict__``)."""
    fair = {
        "name": "Fair",
        "format": "elimination",
        "entrants": [{"id": str(i), "name": f"P{i}"} for i in range(1, 5)],
    }
    made = desk.call(desk.director, "post", "/api/desk/club-events", fair).json()["id"]
    got = desk.director.get(f"/api/desk/events/{made}/standings")
    assert got.status_code == 200, got.text
    assert [m["id"] for m in got.json()["main"][0]] == ["M1-1", "M1-2"]
    csc = desk.director.get(f"/api/desk/events/{desk.csc}/standings").json()
    assert csc["remaining"] == 6


def test_csc_vi_12_offence_recorded_by_a_referee_through_the_api(desk: Desk) -> None:
    path = f"/api/desk/events/{desk.csc}/csc/offences"
    csrf = {"X-CSRF-Token": desk.scorer.get("/api/session").json()["csrf"]}
    body = {"player": "B2", "act": "verbal abuse of the referee"}
    assert desk.scorer.post(path, json=body, headers=csrf).status_code == 403
    csrf = {"X-CSRF-Token": desk.referee.get("/api/session").json()["csrf"]}
    empty = desk.referee.post(path, json={"player": "B2", "act": ""}, headers=csrf)
    assert empty.status_code == 422 and "act" in empty.json()["detail"]
    stranger = desk.referee.post(path, json={**body, "player": "Q9"}, headers=csrf)
    assert stranger.status_code == 422 and "Q9 is not a player entered" in stranger.json()["detail"]
    done = desk.call(desk.referee, "post", path, body).json()
    assert done["offences"][0]["clause"] == "CSC VI 12" and done["offences"][0]["player"] == "B2"
    assert "suspended from further Congress sponsored tournaments" in done["reasons"]["B"]
    st = desk.director.get(f"/api/desk/events/{desk.csc}/standings").json()
    assert st["offences"][0]["prize"] == "forfeits his or her share of any prize contested for"
    assert {r["team"]: r["prize_forfeited_by"] for r in st["standings"]}["B"] == "B2"
    board = desk.director.get(f"/desk/standings/{desk.csc}").text
    assert "offence detrimental to the game (CSC VI 12): verbal abuse of the referee" in board


def _six_person_league(desk: Desk) -> int:
    teams = [
        {
            "id": t,
            "name": f"Team {t}",
            "players": [{"id": f"{t}{i}", "name": f"{t} player {i}"} for i in range(1, 8)],
        }
        for t in ("H", "V")
    ]
    made = desk.call(
        desk.director, "post", "/api/desk/club-events",
        {"name": "Tuesday", "format": "league-six", "entrants": teams},
    )  # fmt: skip
    league: int = made.json()["id"]
    for t in ("H", "V"):
        start = {"A": [f"{t}1", f"{t}2"], "B": [f"{t}3", f"{t}4"], "C": [f"{t}5", f"{t}6"]}
        desk.call(desk.referee, "post", f"/api/desk/events/{league}/league/lineups",
                  {"night": 1, "team": t, "start": start})  # fmt: skip
    return league


def test_csc_vii_league_clauses_through_the_api(desk: Desk) -> None:
    league = _six_person_league(desk)
    base = f"/api/desk/events/{league}/league"
    csrf = {"X-CSRF-Token": desk.referee.get("/api/session").json()["csrf"]}
    # VII 7: a pair changes ends before game 4; the answer gives each player's end
    m = desk.call(desk.referee, "post", f"{base}/ends",
                  {"night": 1, "team": "H", "from_game": 4, "pair": "A"}).json()  # fmt: skip
    assert m["players"][0][3] == [{"player": "H2", "end": "LE"}, {"player": "H1", "end": "RE"}]
    bad = desk.referee.post(f"{base}/ends", json={"night": 1, "team": "H", "from_game": 4,
                            "pair": "D"}, headers=csrf)  # fmt: skip
    assert bad.status_code == 422 and "pair" in bad.json()["detail"]
    # VII 12(a): a substitution during a game is refused (409) and changes nothing
    sub = {"night": 1, "team": "H", "from_game": 2, "player_out": "H3", "player_in": "H7"}
    got = desk.referee.post(f"{base}/substitutions", json={**sub, "during": True}, headers=csrf)
    assert got.status_code == 409 and "VII 12(a)" in got.json()["detail"]
    # VII 12(b): a game played out of the rotation is refused
    game = {"night": 1, "team": "H", "game": 4, "score": "21-9", "played_by": "A v C"}
    got = desk.referee.post(f"{base}/games", json=game, headers=csrf)
    assert got.status_code == 409 and "VII 12(b)" in got.json()["detail"]
    desk.call(desk.referee, "post", f"{base}/games", {**game, "played_by": "A v B"})
    # VII 14: signed by an account (the command line's desk cannot); night 2 not begun
    ask = {"night": 2, "team": "V", "ample_notice": False, "notice": "asked on the night"}
    scorer = {"X-CSRF-Token": desk.scorer.get("/api/session").json()["csrf"]}
    assert desk.scorer.post(f"{base}/postponements", json=ask, headers=scorer).status_code == 403
    m = desk.call(desk.referee, "post", f"{base}/postponements", ask).json()
    assert m["points"] == ["0", "9"] and "V forfeits the entire match (VII 14)" in m["notes"][0]
    standings = desk.director.get(f"/api/desk/events/{league}/standings").json()
    assert "night 2: postponement asked by V" in standings[0]["reason"]
