"""The end-to-end demo of SPEC §17 (`make demo`)."""
