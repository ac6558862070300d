"""`search_page(ids)`: a search's page of jobs, read by a PL/pgSQL function so that its plan is
made once per connection (PostgreSQL only; docs/internals.md, "Search plans").

Every search statement ends by reading the page's jobs: each id's row, its board, and the
vacancy's lead rows on every board (`also_at`). Written into the statement, that part was planned
again at every search: a join of four relations and a correlated subquery over boards_job and
boards_resource, whose every reference to boards_job copies job_words' index expressions. A
PL/pgSQL function keeps the plan of its query for the connection's life, one generic plan (the
ids are a parameter, 1 to 101 of them), made under the settings the function states itself
(nested loops over the primary keys and job_vacancy_idx, whatever plan the calling statement
asked for). The rows are those the inline form returned, in the ids' order.
"""

from __future__ import annotations

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION search_page(ids bigint[])
RETURNS TABLE (job_id bigint, job_data text, board_url text, board_platform text, job_copies text)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET jit = off
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
SET enable_indexscan = on
SET enable_bitmapscan = on
AS $$
BEGIN
    RETURN QUERY
    SELECT j.id, j.data::text, r.url::text, r.platform::text,
        (SELECT json_agg(json_build_array(o.id, o.data -> 'url', b.url) ORDER BY o.id)::text
         FROM boards_job o JOIN boards_resource b ON b.id = o.resource_id
         WHERE o.vacancy_key = j.vacancy_key AND o.vacancy_key <> '' AND o.lead)
    FROM unnest(ids) WITH ORDINALITY AS p(id, n)
    LEFT JOIN boards_job j ON j.id = p.id
    LEFT JOIN boards_resource r ON r.id = j.resource_id
    ORDER BY p.n;
END
$$
"""
DROP = "DROP FUNCTION IF EXISTS search_page(bigint[])"


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("watches", "0001_initial"), ("boards", "0020_job_words_posted_days")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
