"""Pure helpers that turn job text and filter text into keys that match by substring.

`terms` normalises words (the `search_text` column and keyword filters); `places` reads locations
as cities, regions, countries and zones (the `place_text` column and location filters). Both
boards (filling the columns) and watches (compiling filters) use them, so they sit below every
app. Pure: nothing here imports Django, and a test holds it to that.
"""
