"""The keys `job_words` holds beside a job's words (migration boards/0014), and the keys a search
matches them with: its pay and experience bounds as thresholds, its level with the level words it
asks for or excludes, and where a job lies in time.

- **Bounds.** A job holds `p<k>` for every pay threshold k (thousands, `PAY_LEVELS`) its pay top
  (`salary_top`: the maximum, else the minimum) reaches; `e<k>` for every experience threshold
  its years are within (`EXPERIENCE_LEVELS`).
  "At least 190,000" holds `p180` (the highest threshold at or below it) and "at most 1 year"
  `e1`: one key each, implied by the exact bounds, so the GIN scan intersects them with the
  words, the places and the level without reading a row, and the exact bound is tested again
  on the rows it finds (it stays in the WHERE clause). One key per bound, not one per bucket:
  an overlap with a dozen bucket keys made the scan merge a dozen lists (measured at 1M jobs,
  load 11: entry level + pay >= 190k 124 ms in the index scan, 86 ms with the empty keys left out).
  A bound that lets unknowns in has no key: most jobs state no pay or experience (and no key
  marks those that state none: migration boards/0026 dropped `p` and `e`, which no search asked for).
- **No absent words** (migration boards/0026). A job held `-manager` when its text had no word
  "manager", and so for ten words searches exclude most (the level words, sales, contract):
  nearly every job held nine of them, a fifth of its keys, and a search asked for one only when
  nothing rarer led its scan (`-director`, 94 % of the jobs, beside java cost more than it
  saved), that is when a walk of the newest jobs was the cheaper plan anyway. What they were for,
  "manager level without the word manager" (13 s at 5M before any key), the joint keys answer.
  An excluded word is tested on the rows found.
- **Tech companies.** A job holds `tech` when its board is a tech company (`Job.tech`, kept with
  the board's tech share; migration boards/0022), so a search kept to tech companies asks for one
  more key of the same scan instead of looking up each row's board: the key is checked against
  the rarer ones as a bound is, and where it is rarer itself (few tech boards) it drives.
- **Remote and a level.** A remote job holds `r<level>` (`rsenior`, `rentry`; migration
  boards/0028), so a remote search with levels asks for one key rarer than either flag instead of
  the flags array's two common ones, whose entries the scan stepped through together.
- **Joint keys** (job_words' second column, after the posting day; migration boards/0015). Conditions common on their own
  and rare or empty together cost the GIN scan one step per job of the rarer: "principal level
  without the word principal" stepped through every principal-level job (56,000 at 1M jobs,
  31 ms, for none), as "manager" with the intern level did through every job saying manager.
  The level is read from the same words (LEVEL_OF_WORD), so a job holds its level joined with
  each of LEVEL_WORDS its text holds (`mid+manager`), and with each word of its own level its
  text lacks (`principal-principal`), and its level alone (migration boards/0026,
  `held_level_key`): such a search asks for the joint key, which no job holds, and the scan
  ends at once; the statistics give each joint key's own share, so the estimate knows too. A
  word absent at another level ("senior without manager") is nearly every job of that level,
  no narrower than the level: its key, one of eight every job held, is the level alone in a
  joint group ("principal or senior without principal": `principal-principal` or `senior`), and
  its share the level's less those holding the word. The column comes early because GIN checks
  a scan's keys in column order and starts again from the first at every disagreement: a
  joint key no job holds, checked last, was reached only where the earlier keys agreed (manager
  + intern or mid level + the joint key: 55 ms at 5M with the joint key sixth, 0.1 ms first). Likewise `c<currency>` (`cGBP`, `c` when
  none is named) for a job that states pay, and the pay thresholds between 200k and 300k every
  10k, plus 350k (`FINE_PAY_LEVELS`: "at least 290k" read through `p250`, every job from 250k
  up, five times its matches).
- **The window.** A job's first sighting as the `SEEN_HOURS`-hour bucket it falls in
  (`seen_bucket`), and, negated, the `SPAN_BUCKETS`-bucket span (4 days) that bucket lies in
  (`seen_span`; migration boards/0028). "First seen since the start of bucket B" is an overlap
  with B … the bucket after now's, plus the rows seen later than that (an ordinary range, for
  clocks that ran ahead): exactly the jobs of the newest slice, so an index read can stop at the
  newest slice expected to hold the page and the count, as a walk does. A slice of more than a
  span asks for the buckets up to the first span's start and the spans from there
  (`seen_keys`): the scan checks every entry of the overlap at each row the other keys agree
  on, so 540 buckets (90 days) cost 12 µs a row (5M jobs: every job read through them 57 ms,
  without them 20 ms), 46 entries at most cover the same.
- **The posting day** (job_words' first column, migrations boards/0020 and 0023). A job's day (UTC, days
  since the epoch) of `posted_or_seen` (posted, else first seen: what "posted within N days"
  bounds), `posted_day`. "Posted since moment M" is an overlap with M's day … tomorrow
  (`posted_days`; the exact bound is tested again on the rows found), plus the jobs posted later
  than that (an ordinary range on job_posted_idx, for dates ahead of the clock). One key a job:
  posting days do not follow first sightings (a board read for the first time lists postings of
  every age), so job_posted_idx's bitmap of a day's postings was as large whatever slice a
  search read, and ANDed beside the words it cost more than the rows it saved. The column is
  first (boards/0023; it was the last): a window is asked for only when it is rare
  (`search._posted_keys`), and GIN checks a scan's keys in column order, so, last, it was asked
  about every row the common words, the level and remote agreed on; first, its rows are the
  ones the others are asked about (a search without a window keeps its keys' order).

The SQL expressions must be spelled as the index spells them (the planner matches the
expression tree, not the text), so the migration builds them as `bounds_sql` does.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

PAY_LEVELS = (40, 60, 80, 100, 120, 140, 160, 180, 200, 220, 250, 300, 400)  # thousands a year
# Held with the joint keys, so that the bounds column stays as migration boards/0014 spelled it.
FINE_PAY_LEVELS = (210, 230, 240, 260, 270, 280, 290, 350)
# The words a job's level is read from, joined with that level in the joint keys.
LEVEL_WORDS = ("intern", "junior", "senior", "lead", "staff", "principal", "manager", "director")
# The level each level word names (boards/derive/seniority.py reads a title's level from it):
# most jobs at a level hold its own word, so a level and its word go together.
LEVEL_OF_WORD = {
    "intern": "intern",
    "junior": "entry",
    "senior": "senior",
    "lead": "senior",
    "staff": "staff",
    "principal": "principal",
    "manager": "manager",
    "director": "director",
}
EXPERIENCE_LEVELS = (0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15)  # years
# The key of the jobs whose board is a tech company (`Job.tech`), the bounds column's last.
TECH_KEY = "tech"
# A remote job's level, prefixed (`rsenior`, `rentry`), the bounds column's last key (migration
# boards/0028): `remote_level_key`.
REMOTE_LEVEL = "r"
SEEN_HOURS = 4
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
# A span of sighting buckets: a job's bucket and, negated (less one, so that no span is a bucket),
# its span are both keys of the sighting column.
SPAN_BUCKETS = 24
DAY = timedelta(days=1)
BUCKETS_A_DAY = DAY // timedelta(hours=SEEN_HOURS)
SPAN_DAYS = SPAN_BUCKETS // BUCKETS_A_DAY
assert BUCKETS_A_DAY * SEEN_HOURS == 24 and SPAN_DAYS * BUCKETS_A_DAY == SPAN_BUCKETS


def _day_sql(moment: str) -> str:
    """The day (since the epoch, UTC) of the timestamp `moment`, as integers: a date less a date.
    Migration boards/0029: `floor(extract(epoch FROM ...) / 86400)`, the same number, computed in
    numeric (extract's type), was a fifth of job_words' expressions on insert."""
    return f"(({moment} AT TIME ZONE 'UTC')::date - DATE '1970-01-01')"


def _bucket_sql(moment: str) -> str:
    """The SEEN_HOURS-hour bucket (since the epoch) of `moment`: its day's buckets and its hour's
    (the hour is a whole number, 0-23), `floor(epoch / 14400)` exactly."""
    return f"({_day_sql(moment)} * {BUCKETS_A_DAY} + date_part('hour', ({moment} AT TIME ZONE 'UTC'))::integer / {SEEN_HOURS})"


# A job's sighting bucket and, negated less one, its span: `floor(day / SPAN_DAYS)` in float8, exact
# (a whole number of days over a power of two), where integer division would round a day before
# the epoch up.
SEEN_SQL = (
    f"ARRAY[{_bucket_sql('{first_seen_at}')},"
    f" (- floor({_day_sql('{first_seen_at}')}::float8 / {SPAN_DAYS}) - 1)::integer]"
)
# A job's posting day (days since the epoch) and, negated, its posting's SEEN_HOURS-hour bucket.
_POSTED = "COALESCE({posted_at}, {first_seen_at})"
POSTED_SQL = f"ARRAY[{_day_sql(_POSTED)}, (- {_bucket_sql(_POSTED)})]"
# The collation of job_words' text columns (migration boards/0025): its keys are compared byte by
# byte, where C.UTF-8 (the database's) copied both strings and called strcoll for each comparison
# of the keys' sort and the pending list's merge, a sixth of the index's upkeep. A condition is
# matched to an index column only when its operator's collation is the column's, so every
# statement states it (`collated`); equal is byte-equal under both, so the answers are the same.
KEYS_COLLATION = '"C"'


def collated(sql: str) -> str:
    """A text array expression of job_words (a word, place, flags, joint or bounds array) in the
    index's collation, as conditions on it must be spelled."""
    return f"({sql}) COLLATE {KEYS_COLLATION}"


# The days a window asks for run to the day after now's: a date a board states in a time zone
# ahead of UTC is tomorrow's. Jobs posted later still are read by their own range.
POSTED_DAYS_AHEAD = 1


def bounds_sql(table: str) -> str:
    """The bounds column of job_words over `table`'s columns (a quoted name or alias, or "" for
    the bare column names the index definition uses)."""
    prefix = f"{table}." if table else ""
    top = f"COALESCE({prefix}salary_annual_max, {prefix}salary_annual_min)"
    years = f"{prefix}experience_years"
    keys = [f"CASE WHEN {top} >= {level * 1000} THEN 'p{level}' END" for level in PAY_LEVELS]
    keys += [f"CASE WHEN {years} <= {level} THEN 'e{level}' END" for level in EXPERIENCE_LEVELS]
    keys.append(f"CASE WHEN {prefix}tech THEN '{TECH_KEY}' END")
    keys.append(f"CASE WHEN {prefix}remote THEN '{REMOTE_LEVEL}' || {prefix}seniority END")
    return f"array_remove(ARRAY[{', '.join(keys)}], NULL)"


def joint_sql(table: str) -> str:
    """The joint keys column of job_words (its second) over `table`'s columns, as `bounds_sql`:
    the job's level, its level joined with each level word its text holds, and with each word
    of its own level (LEVEL_OF_WORD) its text lacks (migration boards/0026), the currency, the
    fine pay thresholds."""
    prefix = f"{table}." if table else ""
    top = f"COALESCE({prefix}salary_annual_max, {prefix}salary_annual_min)"
    seniority = f"{prefix}seniority"
    keys = [f"NULLIF({seniority}, '')"]
    keys += [
        f"CASE WHEN {has_word_sql(prefix, word)} > 0 THEN {seniority} || '+{word}'"
        f" WHEN {seniority} = '{LEVEL_OF_WORD[word]}' THEN '{LEVEL_OF_WORD[word]}-{word}' END"
        for word in LEVEL_WORDS
    ]
    keys.append(f"CASE WHEN {top} IS NOT NULL THEN 'c' || {prefix}salary_currency END")
    keys += [f"CASE WHEN {top} >= {level * 1000} THEN 'p{level}' END" for level in FINE_PAY_LEVELS]
    return f"array_remove(ARRAY[{', '.join(keys)}], NULL)"


def level_key(level: str, term_key: str, *, present: bool) -> str | None:
    """The name of the joint key of jobs at `level` whose text has (or, not `present`, lacks)
    the term, when it is one of LEVEL_WORDS (whether job_words holds it: `held_level_key`)."""
    word = term_key.strip()
    return f"{level}{'+' if present else '-'}{word}" if word in LEVEL_WORDS else None


def held_level_key(level: str, term_key: str, *, present: bool) -> str | None:
    """The joint key of job_words every job at `level` whose text has (lacks) the level word
    holds: `level_key` where job_words holds it (a word present at any level, a word absent at
    its own level), the level alone for a word absent at another level (every job of it is at
    the level; nearly all of them lack the word), None for a term that is no level word."""
    key = level_key(level, term_key, present=present)
    if key is None or present or LEVEL_OF_WORD[term_key.strip()] == level:
        return key
    return level


def currency_key(currency: str) -> str:
    """The joint key of a job that states pay in `currency` ("" when it names none)."""
    return f"c{currency}"


def has_word_sql(prefix: str, word: str) -> str:
    """Where `word` is in the search text (0: not there), as `matching.terms.term_matches` tests
    it: the text is its words padded and joined by single spaces (`search_text_for`), so a word
    is one of them exactly when the text holds it with a space on each side. Migration
    boards/0018: the word array (`watches.filters.WORDS_SQL`), built anew for each of the 18 keys
    that test a word, was a third of job_words' upkeep on insert."""
    return f"strpos({prefix}search_text, ' {word} ')"


def seen_sql(table: str) -> str:
    return SEEN_SQL.format(first_seen_at=f"{table}.first_seen_at" if table else "first_seen_at")


def pay_key(min_salary: float, *, fine: bool = True) -> str | None:
    """The key every pay top that reaches `min_salary` holds (None: below every threshold): the
    highest threshold at or below it, of the bounds column's or (`fine`) the joint keys'
    (`fine_pay`)."""
    levels = sorted((*PAY_LEVELS, *FINE_PAY_LEVELS)) if fine else PAY_LEVELS
    reached = [level for level in levels if level * 1000 <= min_salary]
    return f"p{reached[-1]}" if reached else None


def fine_pay(key: str) -> bool:
    """Whether a pay key is one of the joint keys (FINE_PAY_LEVELS), not of the bounds column."""
    return key[1:].isdigit() and int(key[1:]) in FINE_PAY_LEVELS


def experience_key(max_years: float) -> str | None:
    """The key every experience within `max_years` holds (None: above every threshold)."""
    within = [level for level in EXPERIENCE_LEVELS if level >= max_years]
    return f"e{within[0]}" if within else None


def remote_level_key(level: str) -> str:
    """The key `bounds_sql` gives a remote job at `level`."""
    return f"{REMOTE_LEVEL}{level}"


def seen_bucket(moment: datetime) -> int:
    """The bucket `SEEN_SQL` gives a job first seen at `moment`."""
    return (moment - EPOCH) // timedelta(hours=SEEN_HOURS)


def bucket_start(bucket: int) -> datetime:
    return EPOCH + timedelta(hours=SEEN_HOURS * bucket)


def seen_span(bucket: int) -> int:
    """The key `SEEN_SQL` gives every job of `bucket`'s span (negative: no bucket's)."""
    return -(bucket // SPAN_BUCKETS) - 1


def seen_keys(first: int, after: int) -> tuple[list[int], int]:
    """The sighting keys of the jobs first seen in buckets `first` … `after` (exclusive) or
    later, up to the bucket they end at (at least `after`): every such job holds one of the keys
    or was first seen at or after that bucket's start. Up to a span, the buckets; beyond, the
    buckets up to the next span's start and the spans from there to the one holding `after - 1`,
    whichever are fewer keys."""
    buckets = list(range(first, after))
    head = min(-(-first // SPAN_BUCKETS) * SPAN_BUCKETS, after)
    end = -(-after // SPAN_BUCKETS) * SPAN_BUCKETS
    spans = [seen_span(start) for start in range(head, end, SPAN_BUCKETS)]
    if len(buckets) <= (head - first) + len(spans):
        return buckets, after
    return [*range(first, head), *spans], end


def posted_sql(table: str) -> str:
    """The posting day column of job_words over `table`'s columns, as `seen_sql`."""
    prefix = f"{table}." if table else ""
    return POSTED_SQL.format(posted_at=f"{prefix}posted_at", first_seen_at=f"{prefix}first_seen_at")


def posted_day(moment: datetime) -> int:
    """The day `POSTED_SQL` gives a job posted (else first seen) at `moment`."""
    return (moment - EPOCH) // DAY


def posted_days(since: datetime, now: datetime) -> tuple[list[int], datetime]:
    """The posting keys of the jobs posted at or after `since` up to the day after now's, and the
    moment that ends them: every job posted since `since` holds one of the keys or was posted at
    or after that moment. The part of `since`'s day from its bucket on is asked for as buckets
    (a window of a day starting at 16:30 asks for 16:00–24:00, not the whole day), the later
    days as days."""
    last = posted_day(now) + POSTED_DAYS_AHEAD
    first = posted_day(since)
    keys: list[int] = []
    if since > EPOCH + DAY * first:
        per_day = DAY // timedelta(hours=SEEN_HOURS)
        keys = [-bucket for bucket in range(seen_bucket(since), (first + 1) * per_day)]
        first += 1
    return [*keys, *range(first, last + 1)], EPOCH + DAY * (last + 1)
