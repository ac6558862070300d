from __future__ import annotations

from django.contrib import admin

from changes.models import Change, WebhookDelivery
from watchtower.admin_mixins import ReadOnlyAdmin


@admin.register(Change)
class ChangeAdmin(ReadOnlyAdmin):
    list_display = ["id", "type", "summary", "resource", "created_at"]
    list_filter = ["type"]
    search_fields = ["summary", "title", "company"]
    raw_id_fields = ["resource"]


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(ReadOnlyAdmin):
    list_display = ["delivery_id", "watch", "status", "attempts", "next_attempt_at", "last_error"]
    list_filter = ["status"]
    raw_id_fields = ["watch"]
