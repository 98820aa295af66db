"""``BENCH_NODES=2 make bench``: the site as two hosts would run it (issue 24).

Two gunicorn application servers and two ``db_worker`` processes on 127.0.0.1, against
the bench's PostgreSQL database and a ``redis-server`` this module starts on a free port of
127.0.0.1 (the shared cache); all of them are stopped at the end. Three rows:

* locust spreads 100 users over both servers for 60 s (``locust_nodes.py``): 0 errors,
  p50 and p95;
* a closure entered through one server moves a key date read through the other in the
  very next request;
* the renewal season: the clerk's ``issue_many`` on N paid renewals with the database
  task backend, timed until both workers have written the last PDF.
"""

from __future__ import annotations

import csv
import os
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import requests

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
BIN = Path(sys.executable).parent
#: Bounds of every wait: a server's start, the workers' PDFs.
START_SECONDS = 60
SEASON_SECONDS = 900
DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
#: A year no other figure reads: March 1, 2033 is a Tuesday, so closing it moves the
#: dog licenses' due date (North Andover Code ch. 60, Licenses A(8)) to March 2.
CLOSED_DAY, MOVED_DUE = "2033-03-01", "2033-03-02"


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def started(stack: ExitStack, command: list[str], env: dict, log: Path) -> subprocess.Popen:
    """A process stopped (terminated, then killed) when ``stack`` closes."""
    output = stack.enter_context(log.open("w"))
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output,
                               stderr=subprocess.STDOUT)

    def stop() -> None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    stack.callback(stop)
    return process


def wait_for(url: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"bench nodes: {process.args[0]} stopped; see its log")
        try:
            requests.get(url, timeout=30)
            return
        except requests.RequestException:  # not listening yet, or still starting
            time.sleep(0.2)
    raise SystemExit(f"bench nodes: no answer from {url} within {START_SECONDS} s")


def start_redis(stack: ExitStack, scratch: Path) -> str:
    port = free_port()
    process = started(stack, ["redis-server", "--bind", "127.0.0.1", "--port", str(port),
                              "--save", "", "--appendonly", "no", "--dir", str(scratch)],
                      os.environ.copy(), scratch / "redis.log")
    for _ in range(100):
        if process.poll() is not None:
            raise SystemExit("bench nodes: redis-server stopped (scripts/ensure-system-packages "
                             "redis installs it)")
        done = subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True,
                              text=True)
        if done.stdout.strip() == "PONG":
            return f"redis://127.0.0.1:{port}/0"
        time.sleep(0.1)
    raise SystemExit("bench nodes: redis-server did not answer")


def start_nodes(stack: ExitStack, scratch: Path) -> list[str]:
    """Redis, then two application servers and two workers; returns the servers' URLs."""
    env = {**os.environ, "REDIS_URL": start_redis(stack, scratch),
           "TASKS_BACKEND": "django_tasks_db.DatabaseBackend"}
    urls, servers = [], []
    for node in (1, 2):
        port = free_port()
        servers.append(started(stack, [
            str(BIN / "gunicorn"), "permits_site.wsgi", "--bind", f"127.0.0.1:{port}",
            "--workers", "2", "--threads", "4", "--keep-alive", "5", "--log-level", "warning",
        ], env, scratch / f"server-{node}.log"))
        started(stack, [sys.executable, "manage.py", "db_worker", "--worker-id",
                        f"node-{node}", "--interval", "0.2", "--no-startup-delay"],
                env, scratch / f"worker-{node}.log")
        urls.append(f"http://127.0.0.1:{port}")
    for url, server in zip(urls, servers, strict=True):
        wait_for(url + "/api/v1/municipalities/", server)
    return urls


def key_date(url: str) -> str:
    rows = requests.get(f"{url}/api/v1/municipalities/north_andover/key-dates/?year=2033",
                        timeout=30).json()["dates"]
    return {row["code"]: row["date"] for row in rows}["dog_license_due"]


def closure_seen_across(urls: list[str], admin) -> tuple[str, str]:
    """Enter a closure through the first server and read the key date it moves through the
    second at once (both have the town's calendar cached before); then remove it."""
    from rest_framework.authtoken.models import Token

    token, _ = Token.objects.get_or_create(user=admin)
    headers = {"Authorization": f"Token {token.key}"}
    closures = f"{urls[0]}/api/v1/calendar/north_andover/closures/"
    before = [key_date(url) for url in urls]
    added = requests.post(closures, json={"date": CLOSED_DAY, "reason": "Bench"},
                          headers=headers, timeout=30)
    if added.status_code != 201:
        raise SystemExit(f"bench nodes: the closure was refused: {added.text[:300]}")
    after = key_date(urls[1])
    requests.delete(f"{closures}{CLOSED_DAY}/", headers=headers, timeout=30)
    return before[1], after


def locust(urls: list[str], scratch: Path) -> dict:
    """100 users spread over both servers for 60 s; the aggregated row of locust's stats."""
    env = {**os.environ, "BENCH_HOSTS": " ".join(urls)}
    subprocess.run(
        [str(BIN / "locust"), "-f", str(HERE / "locust_nodes.py"), "--headless", "-u", "100",
         "-r", "20", "--run-time", "60s", "--host", urls[0], "--only-summary",
         "--csv", str(scratch / "nodes")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    with open(scratch / "nodes_stats.csv", newline="") as stats:
        return next(line for line in csv.DictReader(stats) if line["Name"] == "Aggregated")


def renewal_season(clerk, count: int) -> tuple[float, dict[str, int]]:
    """Issue ``count`` paid renewals with the database task backend; seconds until the
    workers have written every PDF, and how many PDFs each worker wrote."""
    import time_machine
    from django.test import override_settings
    from django_tasks_db.models import DBTaskResult

    from dogs.licenses.services import DOG_LICENSE
    from permits_site.licensing.models import Application, Permit
    from permits_site.licensing.services.bulk import issue_many
    from tests.bench.generate import RENEWAL_DAY, paid_renewals

    ids = paid_renewals(count, clerk=clerk, prefix="nodes")
    chosen = (Application.objects.filter(pk__in=ids, permit_type__code=DOG_LICENSE)
              .select_related("permit_type", "business", "place", "dog_license__dog")
              .order_by("pk"))
    renders = DBTaskResult.objects.filter(task_path__endswith=".render_permit_pdf")
    rendered_before = list(renders.values_list("pk", flat=True))
    with override_settings(TASKS=DATABASE_TASKS), time_machine.travel(RENEWAL_DAY):
        begun = time.perf_counter()
        result = issue_many(applications=chosen, acting_user=clerk)
    issued = Permit.objects.filter(pk__in=[permit.pk for permit in result.issued])
    if result.refused or len(result.issued) != count:
        raise SystemExit(f"bench nodes: {len(result.issued)} of {count} issued")
    deadline = time.monotonic() + SEASON_SECONDS
    while issued.filter(pdf="").exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"bench nodes: PDFs not written within {SEASON_SECONDS} s")
        time.sleep(0.2)
    seconds = time.perf_counter() - begun
    by_worker: dict[str, int] = {}
    for worker_ids in (renders.exclude(pk__in=rendered_before)
                       .values_list("worker_ids", flat=True)):
        for worker in worker_ids:
            by_worker[worker] = by_worker.get(worker, 0) + 1
    return seconds, by_worker


def bench_nodes(row, verdict, *, admin, clerk, floor: float, count: int) -> None:
    """The rows of two nodes, written through ``row`` as run.py writes its own."""
    from django.db import connection

    if connection.vendor != "postgresql":
        raise SystemExit("BENCH_NODES=2 needs DATABASE_URL pointing to a PostgreSQL database")
    scratch = Path(tempfile.mkdtemp(prefix="permits-nodes-"))
    with ExitStack() as stack:
        urls = start_nodes(stack, scratch)
        before, after = closure_seen_across(urls, admin)
        row("2 nodes: a closure entered through server 1, read through server 2",
            f"due date {before} → {after} in the next request", "Redis cache", "—",
            "seen at once " + verdict(after == MOVED_DUE))
        stat = locust(urls, scratch)
        row("2 nodes: locust, 100 users over 2 servers (gunicorn 2×4 each), 60 s",
            f"p50 {stat['50%']} ms, p95 {stat['95%']} ms",
            f"{float(stat['Requests/s']):.0f} req/s",
            f"{stat['Failure Count']} errors of {stat['Request Count']}",
            "no errors " + verdict(stat["Failure Count"] == "0"))
        seconds, by_worker = renewal_season(clerk, count)
        reference = count * floor
        shares = ", ".join(f"{worker} {done}" for worker, done in sorted(by_worker.items()))
        row(f"2 nodes: renewal season, {count} licenses until the last PDF, 2 db_workers",
            f"{seconds:.1f} s (PDFs by {shares})", f"{count} × {floor * 1000:.0f} ms = "
            f"{reference:.1f} s", f"{seconds / reference:.2f}×",
            "both workers render " + verdict(len(by_worker) == 2))
