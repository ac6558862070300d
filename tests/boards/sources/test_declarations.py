"""What the check service reads from every source module, and what the directory relies on."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from boards.models import Platform
from boards.sources import amazon, apple, details, eightfold, google, icims, microsoft, oracle, successfactors, workday
from boards.sources.canonical import canonical_url

MODULES = [workday, icims, oracle, eightfold, successfactors, apple, google, amazon, microsoft]
DETAIL_READERS = [workday, icims, eightfold, microsoft]
DIRECTORY = Path(__file__).resolve().parents[3] / "fixtures" / "boards.txt"


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_source_declares_its_platform_and_request_budget(module):
    assert module.PLATFORM in Platform.values
    assert isinstance(module.MAX_REQUESTS, int) and module.MAX_REQUESTS >= 1
    assert isinstance(module.PAGE_SPACING_MS, int)


@pytest.mark.parametrize("module", DETAIL_READERS, ids=lambda m: m.__name__)
def test_detail_reads_are_counted_in_the_request_budget(module):
    assert module.MAX_REQUESTS > details.DETAIL_CEILING


def test_only_eightfold_sites_ask_for_three_seconds_between_requests():
    assert {m.__name__.rsplit(".", 1)[1] for m in MODULES if m.PAGE_SPACING_MS == 3000} == {"eightfold", "microsoft"}


def directory_lines(platform_header: str) -> list[str]:
    lines = DIRECTORY.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"# {platform_header} ("))
    section = []
    for line in lines[start + 1 :]:
        if line.startswith("#"):
            break
        if line.strip():
            section.append(line.strip())
    return section


@pytest.mark.parametrize(
    ("header", "module"),
    [("iCIMS", icims), ("Oracle Recruiting", oracle), ("Eightfold", eightfold), ("SuccessFactors", successfactors)],
)
def test_directory_boards_are_recognised_at_their_own_url(header, module):
    lines = directory_lines(header)
    assert lines
    for line in lines:
        board = module.recognize(urlsplit(canonical_url(line)))
        assert board is not None, line
        assert board.board_url == canonical_url(line), line
