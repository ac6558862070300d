from __future__ import annotations

import pytest

from tests.boards.sources.fakes import FakeFetch


@pytest.fixture
def fake_fetch() -> FakeFetch:
    return FakeFetch()
