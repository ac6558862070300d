"""REST views for clients, watches, search and companies (SPEC §3.2): one thin view per operation.

Each view validates its input with a small serializer (the bounds of SPEC §3.1 and §14), calls one
service and returns its JSON-ready dict. The Output serializers describe those dicts for the
OpenAPI schema; the services own the shapes, so the views do not rebuild them.
"""

from __future__ import annotations

from typing import Any

from django.core.validators import RegexValidator, URLValidator
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from boards.derive.employment import EMPLOYMENT_TYPES
from watches.filters import (
    MAX_COMPANIES,
    MAX_DAYS,
    MAX_EXPERIENCE_YEARS,
    MAX_MIN_SALARY,
    MAX_MIN_SALARY_ANY,
    MAX_TERM_LENGTH,
    MAX_TERMS,
    REMOTE_FROM_HELP,
    SENIORITY_LEVELS,
    explicit_filters,
)
from watches.services.clients import clean_ref, client_create
from watches.services.search import MAX_COMPANY_OFFSET, MAX_OFFSET, companies_list, jobs_search
from watches.services.usage import usage_record
from watches.services.watches import watch_check_now, watch_create, watch_delete, watch_get, watch_list
from watchtower.api.addresses import client_bucket
from watchtower.api.auth import request_client
from watchtower.api.base import ApiView
from watchtower.api.schema import errors
from watchtower.api.serializers import StrictSerializer
from watchtower.config import current

MAX_URL_LENGTH = 2048
http_urls = URLValidator(schemes=["http", "https"])


def terms_field(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.CharField(min_length=1, max_length=MAX_TERM_LENGTH),
        max_length=MAX_TERMS,
        required=False,
        help_text=help_text,
    )


def company_field(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.CharField(min_length=1, max_length=MAX_TERM_LENGTH),
        max_length=MAX_COMPANIES,
        required=False,
        help_text=help_text,
    )


def url_field(**kwargs: Any) -> serializers.CharField:
    return serializers.CharField(max_length=MAX_URL_LENGTH, validators=[http_urls], **kwargs)


class FilterInput(StrictSerializer):
    """The explicit filters of SPEC §3.1; each overrides what `query` says about the same thing."""

    query = serializers.CharField(
        min_length=1, max_length=500, required=False, help_text="Plain language, e.g. 'iOS jobs in Austin'."
    )
    keywords = terms_field("Any of these words in the title or department.")
    all_keywords = terms_field("Every one of these words.")
    exclude_keywords = terms_field("None of these words.")
    locations = terms_field("Any of these places (cities, regions, countries, 'remote').")
    seniority = serializers.ListField(
        child=serializers.ChoiceField(choices=SENIORITY_LEVELS), max_length=len(SENIORITY_LEVELS), required=False
    )
    remote_only = serializers.BooleanField(required=False)
    remote_from = terms_field(f"Remote jobs that can be worked from any of these places: {REMOTE_FROM_HELP}.")
    visa_sponsorship = serializers.BooleanField(
        required=False,
        help_text="Jobs that say they sponsor visas (with include_unknown, also those that say nothing).",
    )
    employment_types = serializers.ListField(
        child=serializers.ChoiceField(
            choices=EMPLOYMENT_TYPES,
            error_messages={"invalid_choice": f'"{{input}}" is not one of {", ".join(EMPLOYMENT_TYPES)}.'},
        ),
        max_length=len(EMPLOYMENT_TYPES),
        required=False,
        help_text="Any of these employment types.",
    )
    companies = company_field("Only these companies (names as list_companies shows them; case and Inc./GmbH ignored).")
    exclude_companies = company_field("Not these companies.")
    exclude_staffing_agencies = serializers.BooleanField(
        required=False,
        help_text="Leave out postings from staffing agencies (docs/derived-fields.md lists the signals).",
    )
    min_salary = serializers.IntegerField(
        min_value=0,
        max_value=MAX_MIN_SALARY_ANY,
        required=False,
        help_text=f"A year's pay in salary_currency: at most {MAX_MIN_SALARY:,} in a currency worth about a US dollar "
        "or more (or none named), the same worth in one of smaller units (96,000,000 COP), never above "
        f"{MAX_MIN_SALARY_ANY:,}.",
    )
    salary_currency = serializers.CharField(
        min_length=3, max_length=3, validators=[RegexValidator(r"^[A-Za-z]{3}$")], required=False
    )
    max_experience_years = serializers.FloatField(min_value=0, max_value=MAX_EXPERIENCE_YEARS, required=False)
    include_unknown = serializers.BooleanField(
        required=False,
        help_text=(
            "Keep jobs that do not state pay, experience, visa sponsorship, employment type or (for remote_from) "
            "where remote work is allowed (default true)."
        ),
    )
    tech_companies_only = serializers.BooleanField(
        required=False,
        help_text="Only boards whose open jobs are at least 25% technical; default true under DIRECTORY=extended. "
        "Ignored by board watches.",
    )
    posted_within_days = serializers.IntegerField(
        min_value=0,
        max_value=MAX_DAYS,
        required=False,
        help_text="Posted (where the board dates it, else first seen) in the last N days; 0 = since midnight UTC.",
    )
    max_days_open = serializers.IntegerField(
        min_value=0, max_value=MAX_DAYS, required=False, help_text="The vacancy was first seen at most N days ago."
    )
    include_reposts = serializers.BooleanField(
        required=False, help_text="Search watches: a vacancy reposted within 60 days is announced again."
    )


class FreeObject(serializers.DictField):
    """A JSON object whose keys the service owns (documented in docs/rest.md)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=serializers.JSONField(), **kwargs)


class JobOutput(serializers.Serializer):
    title = serializers.CharField()
    company = serializers.CharField(required=False)
    location = serializers.CharField(required=False)
    url = serializers.CharField(required=False)
    remote = serializers.BooleanField(required=False)
    seniority = serializers.CharField(required=False)
    salary = FreeObject(required=False, help_text="min, max, currency, period, annual_min, annual_max.")
    experience_years = serializers.FloatField(required=False)
    workplace_type = serializers.CharField(required=False, help_text="remote, hybrid, onsite or unknown.")
    remote_scope = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Where a remote job can be worked from: country codes, regions (US-CA), EU, EMEA, APAC, LATAM, "
        "AMERICAS, worldwide.",
    )
    employment_type = serializers.ChoiceField(choices=EMPLOYMENT_TYPES, required=False)
    employment_type_source = serializers.ChoiceField(choices=["structured", "text"], required=False)
    visa_sponsorship = serializers.ChoiceField(choices=["yes", "no"], required=False, help_text="Absent: not stated.")
    visa_evidence = serializers.CharField(required=False, help_text="The phrase visa_sponsorship was read from.")
    staffing_agency = serializers.BooleanField(required=False, help_text="Present (true) for a staffing agency.")
    posted_at = serializers.CharField(required=False)
    board_url = serializers.CharField(required=False)
    platform = serializers.CharField(required=False)
    first_seen_at = serializers.CharField(required=False, help_text="First sighting of the vacancy (reposts keep it).")
    days_open = serializers.IntegerField(required=False, help_text="Whole days since first_seen_at.")
    times_posted = serializers.IntegerField(required=False, help_text="1, or more once reposted within 60 days.")
    locations = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Every location of a vacancy posted in several."
    )
    places = serializers.ListField(child=serializers.JSONField(), required=False)
    group = serializers.CharField(required=False, help_text="Postings with one group are one vacancy on their board.")
    also_at = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="The same vacancy on other monitored boards."
    )


class InterpretedOutput(serializers.Serializer):
    filters = FreeObject()
    notes = serializers.ListField(child=serializers.JSONField())


class WatchOutput(serializers.Serializer):
    id = serializers.CharField(help_text="w_…")
    type = serializers.ChoiceField(choices=["board", "search"])
    url = serializers.CharField(allow_null=True, required=False)
    resolved_from = serializers.CharField(required=False)
    label = serializers.CharField(allow_null=True, required=False)  # type: ignore[assignment]  # a declared field, moved off the class by DRF
    query = serializers.CharField(allow_null=True, required=False)
    filters = FreeObject()
    interval_minutes = serializers.IntegerField(required=False)
    created_at = serializers.CharField()
    expires_at = serializers.CharField()
    cursor = serializers.IntegerField(required=False)
    resource = FreeObject(allow_null=True, required=False, help_text="The board's health; null for a search watch.")
    webhook = FreeObject(required=False)
    pending_changes = serializers.IntegerField(required=False)
    # Detail: on creation, GET /v1/watches/<id> and after a check.
    current_jobs = JobOutput(many=True, required=False)
    matching_jobs_count = serializers.IntegerField(required=False)
    matching_jobs_count_is_lower_bound = serializers.BooleanField(
        required=False, help_text="True when more jobs match than were counted (the count stops at 100)."
    )
    coverage = serializers.IntegerField(required=False, help_text="Boards a search watch covers.")
    interpreted = InterpretedOutput(required=False)
    initial_check = FreeObject(required=False)
    webhook_secret = serializers.CharField(required=False, help_text="Shown once, when webhook_url is given.")


class UrlErrorOutput(serializers.Serializer):
    url = serializers.CharField()
    error = serializers.CharField()
    message = serializers.CharField()


class CompanyOutput(serializers.Serializer):
    name = serializers.CharField()
    board_url = serializers.CharField()
    platform = serializers.CharField()
    open_jobs = serializers.IntegerField(allow_null=True)
    last_checked_at = serializers.CharField(allow_null=True, required=False)
    tech_share = serializers.FloatField(allow_null=True, help_text="Share (0-1) of its open jobs that are technical.")
    tech_company = serializers.BooleanField(help_text="tech_share is at least 0.25: kept by tech_companies_only.")


class ClientCreateApi(ApiView):
    """POST /v1/clients: an anonymous client; the token is shown once."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    budget = "client_creation"

    class QueryInput(StrictSerializer):
        ref = serializers.CharField(
            max_length=100, required=False, help_text="Where the client came from (e.g. claude-code)."
        )

    class InputSerializer(StrictSerializer):
        pass

    class OutputSerializer(serializers.Serializer):
        client_id = serializers.IntegerField()
        token = serializers.CharField(help_text="Shown once: send it as Authorization: Bearer <token>.")
        max_watches = serializers.IntegerField()
        note = serializers.CharField()

    @extend_schema(
        operation_id="client_create",
        parameters=[QueryInput],
        request=None,
        responses={201: OutputSerializer, **errors(400, 413, 415, 429)},
    )
    def post(self, request: Request) -> Response:
        query = self.QueryInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        self.InputSerializer(data=request.data or {}).is_valid(raise_exception=True)
        created = client_create(
            source=clean_ref(query.validated_data.get("ref")), user_agent=request.META.get("HTTP_USER_AGENT", "")
        )
        usage_record(client_id=created.client.pk, tool="create_client", interface="rest")
        body = {
            "client_id": created.client.pk,
            "token": created.token,
            "max_watches": current().max_watches_per_client,
            "note": 'Shown once. Send it as "Authorization: Bearer <token>" on every call.',
        }
        return Response(body, status=status.HTTP_201_CREATED)


class WatchCreateApi(ApiView):
    """POST /v1/watches: a search watch (no URL), a board watch (`url`) or several (`urls`)."""

    tool = "watch_jobs"

    class InputSerializer(FilterInput):
        type = serializers.ChoiceField(choices=["jobs"], required=False, help_text="Legacy; only 'jobs'.")
        url = url_field(required=False, help_text="A careers page or job board to watch.")
        urls = serializers.ListField(child=url_field(), min_length=1, max_length=25, required=False)
        label = serializers.CharField(max_length=200, required=False, allow_blank=True)  # type: ignore[assignment]  # a declared field, moved off the class by DRF
        webhook_url = url_field(required=False, help_text="Receives signed POSTs with new changes.")
        interval_minutes = serializers.IntegerField(min_value=1, max_value=10_080, required=False)

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if "url" in attrs and "urls" in attrs:
                raise serializers.ValidationError("pass url or urls, not both")
            return attrs

    class BatchOutput(serializers.Serializer):
        watches = WatchOutput(many=True)
        errors = UrlErrorOutput(many=True, help_text="The URLs that could not be watched, and why.")  # type: ignore[assignment]  # a declared field, moved off the class by DRF
        interpreted = InterpretedOutput(required=False)

    @extend_schema(
        operation_id="watch_create",
        request=InputSerializer,
        responses={
            201: PolymorphicProxySerializer(
                component_name="WatchCreated",
                serializers=[WatchOutput, BatchOutput],
                resource_type_field_name=None,
            ),
            **errors(400, 401, 409, 413, 415, 422, 429, 502, 503),
        },
        description="Without url/urls: a search watch over every monitored board (needs at least one "
        "filter). With `urls` the answer is {watches, errors}.",
    )
    def post(self, request: Request) -> Response:
        client = request_client(request)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        result = watch_create(
            client=client,
            query=data.get("query", ""),
            url=data.get("url"),
            urls=data.get("urls"),
            filters=explicit_filters(data),
            label=data.get("label", ""),
            webhook_url=data.get("webhook_url", ""),
            interval_minutes=data.get("interval_minutes"),
            address=client_bucket(request),
        )
        return Response(result, status=status.HTTP_201_CREATED)


class WatchListApi(ApiView):
    """GET /v1/watches: the caller's watches with health, expiry and pending changes."""

    tool = "list_watches"

    class OutputSerializer(serializers.Serializer):
        watches = WatchOutput(many=True)
        limit = serializers.IntegerField(help_text="Active watches allowed per client.")

    @extend_schema(operation_id="watch_list", responses={200: OutputSerializer, **errors(401, 429)})
    def get(self, request: Request) -> Response:
        return Response(watch_list(client=request_client(request)))


class WatchGetApi(ApiView):
    """GET /v1/watches/<id>: one watch and the open postings that match it now."""

    tool = "get_watch"

    class QueryInput(StrictSerializer):
        limit = serializers.IntegerField(min_value=1, max_value=100, required=False)

    @extend_schema(
        operation_id="watch_get",
        parameters=[QueryInput],
        responses={200: WatchOutput, **errors(400, 401, 404, 429)},
    )
    def get(self, request: Request, watch_id: str) -> Response:
        client = request_client(request)
        query = self.QueryInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        options = {"limit": query.validated_data["limit"]} if "limit" in query.validated_data else {}
        return Response(watch_get(client=client, watch_id=watch_id, **options))


class WatchDeleteApi(ApiView):
    """DELETE /v1/watches/<id>: stop the watch and free its slot."""

    tool = "delete_watch"

    class OutputSerializer(serializers.Serializer):
        deleted = serializers.BooleanField()
        id = serializers.CharField()

    @extend_schema(operation_id="watch_delete", responses={200: OutputSerializer, **errors(401, 404, 429)})
    def delete(self, request: Request, watch_id: str) -> Response:
        return Response(watch_delete(client=request_client(request), watch_id=watch_id))


class WatchCheckApi(ApiView):
    """POST /v1/watches/<id>/check: read the board now (board watches, at most every
    MIN_CHECK_INTERVAL_SECONDS)."""

    tool = "check_watch"
    budget = "check_now"

    class OutputSerializer(serializers.Serializer):
        check = FreeObject(help_text="The outcome of the check.")
        watch = WatchOutput()

    @extend_schema(
        operation_id="watch_check",
        request=None,
        responses={200: OutputSerializer, **errors(401, 404, 409, 429)},
    )
    def post(self, request: Request, watch_id: str) -> Response:
        client = request_client(request)
        return Response(watch_check_now(client=client, watch_id=watch_id, address=client_bucket(request)))


class JobSearchApi(ApiView):
    """POST /v1/jobs/search: the jobs open now on every monitored board, newest first. No token
    needed; a token that is sent must be valid."""

    permission_classes = [AllowAny]
    tool = "search_jobs"
    budget = "search"
    count_anonymous = True

    class InputSerializer(FilterInput):
        limit = serializers.IntegerField(min_value=1, max_value=100, required=False)
        offset = serializers.IntegerField(min_value=0, max_value=MAX_OFFSET, required=False)

    class OutputSerializer(serializers.Serializer):
        interpreted = InterpretedOutput()
        total = serializers.IntegerField()
        total_is_lower_bound = serializers.BooleanField(
            required=False, help_text="True when more jobs match than were counted (the count stops at 100)."
        )
        jobs = JobOutput(many=True)
        next_offset = serializers.IntegerField(allow_null=True)
        coverage = serializers.IntegerField(required=False, help_text="Boards searched.")

    @extend_schema(
        operation_id="jobs_search",
        request=InputSerializer,
        responses={200: OutputSerializer, **errors(400, 401, 413, 415, 429)},
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        paging = {name: data[name] for name in ("limit", "offset") if name in data}
        return Response(jobs_search(query=data.get("query", ""), filters=explicit_filters(data), **paging))


class CompanyListApi(ApiView):
    """GET /v1/companies: the companies of the directory (everything a search covers)."""

    permission_classes = [AllowAny]
    tool = "list_companies"
    budget = "search"
    count_anonymous = True

    class QueryInput(StrictSerializer):
        q = serializers.CharField(min_length=1, max_length=100, required=False, help_text="Part of a name.")
        limit = serializers.IntegerField(min_value=1, max_value=1000, required=False)
        offset = serializers.IntegerField(min_value=0, max_value=MAX_COMPANY_OFFSET, required=False)
        tech_companies_only = serializers.BooleanField(
            required=False,
            help_text="Only the tech companies: the boards a search with tech_companies_only reads.",
        )

    class OutputSerializer(serializers.Serializer):
        companies = CompanyOutput(many=True)
        total = serializers.IntegerField()
        next_offset = serializers.IntegerField(allow_null=True)
        coverage = serializers.IntegerField(
            help_text="Of these boards, those read at least once (a search's coverage)."
        )

    @extend_schema(
        operation_id="companies_list",
        parameters=[QueryInput],
        responses={200: OutputSerializer, **errors(400, 401, 429)},
    )
    def get(self, request: Request) -> Response:
        query = self.QueryInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        paging = {name: data[name] for name in ("limit", "offset") if name in data}
        tech = bool(data.get("tech_companies_only", False))
        return Response(companies_list(query=data.get("q", ""), tech_companies_only=tech, **paging))
