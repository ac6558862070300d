"""The directory, as operators curate it: search by company or URL, filter by platform, health and
retirement, add a board URL (naming its platform when its URL does not tell), take boards out of
the directory, revive retired boards."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from boards.models import HostLease, IndexOrigin, Platform, Resource
from boards.services.directory import directory_board
from boards.services.resources import resource_get_or_create, resource_revive
from watchtower.errors import AppError


class HealthFilter(admin.SimpleListFilter):
    title = "health"
    parameter_name = "health"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("ok", "healthy"), ("failing", "failing"), ("blocked", "refusing us")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Resource]) -> QuerySet[Resource]:
        if self.value() == "ok":
            return queryset.filter(consecutive_failures=0)
        if self.value() == "failing":
            return queryset.filter(consecutive_failures__gt=0)
        if self.value() == "blocked":
            return queryset.filter(last_error_code__in=["BOT_CHALLENGE", "ACCESS_DENIED", "ROBOTS_DISALLOWED"])
        return queryset


class RetiredFilter(admin.SimpleListFilter):
    title = "retirement"
    parameter_name = "retired"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "retired"), ("gone", "answering 'gone', not yet retired"), ("no", "active")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Resource]) -> QuerySet[Resource]:
        if self.value() == "yes":
            return queryset.filter(retired_at__isnull=False)
        if self.value() == "gone":
            return queryset.filter(retired_at__isnull=True, gone_since__isnull=False)
        if self.value() == "no":
            return queryset.filter(retired_at__isnull=True)
        return queryset


class AddBoardForm(forms.Form):
    url = forms.URLField(max_length=2048, help_text="A board URL on a supported platform.")
    platform = forms.ChoiceField(
        choices=[("", "recognise by URL"), *[(p.value, p.label) for p in Platform if p != Platform.HTML]],
        required=False,
        help_text="Name the platform of a site whose URL does not reveal it (SuccessFactors on a company's domain).",
    )


@admin.register(Resource)
class ResourceAdmin(admin.ModelAdmin):
    list_display = [
        "company",
        "url",
        "platform",
        "indexed",
        "index_origin",
        "open_jobs",
        "last_checked_at",
        "tech_share",
        "consecutive_failures",
        "last_error_code",
        "retired_at",
        "retired_reason",
    ]
    list_filter = ["platform", "indexed", "index_origin", HealthFilter, RetiredFilter]
    search_fields = ["company", "url", "board_key"]
    readonly_fields = [
        "created_at",
        "last_checked_at",
        "last_changed_at",
        "etag",
        "last_modified",
        "content_hash",
        "tech_share",
        "gone_since",
        "retired_at",
        "retired_reason",
    ]
    ordering = ["company"]
    actions = ["add_to_directory", "remove_from_directory", "revive"]

    @admin.action(description="Revive (check again)")
    def revive(self, request: HttpRequest, queryset: QuerySet[Resource]) -> None:
        revived = sum(resource_revive(resource) for resource in queryset.filter(retired_at__isnull=False))
        self.message_user(request, f"{revived} retired boards will be checked again.")

    change_list_template = "admin/boards/resource/change_list.html"

    @admin.action(description="Add to the directory")
    def add_to_directory(self, request: HttpRequest, queryset: QuerySet[Resource]) -> None:
        updated = queryset.exclude(platform=Platform.HTML).update(indexed=True, index_origin=IndexOrigin.DIRECTORY)
        self.message_user(request, f"{updated} boards added to the directory.")

    @admin.action(description="Remove from the directory")
    def remove_from_directory(self, request: HttpRequest, queryset: QuerySet[Resource]) -> None:
        updated = queryset.update(indexed=False, index_origin="")
        self.message_user(request, f"{updated} boards removed from the directory.")

    def get_urls(self) -> list[Any]:
        return [
            path("add-board/", self.admin_site.admin_view(self.add_board_view), name="boards_resource_add_board"),
            *super().get_urls(),
        ]

    def add_board_view(self, request: HttpRequest) -> HttpResponse:
        form = AddBoardForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            url, platform = form.cleaned_data["url"], form.cleaned_data.get("platform") or ""
            try:
                board = directory_board(url, platform=platform)  # the rules of a directory file's line
            except AppError as exc:
                form.add_error("url", exc.message)
            else:
                resource, _ = resource_get_or_create(board=board)
                Resource.objects.filter(pk=resource.pk).update(indexed=True, index_origin=IndexOrigin.DIRECTORY)
                messages.success(request, f"{board.board_url} is in the directory.")
                return HttpResponseRedirect(reverse("admin:boards_resource_changelist"))
        context = {**self.admin_site.each_context(request), "form": form, "title": "Add a board to the directory"}
        return TemplateResponse(request, "admin/boards/resource/add_board.html", context)


@admin.register(HostLease)
class HostLeaseAdmin(admin.ModelAdmin):
    list_display = ["key", "holder", "leased_until"]
    search_fields = ["key"]
