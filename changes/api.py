"""REST views of the change feed (SPEC §3.2, §3.3): read (or peek), then acknowledge."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from changes.services.feed import MAX_LIMIT, changes_ack, changes_get
from watchtower.api.auth import request_client
from watchtower.api.base import ApiView
from watchtower.api.schema import errors
from watchtower.api.serializers import MAX_BIGINT, QueryBooleanField, StrictSerializer


def watch_id_field(**kwargs: Any) -> serializers.CharField:
    return serializers.CharField(min_length=1, max_length=64, help_text="Only this watch (w_…).", **kwargs)


def cursor_field(help_text: str, **kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=MAX_BIGINT, help_text=help_text, **kwargs)


class ChangeOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="Increasing; the cursor.")
    type = serializers.ChoiceField(choices=["JOB_ADDED", "JOB_REMOVED", "JOB_UPDATED"])
    watch_id = serializers.CharField()
    watch_label = serializers.CharField(required=False)
    summary = serializers.CharField()
    data = serializers.DictField(  # type: ignore[assignment]  # a declared field, moved off the class by DRF
        child=serializers.JSONField(), help_text="{job: {…}}; JOB_UPDATED also has changed_fields."
    )
    created_at = serializers.CharField()


class ChangeListApi(ApiView):
    """GET /v1/changes: changes since the last read, oldest first. Advances the cursor unless
    `peek`; `since` replays from a cursor without moving it back."""

    tool = "get_changes"

    class QueryInput(StrictSerializer):
        watch_id = watch_id_field(required=False)
        since = cursor_field("Replay changes after this cursor.", required=False)
        limit = serializers.IntegerField(min_value=1, max_value=MAX_LIMIT, required=False)
        peek = QueryBooleanField(required=False, help_text="true/false/1/0: read without advancing the cursor.")

    class OutputSerializer(serializers.Serializer):
        changes = ChangeOutput(many=True)
        cursor = serializers.IntegerField(help_text="Pass to /v1/changes/ack after a peek.")
        has_more = serializers.BooleanField()

    @extend_schema(
        operation_id="changes_get",
        parameters=[QueryInput],
        responses={200: OutputSerializer, **errors(400, 401, 404, 429)},
    )
    def get(self, request: Request) -> Response:
        client = request_client(request)
        query = self.QueryInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        options = dict(query.validated_data)
        if request.method == "HEAD":
            # Served by this method, HEAD would move the cursor past a page nobody receives. It is
            # safe (RFC 9110 §9.2.1): a peek, answered with the headers a GET would have.
            options["peek"] = True
        return Response(changes_get(client=client, **options))


class ChangeAckApi(ApiView):
    """POST /v1/changes/ack: everything up to `cursor` is processed (at-least-once delivery)."""

    tool = "ack_changes"

    class InputSerializer(StrictSerializer):
        cursor = cursor_field("The cursor of a peeked page.")
        watch_id = watch_id_field(required=False)

    class OutputSerializer(serializers.Serializer):
        acknowledged = serializers.BooleanField()
        cursor = serializers.IntegerField()

    @extend_schema(
        operation_id="changes_ack",
        request=InputSerializer,
        responses={200: OutputSerializer, **errors(400, 401, 404, 413, 415, 429)},
    )
    def post(self, request: Request) -> Response:
        client = request_client(request)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(changes_ack(client=client, **serializer.validated_data))
