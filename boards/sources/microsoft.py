"""Microsoft careers (`careers.microsoft.com`, `jobs.careers.microsoft.com`,
`apply.careers.microsoft.com`): an Eightfold PCSX site, read exactly as Eightfold (10 a request,
3 s apart, newest 50, one detail request per new job) at its fixed origin and domain."""

from __future__ import annotations

import re

from boards.sources import eightfold
from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, ReadContext

PLATFORM = "microsoft"
MAX_REQUESTS = eightfold.MAX_REQUESTS
PAGE_SPACING_MS = eightfold.PAGE_SPACING_MS

HOST = "apply.careers.microsoft.com"
BOARD_URL = f"https://{HOST}/careers"
SITE = eightfold.Site(origin=f"https://{HOST}", domain="microsoft.com", company="Microsoft")
_HOSTS = re.compile(r"^(apply\.|jobs\.)?careers\.microsoft\.com$")


def recognize(url: ParsedUrl) -> BoardRef | None:
    if not _HOSTS.match(url.hostname or ""):
        return None
    return BoardRef(platform=PLATFORM, board_url=BOARD_URL, fetch_host=HOST, key="microsoft", company=SITE.company)


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    return eightfold.read_site(SITE, fetch, context)
