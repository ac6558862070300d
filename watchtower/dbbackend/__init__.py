"""The PostgreSQL backend: django-prometheus's (query metrics) with a cheaper pool check."""
