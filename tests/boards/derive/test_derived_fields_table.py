"""The derived fields, case by case: salary, experience, workplace type and seniority (SPEC §6).

Each row is an input a real posting could carry and the value an agent should read. The hard cases
of the issue (ranges with and without currency, monthly and hourly pay, "401k", "$5M Series A",
"Remote-friendly, 3 days in office", "Engineering Manager, Staff", roman-numeral levels) are here.
"""

from __future__ import annotations

import pytest

from boards.derive.experience import experience_from_text
from boards.derive.salary import salary_from_text
from boards.derive.seniority import seniority
from boards.derive.workplace import is_remote, workplace_type

# text → (min, max, currency, period, annual_min, annual_max), or None for "not a salary".
SALARY_CASES: list[tuple[str, tuple[float | None, float | None, str | None, str, int | None, int | None] | None]] = [
    ("$150,000 - $200,000/yr", (150000, 200000, "USD", "year", 150000, 200000)),
    ("$75–85/hour", (75, 85, "USD", "hour", 156000, 176800)),
    ("€60k", (60000, 60000, "EUR", "year", 60000, 60000)),
    ("150-180K", (150000, 180000, None, "year", 150000, 180000)),
    ("USD 120,000 to 140,000 per year", (120000, 140000, "USD", "year", 120000, 140000)),
    ("£45,000 per annum", (45000, 45000, "GBP", "year", 45000, 45000)),
    ("$5,000 - $7,000 per month", (5000, 7000, "USD", "month", 60000, 84000)),
    ("£400 - £500 per day", (400, 500, "GBP", "day", 104000, 130000)),
    ("$1,500/week", (1500, 1500, "USD", "week", 78000, 78000)),
    ("$50/hr", (50, 50, "USD", "hour", 104000, 104000)),
    ("$45.50 per hour", (45.5, 45.5, "USD", "hour", 94640, 94640)),
    ("Hourly rate: $25-30", (25, 30, "USD", "hour", 52000, 62400)),
    ("$20 - $25 an hour", (20, 25, "USD", "hour", 41600, 52000)),
    ("Salary: $150k", (150000, 150000, "USD", "year", 150000, 150000)),
    ("The base pay range is $114,400 - $220,200", (114400, 220200, "USD", "year", 114400, 220200)),
    ("Base salary $150k-$200k + equity", (150000, 200000, "USD", "year", 150000, 200000)),
    ("$150-200K", (150000, 200000, "USD", "year", 150000, 200000)),
    ("between $120,000 and $150,000", (120000, 150000, "USD", "year", 120000, 150000)),
    ("up to $200k", (None, 200000, "USD", "year", None, 200000)),
    ("Salary from $120k", (120000, None, "USD", "year", 120000, None)),
    ("$150k+", (150000, None, "USD", "year", 150000, None)),
    ("CA$100k - $150k", (100000, 150000, "CAD", "year", 100000, 150000)),
    ("C$90,000 - C$110,000", (90000, 110000, "CAD", "year", 90000, 110000)),
    ("A$135K – A$168K", (135000, 168000, "AUD", "year", 135000, 168000)),
    ("$150K–$200K CAD", (150000, 200000, "CAD", "year", 150000, 200000)),
    ("$150,000 - $180,000 (USD)", (150000, 180000, "USD", "year", 150000, 180000)),
    ("€60.000 - €80.000", (60000, 80000, "EUR", "year", 60000, 80000)),
    ("60.000 - 80.000 € brutto", (60000, 80000, "EUR", "year", 60000, 80000)),
    ("EUR 55,000 - 70,000", (55000, 70000, "EUR", "year", 55000, 70000)),
    ("CHF 120k - 140k", (120000, 140000, "CHF", "year", 120000, 140000)),
    ("SEK 45 000 - 55 000 per month", (45000, 55000, "SEK", "month", 540000, 660000)),
    ("₹15-25 LPA", (1500000, 2500000, "INR", "year", 1500000, 2500000)),
    ("Rs. 50,000 per month", (50000, 50000, "INR", "month", 600000, 600000)),
    ("CHF 120'000 - 140'000", (120000, 140000, "CHF", "year", 120000, 140000)),
    ("Gehalt: 60.000 EUR", (60000, 60000, "EUR", "year", 60000, 60000)),
    ("INR 12,00,000 - 18,00,000 per annum", (1200000, 1800000, "INR", "year", 1200000, 1800000)),
    ("¥6,000,000 - ¥9,000,000", (6000000, 9000000, "JPY", "year", 6000000, 9000000)),
    ("₱2.2M – ₱2.5M", (2200000, 2500000, "PHP", "year", 2200000, 2500000)),
    ("SGD 115K – SGD 140K", (115000, 140000, "SGD", "year", 115000, 140000)),
    ("OTE $270K – $320K", (270000, 320000, "USD", "year", 270000, 320000)),
    (
        "Zone A: $150,000 - $180,000; Zone B: $130,000 - $160,000",
        (130000, 180000, "USD", "year", 130000, 180000),
    ),
    ("Pay: $90,000 - $110,000. Hourly roles: $40 - $50/hr", (90000, 110000, "USD", "year", 90000, 110000)),
    ("Compensation: 120,000 - 140,000", (120000, 140000, None, "year", 120000, 140000)),
    ("Senior Engineer - $180k", (180000, 180000, "USD", "year", 180000, 180000)),
    ("We offer a 401(k) match. The salary is $95,000.", (95000, 95000, "USD", "year", 95000, 95000)),
    ("401k", None),
    ("401(k) with 4% match", None),
    ("$5M Series A", None),
    ("We raised $20 million from great investors", None),
    ("raised $20M-$50M", None),
    ("10,000 customers", None),
    ("serving 100-200K customers", None),
    ("$5 - $10 off lunch", None),
    ("We offer a $10,000 signing bonus", None),
    ("Sign-on bonus of $10,000", None),
    ("$1,000 learning budget", None),
    ("a $500 home office stipend", None),
    ("$2,000 - $5,000 relocation allowance", None),
    ("Our ARR grew past $40,000,000", None),
    ("2020 - 2024 annual report", None),
    ("Founded in 2015, 350 employees", None),
    ("We handle 50,000 requests per year", None),
    ("$50,000 in equity", None),
    ("$1.2bn valuation", None),
    ("$150,000,000,000", None),
    ("", None),
]


@pytest.mark.parametrize(("text", "expected"), SALARY_CASES)
def test_salary_is_read_from_text_as_agents_expect(text: str, expected: tuple | None) -> None:
    salary = salary_from_text(text)
    if expected is None:
        assert salary is None
        return
    assert salary is not None
    assert (salary.min, salary.max, salary.currency, salary.period, salary.annual_min, salary.annual_max) == expected
    assert salary.source == "text"


EXPERIENCE_CASES: list[tuple[str, tuple[float | None, float | None] | None]] = [
    ("5+ years", (5, None)),
    ("3-5 years of experience", (3, 5)),
    ("at least two years", (2, None)),
    ("minimum of 4 yrs", (4, None)),
    ("3 to 5 years", (3, 5)),
    ("5–8 years in a similar role", (5, 8)),
    ("between 3 and 5 years of experience", (3, 5)),
    ("0-2 years of experience", (0, 2)),
    ("up to 3 years of experience", (None, 3)),
    ("Experience: 7+ years", (7, None)),
    ("Years of experience: 3-5", (3, 5)),
    ("three (3) years of experience", (3, None)),
    ("twelve years of experience", (12, None)),
    ("fifteen years of industry experience", (15, None)),
    ("more than 5 years of experience", (5, None)),
    ("10+ yrs exp", (10, None)),
    ("1 year of experience", (1, None)),
    ("2.5 years of experience", (2.5, None)),
    ("5 years' experience", (5, None)),
    ("Requires a minimum of eight years of relevant work experience", (8, None)),
    ("You have 5+ years of experience shipping iOS software.", (5, None)),
    ("- 3+ years of non-internship professional software development experience", (3, None)),
    ("At least 7 years of experience in treasury.", (7, None)),
    ("5 or more years of experience", (5, None)),
    ("vesting over 4 years. You have 6+ years in backend engineering", (6, None)),
    ("a 4-year degree and 2 years experience", (2, None)),
    ("5+ years of backend experience; 8+ years preferred", (5, None)),
    ("5 years ago we founded the company", None),
    ("a company of 20 years", None),
    ("must be at least 18 years old", None),
    ("18 years of age or older", None),
    ("401k", None),
    ("For over 20 years we have built software", None),
    ("We have 20+ years of experience in fintech", None),
    ("We've been in business for 15 years.", None),
    ("in the last 5 years our team tripled", None),
    ("4 years of college", None),
    ("In 5 years you will lead the platform", None),
    ("a year of growth", None),
    ("5 years", None),
    ("", None),
]


@pytest.mark.parametrize(("text", "expected"), EXPERIENCE_CASES)
def test_experience_is_read_from_text_as_agents_expect(text: str, expected: tuple | None) -> None:
    assert experience_from_text(text) == expected


# (title, location, platform hint, description) → workplace type.
WORKPLACE_CASES: list[tuple[str, str, str, str, str]] = [
    ("Backend Engineer", "Remote (US)", "", "", "remote"),
    ("Backend Engineer", "Remote - US", "", "", "remote"),
    ("Remote Backend Engineer", "Berlin", "", "", "remote"),
    ("Backend Engineer", "US-CA-Remote", "", "", "remote"),
    ("Engineer", "Anywhere", "", "", "remote"),
    ("Engineer", "Work from home", "", "", "remote"),
    ("Engineer", "Seattle, WA - Virtual", "", "", "remote"),
    ("Engineer", "New York / Remote", "", "", "remote"),
    ("Engineer", "Remote - no remote outside Canada", "", "", "remote"),
    ("Engineer", "Hybrid - NYC", "", "", "hybrid"),
    ("Backend Engineer", "Berlin (hybrid)", "", "", "hybrid"),
    ("Engineer", "Remote-friendly, 3 days in office", "", "", "hybrid"),
    ("Engineer", "Hybrid – Remote", "", "", "hybrid"),
    ("Engineer", "Remote or On-site", "", "", "hybrid"),
    ("Engineer", "London, 2 days per week in the office", "", "", "hybrid"),
    ("Engineer", "On-site", "", "", "onsite"),
    ("Engineer", "Onsite - Austin", "", "", "onsite"),
    ("Engineer", "San Francisco (in office)", "", "", "onsite"),
    ("Engineer", "Berlin (not remote)", "", "", "onsite"),
    ("Engineer", "No remote - London", "", "", "onsite"),
    ("Distributed Systems Engineer", "Durham", "", "", "unknown"),
    ("Remote Sensing Scientist", "Denver", "", "", "unknown"),
    ("Engineer", "Austin, TX", "", "", "unknown"),
    ("Engineer", "Remote (US)", "onsite", "", "onsite"),
    ("Engineer", "Berlin", "remote", "", "remote"),
    ("Engineer", "NYC", "Hybrid", "", "hybrid"),
    ("Engineer", "", "ORA_ON_SITE", "", "onsite"),
    ("Engineer", "", "remote_global", "", "remote"),
    ("Engineer", "", "Fully Remote", "", "remote"),
    ("Engineer", "London", "true", "", "remote"),
    ("Engineer", "Remote", "unspecified", "", "remote"),
    ("Engineer", "", "unspecified", "", "unknown"),
    ("Engineer", "Austin, TX", "", "This role is fully remote.", "remote"),
    ("Engineer", "Austin, TX", "", "This position is hybrid, with 3 days a week in our Austin office.", "hybrid"),
    ("Engineer", "Austin, TX", "", "You will work 2 days per week in the office.", "hybrid"),
    ("Engineer", "Austin, TX", "", "This is not a remote position.", "onsite"),
    ("Engineer", "Austin, TX", "", "This role is on-site in Denver.", "onsite"),
    ("Engineer", "Austin, TX", "", "We are a remote-first company with offices in 12 cities.", "unknown"),
    ("Engineer", "Austin, TX", "", "Benefits: a $500 home office stipend.", "unknown"),
    ("Engineer", "Remote (US)", "", "This role is on-site in Denver.", "remote"),
]


@pytest.mark.parametrize(("title", "location", "hint", "description", "expected"), WORKPLACE_CASES)
def test_workplace_type_comes_from_hint_then_title_and_location_then_text(
    title: str, location: str, hint: str, description: str, expected: str
) -> None:
    kind = workplace_type(title=title, location=location, hint=hint, description=description)
    assert kind == expected
    assert is_remote(title=title, location=location, hint=hint, description=description) is (expected == "remote")


SENIORITY_CASES: list[tuple[str, str]] = [
    ("Software Engineer", "mid"),
    ("Senior Software Engineer", "senior"),
    ("Sr. iOS Engineer", "senior"),
    ("Sr Data Analyst", "senior"),
    ("Staff Engineer", "staff"),
    ("Senior Staff Engineer", "staff"),
    ("Principal Engineer", "principal"),
    ("Distinguished Engineer", "principal"),
    ("Solutions Architect", "principal"),
    ("Lead Engineer", "senior"),
    ("Team Lead, Payments", "senior"),
    ("Engineering Manager", "manager"),
    ("Senior Engineering Manager", "manager"),
    ("Engineering Manager, Staff", "manager"),
    ("Staff Engineering Manager", "manager"),
    ("Tech Lead Manager", "manager"),
    ("Manager, Product Management", "manager"),
    ("Group Product Manager", "manager"),
    ("Store Manager", "manager"),
    ("Supervisor, Warehouse", "manager"),
    ("Director of Engineering", "director"),
    ("Senior Director, Product", "director"),
    ("Associate Director, Marketing", "director"),
    ("VP Engineering", "director"),
    ("Vice President, Sales", "director"),
    ("Head of Product", "director"),
    ("Chief of Staff", "director"),
    ("CTO", "director"),
    ("Software Engineer I", "entry"),
    ("Software Engineer II", "mid"),
    ("Software Engineer III", "senior"),
    ("Software Engineer III - iOS", "senior"),
    ("Engineer IV", "senior"),
    ("Engineer V", "staff"),
    ("Software Engineer 2", "mid"),
    ("Data Scientist 3", "senior"),
    ("Junior Designer", "entry"),
    ("Jr. Developer", "entry"),
    ("New Grad Software Engineer", "entry"),
    ("Graduate Engineer", "entry"),
    ("Associate Product Manager", "entry"),
    ("Associate Attorney", "entry"),
    ("Entry-Level Analyst", "entry"),
    ("Senior Associate", "senior"),
    ("Software Engineering Intern (Summer 2027)", "intern"),
    ("Product Manager Intern", "intern"),
    ("Internship - Data", "intern"),
    ("Co-op Student, Hardware", "intern"),
    ("Internal Tools Engineer", "mid"),
    ("Intern Program Coordinator", "mid"),
    ("Senior Product Manager", "senior"),
    ("Principal Product Manager", "principal"),
    ("Product Manager", "mid"),
    ("Technical Program Manager", "mid"),
    ("Account Manager", "mid"),
    ("Staff Accountant", "mid"),
    ("Lead Generation Specialist", "mid"),
    ("IV Therapy Nurse", "mid"),
    ("I/O Engineer", "mid"),
    ("", "mid"),
]


@pytest.mark.parametrize(("title", "expected"), SENIORITY_CASES)
def test_seniority_is_one_level_from_the_title(title: str, expected: str) -> None:
    assert seniority(title) == expected


def test_the_table_holds_at_least_150_cases() -> None:
    total = len(SALARY_CASES) + len(EXPERIENCE_CASES) + len(WORKPLACE_CASES) + len(SENIORITY_CASES)
    assert total >= 150
