"""`web_url` judges a plain "http(s)://" link by its host, cached per host: its answer must be
urlsplit's on the whole link, whatever follows the host or hides in it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from boards.job import _split_web_url, web_url

PIECES = ["http://", "https://", "HTTPS://", "h", "a.example", "[", "]", "::1", "/", "?", "#", "@", ":", "\t", "\n"]
PIECES += ["\r", " ", "\x01", "é", "\u2100", "\uff0f", "x", "javascript:", "//", "%2F", "80"]
LINKS = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)


@given(LINKS | st.text(max_size=40))
def test_a_link_is_judged_as_urlsplit_judges_it(value: str) -> None:
    assert web_url(value) == _split_web_url(value)
    assert web_url(value) == _split_web_url(value)  # again, from the host's cached answer


def test_a_host_that_normalises_to_a_path_is_refused_from_the_cache_too() -> None:
    for _ in range(2):
        assert web_url("https://ex\u2100mple.com/jobs/1") == ""
        assert web_url("https://[::1/jobs") == ""
        assert web_url("https://boards.example/jobs/1\n") == "https://boards.example/jobs/1\n"
