from __future__ import annotations

import pytest

from boards.sources.slug import company_from_slug


@pytest.mark.parametrize(
    ("slug", "company"),
    [
        ("acme", "Acme"),
        ("acme-robotics", "Acme Robotics"),
        ("acme_robotics.io", "Acme Robotics Io"),
        ("Acme", "Acme"),
        ("iRobot", "iRobot"),
        ("AcmeCorp", "AcmeCorp"),
        ("acme--labs", "Acme Labs"),
        ("acme%20labs", "Acme Labs"),
        ("acme%zz", "Acme%zz"),
        ("acme%ff", "Acme%ff"),
        ("123-go", "123 Go"),
        ("", ""),
    ],
)
def test_a_company_name_is_made_from_a_slug(slug: str, company: str) -> None:
    assert company_from_slug(slug) == company
