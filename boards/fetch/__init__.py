"""Guarded HTTP: every byte Watchtower reads from the outside world, and every webhook it sends.

`fetch` (client.py), `FetchError` (errors.py), `validate_url` (client.py), `robots_allowed`
(robots.py); the SSRF rules are in guard.py, the connect-time enforcement in connection.py.
"""
