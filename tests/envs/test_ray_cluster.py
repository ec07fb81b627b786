"""Self-play across a real multi-node Ray cluster: two simulated nodes on loopback
(``ray.cluster_utils.Cluster``), joined by address as a second machine would be."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from flickboard.cli.app import app
from flickboard.envs.selfplay import SCHEMA, SelfPlay, read, run

ray = pytest.importorskip("ray", reason="the test command installs flickboard[ray]")
cluster_utils = pytest.importorskip("ray.cluster_utils")


@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    nodes = cluster_utils.Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 1, "node_ip_address": "127.0.0.1", "include_dashboard": False},
    )
    nodes.add_node(num_cpus=1, node_ip_address="127.0.0.1")
    nodes.wait_for_nodes()
    yield nodes
    if ray.is_initialized():
        ray.shutdown()
    nodes.shutdown()


def test_the_cluster_has_two_nodes_on_loopback_and_uses_both(cluster: object) -> None:
    ray.init(address=cluster.address, log_to_driver=False)  # type: ignore[attr-defined]
    try:
        alive = [n for n in ray.nodes() if n["Alive"]]
        assert len(alive) == 2
        assert {n["NodeManagerAddress"] for n in alive} == {"127.0.0.1"}

        @ray.remote(num_cpus=1)
        def where(_: int) -> str:
            import time

            time.sleep(0.3)
            return str(ray.get_runtime_context().get_node_id())

        assert len(set(ray.get([where.remote(k) for k in range(6)]))) == 2
    finally:
        ray.shutdown()


def test_selfplay_joined_by_address_gives_the_data_of_one_process(
    cluster: object, tmp_path: Path
) -> None:
    out = tmp_path / "games.npz"
    address = cluster.address  # type: ignore[attr-defined]
    result = CliRunner().invoke(
        app,
        [
            "selfplay", "--a", "random", "--b", "random", "--pairs", "4", "--seed", "8",
            "--address", address, "--noise", "none", "--output", str(out),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert not ray.is_initialized()  # the command left the cluster as it found it
    _, serial = run(SelfPlay("crokinole", "random", "random", pairs=4, seed=8, noise=None))
    back = read(out)
    assert all(np.array_equal(back[name], serial[name]) for name, _ in SCHEMA)
