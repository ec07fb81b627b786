"""Browser-table benchmark (same as ``flickboard bench web``): python bench/web.py."""

from flickboard.cli.bench_web import bench_web

if __name__ == "__main__":
    import typer

    typer.run(bench_web)
