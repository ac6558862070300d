"""Reading job boards: URL recognition, one module per platform, JSON-LD, careers-page resolution.

Everything here is pure (bytes + URL in, postings out) except that `read` functions drive paging
through the `Fetch` callable they are given; they never open a socket themselves.
"""
