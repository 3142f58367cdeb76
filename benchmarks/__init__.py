"""Benchmarks: ``python -m benchmarks`` (see README.md here)."""
