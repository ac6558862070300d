"""Speed of derivation on a 10,000-job board with ~3 KB descriptions, and on hostile inputs.

Run: `.venv/bin/python -m bench.derive` (also part of `make bench`). Not collected by pytest (speed
targets never go into timed unit tests). Times are CPU time of this process, so other work on the
machine does not inflate them. Target: the whole board well under 2 s; each hostile
100 KB input well under 100 ms.

The place gazetteer is loaded before the board is timed and its load is printed apart: a worker
loads it once per process (about 1.5 s of CPU), not once per board, and bench/check_pipeline.py
times its derivation with the gazetteer loaded too.
"""

from __future__ import annotations

import random
import sys
import time

from boards.derive import derive_job, experience_from_text, salary_from_text, seniority_of, workplace_type
from boards.sources.base import Posting
from matching.places import gazetteer

ABOUT = (
    "About us\nWe are building the operating system for modern logistics. Founded in 2016, our 450 employees serve "
    "more than 3,000 customers in 40 countries, and we raised a $120M Series C last year. For over 8 years we have "
    "helped shippers move freight faster, cheaper and greener. We are a remote-first company with hubs in New York, "
    "London and Berlin, and we meet twice a year in person.\n"
)
ROLE = (
    "About the role\nYou will design, build and operate the services behind our pricing engine, work closely with "
    "product and design, and mentor 2-3 engineers. You will own projects end to end: from the first design document "
    "to the on-call rotation. In your first 90 days you will ship a feature to production and lead a design review.\n"
    "What you will do\n- Build reliable, observable backend services in Python and Go\n- Improve our data pipelines "
    "(Kafka, Postgres, BigQuery) for 10,000 requests per second\n- Partner with data science on pricing models\n"
    "- Review code and raise the bar for testing and documentation\n"
)
REQUIREMENTS = (
    "What we are looking for\n- {years} years of professional software engineering experience\n- Experience with "
    "distributed systems, SQL and cloud infrastructure (AWS or GCP)\n- Clear written communication; you enjoy "
    "explaining trade-offs\n- Nice to have: 2+ years in logistics or fintech\n"
)
BENEFITS = (
    "Benefits\n- Medical, dental and vision insurance with 100% of premiums covered\n- 401(k) with a 4% match\n"
    "- $1,500 yearly learning budget and a $500 home office stipend\n- 25 days of paid time off, plus public holidays\n"
    "- 16 weeks of paid parental leave\n- A yearly team retreat, and a budget to visit a hub when it suits you\n"
    "- Equity in a company that is growing fast, with a ten-year window to exercise your options\n"
)
TEAM = (
    "About the team\nThe pricing team is eight engineers, a product manager and a designer. We work in two-week "
    "cycles, write a short design note before any large change, and keep our services simple enough that anyone on "
    "the team can carry the pager. Last quarter we cut quote latency by 40% and moved our largest customer to the "
    "new engine without downtime. Next we are rebuilding how carriers bid on loads, which touches most of the code "
    "we own and a good part of the data platform.\n"
)
PAY = [
    "The base salary range for this role is ${low},000 - ${high},000 per year, plus equity and benefits.\n",
    "Compensation: ${low}K–${high}K USD annually + equity.\n",
    "Pay range: €{low}.000 - €{high}.000 gross per year.\n",
    "",
]
CLOSING = (
    "We are an equal opportunity employer and value diversity at our company. We do not discriminate on the basis "
    "of race, religion, color, national origin, gender, sexual orientation, age, marital status, veteran status, "
    "or disability status. If you need an accommodation during the hiring process, let us know. Our interview "
    "process has four steps: a call with a recruiter, a technical screen, a half-day onsite loop (held on video) and "
    "a conversation with a founder. We aim to decide within two weeks and we share feedback at every stage. Read "
    "our engineering blog to learn how we work, what we have built and the mistakes we have learned from.\n"
)
TITLES = [
    "Senior Backend Engineer",
    "Software Engineer II",
    "Staff Engineer, Platform",
    "Engineering Manager, Payments",
    "Product Designer",
    "Data Scientist III",
    "Principal Architect",
    "Associate Product Manager",
    "Director of Engineering",
    "Software Engineering Intern (Summer 2027)",
]
LOCATIONS = ["Remote (US)", "Hybrid - New York, NY", "Berlin, Germany", "London (On-site)", "San Francisco, CA"]


def board(size: int = 10_000, seed: int = 7) -> list[Posting]:
    rng = random.Random(seed)
    postings = []
    for index in range(size):
        low = rng.randrange(90, 180)
        description = (
            ABOUT
            + ROLE
            + TEAM
            + REQUIREMENTS.format(years=rng.choice(["3+", "5+", "3-5", "at least four", "7"]))
            + BENEFITS
            + rng.choice(PAY).format(low=low, high=low + rng.randrange(20, 60))
            + CLOSING
        )
        postings.append(
            Posting(
                id=str(4_000_000 + index),
                title=rng.choice(TITLES),
                company="Acme Logistics",
                location=rng.choice(LOCATIONS),
                other_locations=["Austin, TX", "Remote (US)"][: rng.randrange(0, 3)],
                department="Engineering",
                url=f"https://boards.greenhouse.io/acme/jobs/{4_000_000 + index}",
                posted_at="2026-10-01T12:00:00Z",
                description=description,
            )
        )
    return postings


def hostile_inputs() -> dict[str, str]:
    size = 100_000
    return {
        "dollar signs": ("$1 - " * (size // 5))[:size],
        "digits": ("9" * size),
        "grouped digits": ("1,000," * (size // 6))[:size],
        "years": ("5 years 5 years 5+ " * (size // 18))[:size],
        "remote words": ("remote hybrid office on-site " * (size // 29))[:size],
        "spaces": " " * size,
        "k figures": ("150k-" * (size // 5))[:size],
        "number words": ("one two three four five years " * (size // 31))[:size],
    }


BOARD_TARGET_SECONDS = 2.0
HOSTILE_TARGET_MS = 100.0


def main() -> int:
    started = time.process_time()
    gazetteer.load()
    print(f"gazetteer load (once per process, not counted below): {time.process_time() - started:.3f} s")
    postings = board()
    average = sum(len(p.description) for p in postings) / len(postings)
    started = time.process_time()
    jobs = [derive_job(posting, platform="greenhouse") for posting in postings]
    elapsed = time.process_time() - started
    with_salary = sum(1 for job in jobs if job.salary is not None)
    with_experience = sum(1 for job in jobs if job.experience_years is not None)
    print(
        f"derive_job: {len(jobs)} jobs, {average:.0f} chars each: {elapsed:.3f} s ({elapsed / len(jobs) * 1e6:.0f} µs/job)"
    )
    print(f"  salary on {with_salary}, experience on {with_experience}")
    worst = 0.0
    for name, text in hostile_inputs().items():
        started = time.process_time()
        salary_from_text(text)
        experience_from_text(text)
        workplace_type(title=text[:300], location=text[:300], description=text)
        seniority_of(text[:500])
        spent = (time.process_time() - started) * 1000
        worst = max(worst, spent)
        print(f"hostile {name!r} ({len(text)} chars): {spent:.1f} ms")
    met = elapsed <= BOARD_TARGET_SECONDS and worst <= HOSTILE_TARGET_MS
    print(
        f"targets: board <= {BOARD_TARGET_SECONDS:g} s, each hostile input <= {HOSTILE_TARGET_MS:g} ms: "
        + ("met" if met else "MISSED")
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
