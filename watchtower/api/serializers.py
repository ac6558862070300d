"""Input building blocks shared by the API views: strict objects and query-string booleans."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from rest_framework import serializers

from watchtower.errors import unknown_names

# Ids and cursors are compared with 64-bit database columns; a larger number is a mistake, not a
# reason for the database driver to raise.
MAX_BIGINT = 2**63 - 1


class StrictSerializer(serializers.Serializer):
    """An input object that names the fields it does not know instead of silently dropping them
    (an agent that misspells `keywords` should learn it from the answer)."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, Mapping | QueryDict):
            raise serializers.ValidationError(
                {"non_field_errors": [f"expected a JSON object, got {type(data).__name__}"]}
            )
        unknown = unknown_names(data, self.fields, "field")
        if unknown:
            raise serializers.ValidationError({"non_field_errors": [unknown]})
        return super().to_internal_value(data)


class QueryBooleanField(serializers.ChoiceField):  # type: ignore[misc]
    """A query-string boolean: exactly `true`, `false`, `1` or `0`, so `?peek=yes` is an error
    rather than a guess."""

    VALUES = {"true": True, "1": True, "false": False, "0": False}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=list(self.VALUES), **kwargs)

    def to_internal_value(self, data: Any) -> bool:  # type: ignore[override]
        key = str(data).lower()
        if key not in self.VALUES:
            self.fail("invalid_choice", input=data)
        return self.VALUES[key]

    def to_representation(self, value: Any) -> Any:
        return value
