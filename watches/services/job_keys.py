"""The keys `job_words` holds beside a job's words (migration boards/0014), and the keys a search
matches them with: its pay and experience bounds as thresholds, the common excluded words it
lacks, and where a job lies in time.

- **Bounds.** A job holds `p<k>` for every pay threshold k (thousands, `PAY_LEVELS`) its pay top
  (`salary_top`: the maximum, else the minimum) reaches, `p` when it states no pay; `e<k>` for
  every experience threshold its years are within (`EXPERIENCE_LEVELS`), `e` when it states none.
  "At least 190,000" holds `p180` (the highest threshold at or below it) and "at most 1 year"
  `e1`: one key each, implied by the exact bounds, so the GIN scan intersects them with the
  words, the places and the level without reading a row, and the exact bound is tested again
  on the rows it finds (it stays in the WHERE clause). One key per bound, not one per bucket:
  an overlap with a dozen bucket keys made the scan merge a dozen lists (measured at 1M jobs,
  load 11: entry level + pay >= 190k 124 ms in the index scan, 86 ms with the empty keys left out).
  A bound that lets unknowns in has no key: most jobs state no pay or experience.
- **Absent words.** A job holds `-manager` when its search text has no word "manager", and so
  for each of ABSENT_WORDS, the words searches exclude most (the level words, sales, contract).
  No index serves a negation; this turns the common ones into keys: "manager level without
  the word manager" is an empty intersection found in the index instead of every manager-level
  job read and tested (13 s at 5M jobs before).
- **The window.** A job's first sighting as the `SEEN_HOURS`-hour bucket it falls in
  (`seen_bucket`). "First seen since the start of bucket B" is an overlap with B … the bucket
  after now's, plus the rows seen later than that (an ordinary range, for clocks that ran
  ahead): exactly the jobs of the newest slice, so an index read can stop at the newest slice
  expected to hold the page and the count, as a walk does.

The SQL expressions must be spelled as the index spells them (the planner matches the
expression tree, not the text), so the migration builds them as `bounds_sql` does.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

PAY_LEVELS = (40, 60, 80, 100, 120, 140, 160, 180, 200, 220, 250, 300, 400)  # thousands a year
# The words searches exclude most (the level words, and "not sales / contract"): a job holds
# `-<word>` when its search text lacks the word, so an exclusion is a key the scan intersects.
ABSENT_WORDS = ("intern", "junior", "senior", "lead", "staff", "principal", "manager", "director", "sales", "contract")
EXPERIENCE_LEVELS = (0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15)  # years
SEEN_HOURS = 4
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
SEEN_SQL = f"ARRAY[(floor(extract(epoch FROM ({{first_seen_at}} AT TIME ZONE 'UTC')) / {SEEN_HOURS * 3600}))::integer]"


def bounds_sql(table: str) -> str:
    """The fourth column of job_words over `table`'s columns (a quoted name or alias, or "" for
    the bare column names the index definition uses)."""
    prefix = f"{table}." if table else ""
    top = f"COALESCE({prefix}salary_annual_max, {prefix}salary_annual_min)"
    years = f"{prefix}experience_years"
    keys = [f"CASE WHEN {top} >= {level * 1000} THEN 'p{level}' END" for level in PAY_LEVELS]
    keys.append(f"CASE WHEN {top} IS NULL THEN 'p' END")
    keys += [f"CASE WHEN {years} <= {level} THEN 'e{level}' END" for level in EXPERIENCE_LEVELS]
    keys.append(f"CASE WHEN {years} IS NULL THEN 'e' END")
    words = f"string_to_array(btrim({prefix}search_text), ' ')"
    keys += [f"CASE WHEN NOT {words} @> '{{{word}}}' THEN '-{word}' END" for word in ABSENT_WORDS]
    return f"array_remove(ARRAY[{', '.join(keys)}], NULL)"


def seen_sql(table: str) -> str:
    return SEEN_SQL.format(first_seen_at=f"{table}.first_seen_at" if table else "first_seen_at")


def absent_key(term_key: str) -> str | None:
    """The key of the jobs that lack an excluded term (a padded term key, matching/terms.py), when
    it is one of ABSENT_WORDS: the word array lacks it exactly when the text has no such word."""
    word = term_key.strip()
    return f"-{word}" if word in ABSENT_WORDS else None


def pay_key(min_salary: float) -> str | None:
    """The key every pay top that reaches `min_salary` holds (None: below every threshold)."""
    reached = [level for level in PAY_LEVELS if level * 1000 <= min_salary]
    return f"p{reached[-1]}" if reached else None


def experience_key(max_years: float) -> str | None:
    """The key every experience within `max_years` holds (None: above every threshold)."""
    within = [level for level in EXPERIENCE_LEVELS if level >= max_years]
    return f"e{within[0]}" if within else None


def seen_bucket(moment: datetime) -> int:
    """The bucket `SEEN_SQL` gives a job first seen at `moment`."""
    return (moment - EPOCH) // timedelta(hours=SEEN_HOURS)


def bucket_start(bucket: int) -> datetime:
    return EPOCH + timedelta(hours=SEEN_HOURS * bucket)
