"""Benchmarks: `python -m bench` runs every module here (each `python -m bench.<name>` on its own,
in its own process so one's memory never counts against another's); `bench.demo` is the demo, not
a benchmark, and is skipped."""
