"""Run every benchmark module in this package, one after the other, each in its own process.

A module is a benchmark when it can run as `python -m bench.<name>` and exits 0 when its targets
are met; private modules are skipped. Exits 1 when any benchmark failed.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys
import time
from pathlib import Path


def benchmark_modules() -> list[str]:
    here = Path(__file__).resolve().parent
    return sorted(
        info.name for info in pkgutil.iter_modules([str(here)]) if not info.name.startswith("_") and not info.ispkg
    )


def main() -> int:
    failed: list[str] = []
    for name in benchmark_modules():
        print(f"== bench.{name}", flush=True)
        start = time.perf_counter()
        code = subprocess.call([sys.executable, "-m", f"bench.{name}"])
        print(
            f"== bench.{name}: {'ok' if code == 0 else f'exit {code}'} in {time.perf_counter() - start:.1f} s\n",
            flush=True,
        )
        if code != 0:
            failed.append(name)
    if failed:
        print(f"failed: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
