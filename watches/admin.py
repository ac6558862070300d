from __future__ import annotations

from django.contrib import admin

from watches.models import Client, CountsDaily, UsageDaily, Watch
from watchtower.admin_mixins import ReadOnlyAdmin


@admin.register(Client)
class ClientAdmin(ReadOnlyAdmin):
    # The token hash is deliberately not shown: it is a credential equivalent for lookups.
    list_display = ["id", "source", "user_agent", "created_at", "last_seen_at"]
    fields = ["source", "user_agent", "created_at", "last_seen_at"]
    list_filter = ["source"]
    search_fields = ["source", "user_agent"]


@admin.register(Watch)
class WatchAdmin(ReadOnlyAdmin):
    list_display = ["public_id", "kind", "client", "resource", "label", "created_at", "expires_at", "deleted_at"]
    list_filter = ["kind", "delete_reason"]
    search_fields = ["public_id", "label", "query", "source_url"]
    exclude = ["webhook_secret"]
    raw_id_fields = ["client", "resource"]


@admin.register(UsageDaily)
class UsageDailyAdmin(ReadOnlyAdmin):
    list_display = ["day", "client_id", "tool", "interface", "calls"]
    list_filter = ["interface", "tool"]


@admin.register(CountsDaily)
class CountsDailyAdmin(ReadOnlyAdmin):
    list_display = ["day", "metric", "dim", "n"]
    list_filter = ["metric"]
