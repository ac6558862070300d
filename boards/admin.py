"""The directory, as operators curate it: search by company or URL, filter by platform and health,
add a board URL, take boards out of the directory."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from boards.models import HostLease, IndexOrigin, Platform, Resource
from boards.services.resources import resource_get_or_create
from boards.sources.registry import recognize
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


class AddBoardForm(forms.Form):
    url = forms.URLField(max_length=2048, help_text="A board URL on a supported platform.")


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
        "consecutive_failures",
        "last_error_code",
    ]
    list_filter = ["platform", "indexed", "index_origin", HealthFilter]
    search_fields = ["company", "url", "board_key"]
    readonly_fields = ["created_at", "last_checked_at", "last_changed_at", "etag", "last_modified", "content_hash"]
    ordering = ["company"]
    actions = ["add_to_directory", "remove_from_directory"]
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
            try:
                board = recognize(form.cleaned_data["url"])
            except AppError as exc:
                form.add_error("url", exc.message)
            else:
                if board.platform == Platform.HTML:
                    form.add_error("url", "Only boards on a supported platform can join the directory.")
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
