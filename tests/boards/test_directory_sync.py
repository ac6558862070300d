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


HOSTILE_LINES = [
    ("https://user:pw@boards.greenhouse.io/userinfo", "embedded credentials"),
    ("ftp://boards.greenhouse.io/ftpco", "unsupported scheme ftp"),
    ("javascript:alert(1)", "unsupported scheme javascript"),
    ("http://127.0.0.1/careers", "non-public address 127.0.0.1"),
    ("successfactors http://127.0.0.1/", "non-public address 127.0.0.1"),
    ("successfactors http://169.254.169.254/latest/meta-data", "cloud metadata"),
    ("successfactors http://localhost/", "host localhost is not allowed"),
    ("successfactors http://10.0.0.5/", "non-public address 10.0.0.5"),
    ("successfactors https://[::1]/", "non-public address ::1"),
    ("successfactors http://2130706433/", "numeric host"),
    ("successfactors http://metadata.google.internal/", "cloud metadata"),
    ("successfactors https://careers.intranet.corp/", "is not allowed"),
    ("successfactors https://careers.globex.example:8443/", "port 8443"),
    ("successfactors https://evil.example\\@good.example/", "backslashes"),
    ("successfactors https://b\u00fccher.example/", "ASCII form (xn--bcher-kva.example)"),
    ("successfactors https://\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.com/", "IDNA"),
    ("https://boards.greenhouse.io/" + "a" * 2100, "more than 2048 characters"),
    ("https://boards.greenhouse.io/" + "b" * 400, "board_key is longer than 300"),
    ("nosuchplatform https://careers.globex.example", "unknown platform 'nosuchplatform'"),
]


def test_hostile_lines_are_each_reported_with_their_number_and_reason_and_nothing_of_them_loads(
    tmp_path: Path,
) -> None:
    good = ["https://boards.greenhouse.io/first", "successfactors https://careers.globex.example"]
    text = "\n".join([good[0], *(line for line, _ in HOSTILE_LINES), good[1]]) + "\n"
    result = directory_sync(files=[write(tmp_path, text)])
    reported = [(bad.line_number, bad.text) for bad in result.invalid]
    assert reported == [(number, line) for number, (line, _) in enumerate(HOSTILE_LINES, start=2)]
    for bad, (_, reason) in zip(result.invalid, HOSTILE_LINES, strict=True):
        assert reason in bad.reason, (bad.text, bad.reason)
    assert set(Resource.objects.values_list("url", flat=True)) == {
        "https://boards.greenhouse.io/first",
        "https://careers.globex.example/search/",
    }
    assert result.indexed == 2 and result.duplicates == []


def test_line_numbers_are_an_editors_whatever_the_line_endings(tmp_path: Path) -> None:
    path = tmp_path / "boards.txt"
    # A BOM, CRLF endings, a lone CR, a form feed and a Unicode line separator inside lines (which
    # str.splitlines would break at, shifting every later number), a line that is not UTF-8.
    path.write_bytes(
        b"\xef\xbb\xbfhttps://boards.greenhouse.io/bom\r\n"
        b"# a comment\r\n"
        b"https://boards.greenhouse.io/lone\rcr\r\n"
        b"https://jobs.lever.co/ac\x0cme\r\n"
        b"https://boards.greenhouse.io/sep\xe2\x80\xa8arated\n"
        b"https://boards.greenhouse.io/latin\xe9\n"
        b"# Soci\xe9t\xe9 G\xe9n\xe9rale: a comment in Latin-1 is still a comment\n"
        b"https://jobs.ashbyhq.com/acme\n"
    )
    result = directory_sync(files=[path])
    assert [bad.line_number for bad in result.invalid] == [3, 4, 5, 6]
    assert "not UTF-8" in result.invalid[-1].reason
    assert sorted(Resource.objects.values_list("url", flat=True)) == [
        "https://boards.greenhouse.io/bom",
        "https://jobs.ashbyhq.com/acme",
    ]


def test_duplicate_lines_are_counted_and_named_not_dropped_silently(tmp_path: Path) -> None:
    first = write(tmp_path, "https://boards.greenhouse.io/acme\nhttps://boards.greenhouse.io/acme/\n")
    second = tmp_path / "more.txt"
    second.write_text("# platform: successfactors\nhttps://jobs.globex.example\n", encoding="utf-8")
    third = tmp_path / "again.txt"
    third.write_text("successfactors https://jobs.globex.example/search/\n", encoding="utf-8")
    result = directory_sync(files=[first, second, third])
    assert result.indexed == 2 and result.invalid == []
    assert [(Path(d.source).name, d.line_number, d.reason) for d in result.duplicates] == [
        ("boards.txt", 2, f"the board of {first}:1"),
        ("again.txt", 1, f"the board of {second}:2"),
    ]
    out, err = StringIO(), StringIO()
    call_command("sync_directory", verbosity=2, stdout=out, stderr=err)  # the built-in list: no duplicates
    assert "0 duplicate lines" in out.getvalue() and err.getvalue() == ""


def test_a_file_that_cannot_be_read_takes_no_board_out_of_the_directory(tmp_path: Path) -> None:
    listed = write(tmp_path, "https://boards.greenhouse.io/acme\n")
    other = tmp_path / "more.txt"
    other.write_text("https://jobs.lever.co/acme\n", encoding="utf-8")
    assert directory_sync(files=[listed, other]).indexed == 2
    other.unlink()
    result = directory_sync(files=[listed, other])
    assert [bad.reason.split(":")[0] for bad in result.invalid] == ["cannot read file"]
    assert result.removed == 0
    assert Resource.objects.filter(indexed=True).count() == 2
    other.write_text("", encoding="utf-8")  # read again, and empty: now its board leaves
    assert directory_sync(files=[listed, other]).removed == 1
