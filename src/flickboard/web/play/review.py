"""Game reviews and hints at the browser table (docs/review.md, docs/web.md "Review and
hints").

A review runs in a background thread (the table stays usable), one per game at a time;
its progress and, once done, the review are kept in ``play_reviews`` (migration 0008), so
a review is made once per game, level and number of shots and read back after a
restart. Each reviewed shot carries three paths for the board: the shot played, the best
shot and the shot meant, each the shooting disc's path simulated from the position
before. A hint is the review's best shot from the position now, offered only in casual
games (those that allow taking a shot back: tournament and rated play do not).
"""

from __future__ import annotations

import json
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from flickboard.agents.review import ShotReview, best_shot, review_record, shot_json
from flickboard.errors import FlickboardError, IllegalInPosition
from flickboard.physics import Layout, PhysicsParams, Shot
from flickboard.physics.trajectory import sample_trajectory
from flickboard.play.noise import check_level
from flickboard.store.db import WRITE, engine_for
from flickboard.store.models import PlayReviewRow
from flickboard.web.play.live import LiveGame
from flickboard.web.play.showing import record_of, shot_list

log = logging.getLogger(__name__)

PATH_POINTS = 40
"""Most points of a path sent to the page."""

PATH_FPS = 30.0


def shooter_path(
    layout: Layout, shot: Shot, shooter: int, params: PhysicsParams
) -> list[list[float]]:
    """The shooting disc's centres from release to rest (at most :data:`PATH_POINTS`)."""
    try:
        traj = sample_trajectory(layout, shot, PATH_FPS, shooter=shooter, params=params, turns=True)
    except FlickboardError:
        return [[round(shot.x, 4), round(shot.y, 4)]]
    k = traj.ids.index(shooter)
    xs, ys = traj.x[:, k], traj.y[:, k]
    step = max(1, len(xs) // PATH_POINTS)
    idx = [*range(0, len(xs) - 1, step), len(xs) - 1]
    return [[round(float(xs[i]), 4), round(float(ys[i]), 4)] for i in idx]


class NotCasual(IllegalInPosition):
    """Hints are for casual games only."""


class Reviews:
    """The reviews of one server's games (see the module docstring)."""

    def __init__(self, url: str, engine: Engine | None = None) -> None:
        self.url = url
        self._engine = engine
        self._lock = threading.Lock()
        self._running: set[str] = set()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="flickboard-review")

    @property
    def engine(self) -> Engine:
        """The engine (the table's, or opened with the schema upgraded on first use)."""
        if self._engine is None:
            self._engine = engine_for(self.url)
        return self._engine

    def status(self, game_id: str) -> dict[str, Any]:
        """The review of a game as it stands: ``status`` none, running, done or failed,
        the level, shots weighed and to weigh, and the review once done."""
        with Session(self.engine) as session:
            row = session.get(PlayReviewRow, game_id)
            if row is None:
                return {"status": "none", "level": None, "done": 0, "total": 0, "review": None}
            review = None if row.review is None else json.loads(row.review)
            return {"status": row.status, "level": row.level, "shots": row.shots,
                    "done": row.done, "total": row.total, "review": review}  # fmt: skip

    def start(self, live: LiveGame, level: str) -> dict[str, Any]:
        """Start reviewing the game (at ``level``) unless the same review is cached or
        running; the status."""
        check_level(level)
        record = record_of(live)
        shots = sum(1 for _ in shot_list(live))
        if shots == 0:
            raise IllegalInPosition("there is nothing to review yet: no shot has been played")
        now = self.status(live.id)
        same = now["status"] in ("running", "done") and now["level"] == level
        if same and now.get("shots") == shots:
            return now
        with self._lock:
            if live.id in self._running:
                return self.status(live.id)
            self._running.add(live.id)
        self._save(live.id, level=level, status="running", shots=shots, done=0, total=shots,
                   review=None)  # fmt: skip
        self._pool.submit(self._run, live.id, record, level, shots, live.match.params)
        return self.status(live.id)

    def _run(
        self, game_id: str, record: dict[str, Any], level: str, shots: int, params: PhysicsParams
    ) -> None:
        try:

            def told(done: int, total: int) -> None:
                self._save(game_id, done=done, total=total)

            review = review_record(record, level=level, progress=told)
            data = review.to_json()
            for shot, reviewed in zip(data["shots"], review.shots, strict=True):
                shot["paths"] = self._paths(record, reviewed.index, reviewed, params)
            self._save(game_id, status="done", review=json.dumps(data))
        except Exception:  # a failed review is reported, not raised
            log.exception("the review of game %s failed", game_id)
            self._save(game_id, status="failed")
        finally:
            with self._lock:
                self._running.discard(game_id)

    def _paths(
        self, record: dict[str, Any], index: int, reviewed: ShotReview, params: PhysicsParams
    ) -> dict[str, list[list[float]]]:
        """The paths of a reviewed shot: the best shot's, the shot played and the shot
        meant (when it is not the shot played: an exact shot is its own); a shot
        entered by hand has only the best."""
        layout, shooter = self._positions(record)[index - 1]
        aims = {"best": reviewed.best, "played": reviewed.played}
        if reviewed.meant is not None and reviewed.meant_from != "exact":
            aims["meant"] = reviewed.meant
        return {
            name: shooter_path(layout, aim.shot, shooter, params)
            for name, aim in aims.items()
            if aim is not None
        }

    def _positions(self, record: dict[str, Any]) -> list[tuple[Layout, int]]:
        """The layout before each shot of a record and its shooting disc (cached per
        record object while a review runs)."""
        cached = getattr(self, "_cache", None)
        if cached is not None and cached[0] is record:
            return list(cached[1])
        from flickboard.play.kind import load_match
        from flickboard.play.match import Step

        match = load_match(record)
        out = []
        for result in match.replay():
            if isinstance(result, Step):
                out.append((result.entry.position.layout, result.entry.turn.disc))
        self._cache = (record, out)
        return out

    def _save(self, game_id: str, **values: Any) -> None:
        """One write of a review's row (created on the first), one transaction."""
        values["updated"] = datetime.now(UTC).replace(tzinfo=None)
        with Session(self.engine.execution_options(**WRITE)) as session, session.begin():
            row = session.scalar(select(PlayReviewRow).where(PlayReviewRow.game_id == game_id))
            if row is None:
                session.add(PlayReviewRow(game_id=game_id, **values))
            else:
                for key, value in values.items():
                    setattr(row, key, value)

    def hint(self, live: LiveGame, seat: int, token: str | None, level: str) -> dict[str, Any]:
        """The best shot for ``seat`` now (its token required), with its path: casual
        games only."""
        check_level(level)
        live.check_token(seat, token)
        if not live.setup.undo:
            raise NotCasual("hints are off in this game: only casual games (with undo) give hints")
        view = live.view_of(seat)
        aim = best_shot(view, level)
        path = shooter_path(view.position.layout, aim.shot, view.turn.disc, view.physics)
        return {"seat": seat, "kind": aim.kind, "words": aim.words, "value": round(aim.value, 4),
                "shot": shot_json(aim.shot), "path": path}  # fmt: skip
