"""The benchmark suite: ``make bench`` (see README, "Performance"); not part of ``make test``."""
