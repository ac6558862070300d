"""Resources: the one row per canonical board that every watch of that board shares."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from boards.models import Resource
from boards.sources.base import BoardRef
from watchtower.config import current


def resource_get_or_create(*, board: BoardRef, resolved_from: str = "") -> tuple[Resource, bool]:
    """Find the resource of `board` or create it, safely under concurrent creators."""
    existing = Resource.objects.filter(url=board.board_url).first()
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            resource = Resource.objects.create(
                url=board.board_url,
                platform=board.platform,
                fetch_host=board.fetch_host,
                board_key=board.key,
                company=board.company,
                options=dict(board.options),
                resolved_from=resolved_from,
                interval_seconds=current().default_check_interval_seconds,
            )
    except IntegrityError:  # another request created it between our read and our insert
        return Resource.objects.get(url=board.board_url), False
    return resource, True
