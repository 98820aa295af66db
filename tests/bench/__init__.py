"""The benchmark suite: ``make bench`` (see docs/operations/performance.md); not part of
``make test``."""
