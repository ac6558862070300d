"""host_lease: the one way a check or a discovery run holds a website — one holder at a time, a
bounded wait, a keep-alive, and the host spacing left behind on release."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from boards.models import HostLease
from boards.services.leases import HostBusy, host_lease, host_lease_duration, lease_acquire

pytestmark = pytest.mark.django_db

HOST = "boards.example"


def test_a_second_holder_waits_its_limit_then_is_told_the_host_is_busy() -> None:
    with host_lease(HOST, wait=0):
        started = time.monotonic()
        with pytest.raises(HostBusy) as busy, host_lease(HOST, wait=0.1):
            pytest.fail("two holders of one host")
    assert time.monotonic() - started >= 0.1
    assert busy.value.code == "HOST_BUSY"


def test_leaving_the_block_keeps_the_host_for_the_spacing(config: Callable[..., Any]) -> None:
    config(host_min_spacing_ms=300)
    with host_lease(HOST, wait=0):
        released = time.monotonic()
    assert not lease_acquire(key=HOST, holder="next", duration=timedelta(seconds=5))
    with host_lease(HOST, wait=1.0):
        taken = time.monotonic()
    assert taken - released >= 0.25
    lease = HostLease.objects.get(key=HOST)
    assert lease.holder == "" and lease.leased_until > timezone.now()


def test_the_keep_alive_pushes_the_lease_out_by_the_platform_duration() -> None:
    with host_lease(HOST, wait=0, platform="eightfold") as keep_alive:
        HostLease.objects.filter(key=HOST).update(leased_until=timezone.now())
        keep_alive()
        remaining = HostLease.objects.get(key=HOST).leased_until - timezone.now()
    assert host_lease_duration("eightfold") - timedelta(seconds=1) < remaining <= host_lease_duration("eightfold")
    assert host_lease_duration("eightfold") > host_lease_duration()  # its detail pages are spaced out


def test_a_failing_block_still_releases_the_host() -> None:
    with pytest.raises(RuntimeError), host_lease(HOST, wait=0):
        raise RuntimeError("the read failed")
    assert HostLease.objects.get(key=HOST).holder == ""
