"""`GET /stats`: the operators' usage page. Off (404) unless STATS_TOKEN or METRICS_TOKEN is set;
HTTP basic auth with any user name and that token as password (a bearer token works too)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from watchtower.config import current
from watchtower.site.auth import basic_password_matches, bearer_matches
from watchtower.site.charts import Series, bar_chart
from watchtower.site.stats import stats_load

REALM = 'Basic realm="Watchtower stats", charset="UTF-8"'


def _no_store(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-store"
    response["X-Robots-Tag"] = "noindex"
    return response


@require_GET
def stats(request: HttpRequest) -> HttpResponse:
    token = current().effective_stats_token
    if not token:
        raise Http404("stats are off")
    if not (basic_password_matches(request, token) or bearer_matches(request, token)):
        response = HttpResponse(
            "Log in with any user name and the STATS_TOKEN as the password.\n",
            status=401,
            content_type="text/plain; charset=utf-8",
        )
        response["WWW-Authenticate"] = REALM
        return _no_store(response)
    data = stats_load()
    labels = [day.strftime("%b %d") for day in data.days]
    charts = [
        bar_chart(title="Daily active users", labels=labels, series=[Series("users", data.daily_active, "s0")]),
        bar_chart(title="New users", labels=labels, series=[Series("new", data.daily_new, "s1")]),
        bar_chart(title="Tool calls", labels=labels, series=[Series("calls", data.daily_calls, "s2")]),
        bar_chart(
            title="Page views",
            labels=labels,
            series=[
                Series("people", data.daily_views["human"], "s0"),
                Series("AI assistants", data.daily_views["ai"], "s3"),
                Series("other bots", data.daily_views["bot"], "s4"),
            ],
        ),
    ]
    titles = ["Daily active users", "New users", "Tool calls", "Page views: people, AI assistants, other bots"]
    daily = [
        {
            "day": day,
            "active": data.daily_active[i],
            "new": data.daily_new[i],
            "calls": data.daily_calls[i],
            "human": data.daily_views["human"][i],
            "ai": data.daily_views["ai"][i],
            "bot": data.daily_views["bot"][i],
        }
        for i, day in reversed(list(enumerate(data.days)))
    ]
    context = {"stats": data, "charts": list(zip(titles, charts, strict=True)), "daily": daily}
    return _no_store(render(request, "site/stats.html", context))
