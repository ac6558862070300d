from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from boards.models import Resource
from boards.services.directory import BUILT_IN_BOARDS, directory_sync

pytestmark = pytest.mark.django_db


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "boards.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_built_in_directory_loads_every_board_and_is_idempotent() -> None:
    listed = [line for line in BUILT_IN_BOARDS.read_text().splitlines() if line.startswith("http")]
    first = directory_sync()
    assert first.invalid == []
    assert first.indexed == len(listed) >= 1350
    assert Resource.objects.filter(indexed=True).count() == len(listed)
    again = directory_sync()
    assert again.added == 0 and again.removed == 0
    assert Resource.objects.count() == len(listed)


def test_a_bad_line_is_reported_with_its_number_and_skipped(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "# a comment\nhttps://boards.greenhouse.io/acme\nnot a url\nftp://x.example/jobs\n"
        "https://careers.example.com/jobs  # a careers page is not a platform board\n"
        "https://jobs.lever.co/acme # trailing comment\n",
    )
    result = directory_sync(files=[path])
    assert [(bad.line_number, bad.text) for bad in result.invalid] == [
        (3, "not a url"),
        (4, "ftp://x.example/jobs"),
        (5, "https://careers.example.com/jobs"),
    ]
    assert sorted(Resource.objects.filter(indexed=True).values_list("platform", flat=True)) == ["greenhouse", "lever"]


def test_boards_no_longer_listed_leave_the_directory_but_promoted_ones_stay(tmp_path: Path) -> None:
    directory_sync(files=[write(tmp_path, "https://boards.greenhouse.io/acme\nhttps://jobs.lever.co/acme\n")])
    promoted = Resource.objects.get(platform="lever")
    Resource.objects.filter(pk=promoted.pk).update(index_origin="watched")
    result = directory_sync(files=[write(tmp_path, "https://jobs.ashbyhq.com/acme\n")])
    assert result.removed == 1
    assert set(Resource.objects.filter(indexed=True).values_list("platform", flat=True)) == {"ashby", "lever"}


def test_a_missing_operator_file_is_reported_not_fatal(tmp_path: Path, config) -> None:
    config(index_boards_file=str(tmp_path / "missing.txt"))
    out, err = StringIO(), StringIO()
    call_command("sync_directory", stdout=out, stderr=err)
    assert "cannot read file" in err.getvalue()
    assert "boards indexed" in out.getvalue()


def test_with_the_directory_disabled_nothing_is_indexed(tmp_path: Path, config) -> None:
    directory_sync(files=[write(tmp_path, "https://boards.greenhouse.io/acme\n")])
    config(index_enabled=False)
    result = directory_sync(files=[write(tmp_path, "https://boards.greenhouse.io/acme\n")])
    assert result.indexed == 0 and result.removed == 1
    assert not Resource.objects.filter(indexed=True).exists()
