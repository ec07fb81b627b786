"""Physics benchmark (same as ``flickboard bench physics``): python bench/physics.py."""

from flickboard.cli.bench_physics import bench_physics

if __name__ == "__main__":
    import typer

    typer.run(bench_physics)
