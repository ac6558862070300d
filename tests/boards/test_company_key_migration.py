"""boards 0016 / changes 0010 (issue 19 audit): rows stored with a company key from before
`company_key` learnt "GmbH & Co. KG" and the like are re-keyed, so a `companies` filter naming the
company as a person would ("Otto") finds them; other rows are left as they are."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from boards.derive.company import company_key
from boards.models import Job
from changes.models import Change
from tests.api.conftest import add_change, add_open_job, make_board, make_job

pytestmark = pytest.mark.django_db


def test_stale_keys_of_jobs_and_changes_are_remade() -> None:
    board = make_board(company="Otto GmbH & Co. KG")
    job = make_job("Backend Engineer")
    row = add_open_job(board, job)
    change = add_change(board, job)
    plain = add_open_job(make_board(company="Stripe, Inc."), make_job("Backend Engineer"))
    Job.objects.filter(pk=row.pk).update(company_key="otto gmbh and")  # as stored before
    Change.objects.filter(pk=change.pk).update(company_key="otto gmbh and")

    importlib.import_module("boards.migrations.0016_company_key_legal_tails").rekey(apps, None)
    importlib.import_module("changes.migrations.0010_company_key_legal_tails").rekey(apps, None)

    assert Job.objects.get(pk=row.pk).company_key == "otto"
    assert Change.objects.get(pk=change.pk).company_key == "otto"
    assert Job.objects.get(pk=plain.pk).company_key == "stripe"
    assert Job.objects.filter(company_key=company_key("Otto")).get().pk == row.pk
