"""The bench's residents spread over several servers (``BENCH_NODES=2``): each user is
given the next of ``BENCH_HOSTS`` (space-separated loopback URLs) in turn, as a load
balancer would."""

import itertools
import os

import locustfile as one_server  # the loopback-only check and the residents' tasks

HOSTS = itertools.cycle(os.environ["BENCH_HOSTS"].split())


class ResidentOnEitherServer(one_server.Resident):
    def __init__(self, environment):
        self.host = next(HOSTS)
        super().__init__(environment)
