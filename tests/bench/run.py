"""The benchmark suite (issue 13): ``make bench``, or ``python tests/bench/run.py``.

Runs against a scratch SQLite file (or ``DATABASE_URL`` when it is set: use a database
you can throw away — the bench migrates it and writes thousands of records), fills it
with ``tests/bench/generate.py`` at ``BENCH_SCALE`` (``small`` by default, ``full`` for a
town's real volume) and prints one table; every ratio is taken in the same run.

Figures: (a) a license PDF against bare WeasyPrint rendering ``license.html`` in a
separate process that imports no project code; (b) the public rule check's throughput
against a bare JSON view behind the same middleware (``tests/bench/urls.py``); (c) every
staff and API list at a few rows (10 dogs) and at the scale: queries (constant) and
time; the renewal season: ``issue_many`` on N paid dog-license renewals (50 at
``small``, 500 at ``full``, or ``BENCH_RENEWALS``) until the last license PDF is written,
against N × the PDF floor of (a); (d) ``manage.py check`` against a bare ``django-admin
startproject``. With ``BENCH_LOCUST=1`` it also serves the site with gunicorn on 127.0.0.1
and runs ``locustfile.py`` with 50 users for 60 s.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PYTHON = sys.executable
SCRATCH = Path(tempfile.mkdtemp(prefix="permits-bench-"))

sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "permits_site.settings")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{SCRATCH / 'bench.sqlite3'}")
os.environ.setdefault("MEDIA_ROOT", str(SCRATCH / "media"))
os.environ.setdefault("LOG_LEVEL", "ERROR")

ROWS: list[tuple[str, str, str, str, str]] = []


def row(figure: str, measured: str, reference: str, ratio: str, goal: str) -> None:
    ROWS.append((figure, measured, reference, ratio, goal))
    print(f"  {figure}: {measured} | {reference} | {ratio} | {goal}", flush=True)


def median_seconds(function, repeat: int, pick=statistics.median) -> float:
    function()  # warm: imports, template loading, connection
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return pick(times)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


# (a) ------------------------------------------------------------------------------------
def bare_pdf_seconds(repeat: int) -> float:
    """The PDF floor: the fastest of ``repeat`` bare-WeasyPrint renders of license.html."""
    done = subprocess.run(
        [PYTHON, str(HERE / "bare_weasyprint.py"), str(HERE / "license.html"), str(repeat)],
        capture_output=True, text=True, check=True, cwd=SCRATCH,
    )
    return float(done.stdout.strip().splitlines()[-1])


def bench_pdf(repeat: int = 15) -> float:
    """Row (a); returns the PDF floor it measured, the reference of the renewal season too."""
    from permits_site.licensing.models import Permit
    from permits_site.pdf.rendering import render_permit_pdf_bytes

    permit = (Permit.objects.select_related("permit_type", "municipality")
              .filter(permit_type__code__contains="dog").order_by("pk").first())
    # Both sides are the fastest of ``repeat`` renders, and the floor is taken before and
    # after the project's renders: load that comes and goes on the machine weighs less.
    before = bare_pdf_seconds(repeat)
    project = median_seconds(lambda: render_permit_pdf_bytes(permit), repeat, pick=min)
    floor = (before + bare_pdf_seconds(repeat)) / 2
    ratio = project / floor
    row("(a) license PDF vs bare WeasyPrint", ms(project), ms(floor), f"{ratio:.2f}×",
        f"≤ 1.5× {verdict(ratio <= 1.5)}")
    return floor


# (b) ------------------------------------------------------------------------------------
CHECK_PATH = "/api/v1/checks/north_andover.dog_license/"
BARE_PATH = "/bench/bare-json/"
ROUNDS = 7  # both views in turn, each round: load that comes and goes hits both alike


def bodies() -> tuple[str, str]:
    """The check's request body and the bare view's (the same facts)."""
    from tests.law.answers import DOG_LICENSE_RENEWAL

    return (json.dumps({"facts": DOG_LICENSE_RENEWAL, "on": "2027-02-01"}),
            json.dumps({"facts": DOG_LICENSE_RENEWAL}))


def median_ratio(post, requests: int) -> tuple[float, float, float]:
    """``post(path, payload)`` ``requests`` times on each view per round, the two views in
    turn; the median over the rounds of check/bare throughput, and the two medians."""
    check_body, bare_body = bodies()
    for _ in range(20):
        post(CHECK_PATH, check_body)
        post(BARE_PATH, bare_body)
    checks, bares = [], []
    for _ in range(ROUNDS):
        for path, payload, rates in ((CHECK_PATH, check_body, checks),
                                     (BARE_PATH, bare_body, bares)):
            started = time.perf_counter()
            for _ in range(requests):
                post(path, payload)
            rates.append(requests / (time.perf_counter() - started))
    ratio = statistics.median(check / bare for check, bare in zip(checks, bares, strict=True))
    return ratio, statistics.median(checks), statistics.median(bares)


def bench_check() -> None:
    from django.test import Client

    client = Client()

    def post(path: str, payload: str) -> None:
        response = client.post(path, payload, content_type="application/json")
        assert response.status_code == 200, (path, response.status_code, response.content[:300])

    ratio, check, bare = median_ratio(post, 300)
    row(f"(b) rule check vs bare JSON view (req/s, in-process, median of {ROUNDS})",
        f"{check:.0f}/s", f"{bare:.0f}/s", f"{ratio:.2f}×", f"≥ 0.5× {verdict(ratio >= 0.5)}")


def bench_check_http() -> None:
    """Row (b) over HTTP: gunicorn (one worker, two threads) on 127.0.0.1, one keep-alive
    client sending a fixed number of requests to each view."""
    import http.client

    port = free_port()
    gunicorn = Path(PYTHON).with_name("gunicorn")
    server = subprocess.Popen(
        [str(gunicorn), "permits_site.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1",
         "--threads", "2", "--log-level", "warning"],
        cwd=ROOT, env={**os.environ, "DJANGO_SETTINGS_MODULE": "tests.bench.settings"})
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def post(path: str, payload: str) -> None:
        connection.request("POST", path, payload, {"Content-Type": "application/json"})
        response = connection.getresponse()
        body = response.read()
        assert response.status == 200, (path, response.status, body[:300])

    try:
        wait_for(port)
        ratio, check, bare = median_ratio(post, 200)
    finally:
        connection.close()
        server.terminate()
        server.wait(10)
    row(f"(b) rule check vs bare JSON view (req/s, HTTP, gunicorn 1×2 on loopback, "
        f"median of {ROUNDS})", f"{check:.0f}/s", f"{bare:.0f}/s", f"{ratio:.2f}×",
        f"≥ 0.5× {verdict(ratio >= 0.5)}")


def wait_for(port: int, seconds: float = 180) -> None:
    """Until the server on 127.0.0.1:``port`` answers the bare view (its worker booted: on a
    loaded machine that takes far longer than binding the port)."""
    import http.client

    deadline = time.monotonic() + seconds
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("GET", BARE_PATH)
            if connection.getresponse().status == 200:
                connection.close()
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.5)


# (c) ------------------------------------------------------------------------------------
LISTS = [
    ("/api/v1/applications/", "clerk"),
    ("/api/v1/permits/", "clerk"),
    ("/api/v1/invoices/", "clerk"),
    ("/staff/queue/", "clerk"),
    ("/staff/", "clerk"),
    ("/staff/", "inspector"),
    ("/staff/", "animal_control_officer"),
    ("/staff/", "hearing_authority"),
    ("/staff/", "board_member"),
    ("/staff/", "admin"),
    ("/enforcement/cases/", "inspector"),
    ("/enforcement/inspections/", "inspector"),
    ("/enforcement/deadlines/", "inspector"),
    ("/dogs/renewals/?year=2027", "clerk"),
    # The dogs licensed for the year generated, not yet renewed for the next.
    ("/dogs/renewals/?year=2028", "clerk"),
    ("/staff/search/?q=ident", "clerk"),
    ("/api/v1/search/?q=ident", "clerk"),
]


def bench_users(staff: dict) -> dict:
    """The member of staff each list is measured as, by the name ``LISTS`` gives them."""
    from permits_site.accounts.models import Role

    return {
        "clerk": staff[Role.CLERK, "north_andover"],
        "inspector": staff[Role.INSPECTOR, "northborough"],
        "animal_control_officer": staff[Role.ANIMAL_CONTROL_OFFICER, "north_andover"],
        "hearing_authority": staff[Role.HEARING_AUTHORITY, "north_andover"],
        "board_member": staff[Role.BOARD_MEMBER, "northborough"],
        "admin": staff[Role.ADMIN, "north_andover"],
    }


def measure_lists(users) -> dict[str, tuple[int, float, int, int]]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    clients = {}
    for who, user in users.items():
        clients[who] = Client()
        clients[who].force_login(user)
    figures = {}
    for path, who in LISTS:
        client = clients[who]
        response = client.get(path)
        connection.queries_log.clear()  # else a full log (maxlen) hides new queries
        with CaptureQueriesContext(connection) as queries:
            response = client.get(path)
        count = len(queries)  # now: the next request's reset_queries empties the log
        seconds = median_seconds(lambda c=client, p=path: c.get(p), 3)
        figures[path, who] = (count, seconds, response.status_code, len(response.content))
    return figures


def bench_lists(small: dict, large: dict, rows_at: int, few: int) -> None:
    for path, who in LISTS:
        q1, _t1, _s1, _b1 = small[path, who]
        q2, t2, status, size = large[path, who]
        constant = q1 == q2
        fast = t2 <= 0.3
        goal = "constant queries " + verdict(constant)
        goal += f"; ≤ 300 ms at 5,000 rows {verdict(fast)}" if rows_at >= 5000 else \
            f"; {ms(t2)} at {rows_at} rows (≤ 300 ms goal is at 5,000)"
        row(f"(c) {path} as {who.replace('_', ' ')} [{status}, {size // 1024} KB]",
            f"{q2} queries, {ms(t2)}",
            f"{q1} queries at {few} dogs", "—", goal)


# renewal season -------------------------------------------------------------------------
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
WORKERS = 2


def start_workers() -> list[subprocess.Popen]:
    """Two ``manage.py db_worker`` processes taking the PDF tasks from the database."""
    return [
        subprocess.Popen(
            [PYTHON, "manage.py", "db_worker", "--interval", "0.05", "--no-startup-delay",
             "--no-reload", "--worker-id", f"bench-{number}", "--verbosity", "0"],
            cwd=ROOT, env={**os.environ, "TASKS_BACKEND": DATABASE_TASKS["default"]["BACKEND"]},
            stdout=subprocess.DEVNULL)
        for number in range(WORKERS)
    ]


def stop_workers(workers: list[subprocess.Popen]) -> None:
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.wait(60)


def wait_for_pdfs(permit_ids: list[int], timeout: float) -> None:
    """Until every permit's PDF is stored (the task saves the file, then the field)."""
    from permits_site.licensing.models import Permit

    deadline = time.perf_counter() + timeout
    while Permit.objects.filter(pk__in=permit_ids, pdf="").exists():
        if time.perf_counter() > deadline:
            raise SystemExit(f"renewal season: the PDFs were not all written in {timeout:.0f} s")
        time.sleep(0.05)


def wait_for_messages(since, timeout: float) -> int:
    """Until every message task enqueued since ``since`` has finished; how many there were.
    The PDFs go first (their task's priority), the season's messages after them."""
    from django_tasks_db.models import DBTaskResult

    tasks = DBTaskResult.objects.filter(enqueued_at__gte=since,
                                        task_path__endswith="send_event_messages")
    deadline = time.perf_counter() + timeout
    while tasks.filter(finished_at__isnull=True).exists():
        if time.perf_counter() > deadline:
            raise SystemExit(f"renewal season: the messages were not all sent in {timeout:.0f} s")
        time.sleep(0.05)
    return tasks.count()


def seconds_in_tasks(since) -> float:
    """The time the workers spent in the PDF tasks enqueued since ``since``."""
    from django_tasks_db.models import DBTaskResult

    return sum(
        ((task.finished_at - task.started_at).total_seconds()
         for task in DBTaskResult.objects.filter(
             enqueued_at__gte=since, task_path__endswith="render_permit_pdf",
             finished_at__isnull=False)),
        0.0,
    )


def bench_renewal_season(floor: float, clerk, count: int) -> None:
    """The clerk's bulk issue of ``count`` paid renewals (``issue_many``, as the renewal-season
    page calls it), timed from its start until the last license PDF is written, against
    ``count`` × the PDF floor.

    Each license's PDF is rendered by the task ``issue_permit`` enqueues on commit. On
    PostgreSQL the tasks go to the database task backend and two ``db_worker`` processes,
    started before the renewals are made and stopped after, render them while the clerk's
    issue goes on; the clock stops when the last PDF is stored (the PDF task comes before
    the others: its priority), and the row also says when the season's message tasks
    (the approval and issue e-mails, written and sent by the workers) were all done. On
    SQLite the task backend is the immediate one, the settings' default (development):
    each render runs in the same process right after its license's commit. Every PDF is
    checked on disk afterwards: neither backend lets a failed task stop the issue.
    """
    import time_machine
    from django.db import connection
    from django.test import override_settings
    from django.utils import timezone
    from django_tasks.signals import task_finished, task_started

    from dogs.licenses.services import DOG_LICENSE
    from permits_site.licensing.models import Application, Permit
    from permits_site.licensing.services.bulk import issue_many
    from tests.bench.generate import RENEWAL_DAY, paid_renewals

    workers = start_workers() if connection.vendor == "postgresql" else []
    started = time.perf_counter()
    ids = paid_renewals(count, clerk=clerk)
    print(f"  prepared {len(ids)} paid renewals in {time.perf_counter() - started:.0f} s",
          flush=True)
    chosen = (  # what the renewal-season page hands issue_many
        Application.objects.filter(pk__in=ids, municipality__code="north_andover",
                                   permit_type__code=DOG_LICENSE)
        .select_related("permit_type", "business", "place", "dog_license__dog")
        .order_by("pk")
    )
    # The share of the time spent in the PDF tasks themselves (render and store).
    in_tasks = {"since": 0.0, "seconds": 0.0}

    def task_began(**_kwargs) -> None:
        in_tasks["since"] = time.perf_counter()

    def task_ended(**_kwargs) -> None:
        in_tasks["seconds"] += time.perf_counter() - in_tasks["since"]

    task_started.connect(task_began, dispatch_uid="bench-renewal-season")
    task_finished.connect(task_ended, dispatch_uid="bench-renewal-season")
    try:
        with override_settings(TASKS=DATABASE_TASKS if workers else IMMEDIATE), \
                time_machine.travel(RENEWAL_DAY):
            enqueued_since = timezone.now()
            started = time.perf_counter()
            result = issue_many(applications=chosen, acting_user=clerk)
            if workers:
                wait_for_pdfs([permit.pk for permit in result.issued], timeout=60 + count)
            seconds = time.perf_counter() - started
            if workers:
                in_tasks["seconds"] = seconds_in_tasks(enqueued_since)
                messages = wait_for_messages(enqueued_since, timeout=60 + count)
                messages_sent = f"; the {messages} message tasks done at " \
                                f"{time.perf_counter() - started:.1f} s"
            else:
                messages_sent = "; their messages sent as each license was issued"
    finally:
        task_started.disconnect(dispatch_uid="bench-renewal-season")
        task_finished.disconnect(dispatch_uid="bench-renewal-season")
        stop_workers(workers)

    permits = list(Permit.objects.filter(pk__in=[permit.pk for permit in result.issued]))
    unwritten = [permit.number for permit in permits
                 if not permit.pdf or not permit.pdf.storage.exists(permit.pdf.name)
                 or permit.pdf.size == 0]
    if result.refused or len(permits) != count or unwritten:
        refusals = "; ".join(f"{r.label}: {r.reason}" for r in result.refused[:5])
        raise SystemExit(
            f"renewal season: {len(permits)} of {count} issued, {len(unwritten)} PDFs not "
            f"written ({', '.join(unwritten[:5])}); refused {len(result.refused)}: {refusals}")
    reference = count * floor
    ratio = seconds / reference
    rendered_by = f"{WORKERS} db_workers" if workers else "the immediate backend"
    row(f"renewal season: {count} licenses issued until the last PDF is written vs "
        f"{count} × PDF floor ({rendered_by})",
        f"{seconds:.1f} s ({ms(seconds / count)} each; {ms(in_tasks['seconds'] / count)} a "
        f"license in the PDF tasks{messages_sent})",
        f"{count} × {ms(floor)} = {reference:.1f} s", f"{ratio:.2f}×",
        f"≤ 1.3× {verdict(ratio <= 1.3)}")


# (d) ------------------------------------------------------------------------------------
CHECK_ROUNDS = 9


def check_seconds(cwd: Path, env: dict) -> float:
    """The wall time of one ``manage.py check`` in ``cwd``."""
    started = time.perf_counter()
    subprocess.run([PYTHON, "manage.py", "check"], cwd=cwd, env=env, check=True,
                   capture_output=True)
    return time.perf_counter() - started


def bench_manage_check() -> None:
    """``manage.py check`` of the project and of a bare ``startproject``, in turn for
    ``CHECK_ROUNDS`` rounds (load that comes and goes weighs on both), after one run of each
    that compiles the bytecode as on an installed site (``PYTHONDONTWRITEBYTECODE`` would
    time compiling every module instead); the medians."""
    bare_root = SCRATCH / "bare"
    bare_root.mkdir()
    django_admin = Path(PYTHON).with_name("django-admin")
    subprocess.run([str(django_admin), "startproject", "bare", str(bare_root)], check=True)
    project_env = {name: value for name, value in os.environ.items()
                   if name != "PYTHONDONTWRITEBYTECODE"}
    bare_env = {name: value for name, value in project_env.items()
                if name != "DJANGO_SETTINGS_MODULE"}
    check_seconds(ROOT, project_env)
    check_seconds(bare_root, bare_env)
    rounds = [(check_seconds(ROOT, project_env), check_seconds(bare_root, bare_env))
              for _ in range(CHECK_ROUNDS)]
    project = statistics.median(seconds for seconds, _ in rounds)
    bare = statistics.median(seconds for _, seconds in rounds)
    ratio = project / bare
    row(f"(d) manage.py check vs bare project (median of {CHECK_ROUNDS}, in turn)",
        f"{project:.2f} s", f"{bare:.2f} s", f"{ratio:.2f}×", f"≤ 2× {verdict(ratio <= 2)}")


# locust ---------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def bench_locust() -> None:
    port = free_port()
    gunicorn = Path(PYTHON).with_name("gunicorn")
    locust = Path(PYTHON).with_name("locust")
    server = subprocess.Popen(
        [str(gunicorn), "permits_site.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "3",
         "--threads", "4", "--log-level", "warning"], cwd=ROOT, env={**os.environ})
    try:
        time.sleep(3)
        result = subprocess.run(
            [str(locust), "-f", str(HERE / "locustfile.py"), "--headless", "-u", "50", "-r",
             "10", "--run-time", "60s", "--host", f"http://127.0.0.1:{port}", "--only-summary",
             "--csv", str(SCRATCH / "locust")],
            cwd=ROOT, capture_output=True, text=True, timeout=120)
        print(result.stdout[-4000:], result.stderr[-4000:])
        with open(SCRATCH / "locust_stats.csv", newline="") as stats:
            rows = list(csv.DictReader(stats))
        stat = next(line for line in rows if line.get("Name") == "Aggregated")
        row("locust, 50 users, 60 s, gunicorn 3×4 on loopback",
            f"p50 {stat.get('50%')} ms, p95 {stat.get('95%')} ms",
            f"{float(stat.get('Requests/s', 0)):.0f} req/s",
            f"{stat.get('Failure Count')} errors of {stat.get('Request Count')}", "no errors "
            + verdict(stat.get("Failure Count") == "0"))
    finally:
        server.terminate()
        server.wait(10)


def save_license_html(path: Path) -> None:
    """Re-create the checked-in ``license.html``: the HTML the site hands WeasyPrint."""
    import weasyprint

    from permits_site.licensing.models import Permit
    from permits_site.pdf.rendering import render_permit_pdf_bytes

    permit = (Permit.objects.select_related("permit_type", "municipality")
              .filter(permit_type__code__contains="dog").order_by("pk").first())
    real = weasyprint.HTML

    class Capture:
        def __init__(self, *, string, base_url):
            path.write_text(string, encoding="utf-8")
            self.document = real(string=string, base_url=base_url)

        def write_pdf(self):
            return self.document.write_pdf()

    weasyprint.HTML = Capture
    try:
        render_permit_pdf_bytes(permit)
    finally:
        weasyprint.HTML = real
    print(f"wrote {path}")


def main() -> None:
    import django

    from tests.bench import generate as generator

    counts = generator.scale()
    scale_name = os.environ.get("BENCH_SCALE", "small")
    print(f"bench: scale {scale_name} {counts}; database {os.environ['DATABASE_URL']}",
          flush=True)
    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.DEBUG = False  # as in production: no query log, no debug pages
    settings.ROOT_URLCONF = "tests.bench.urls"
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    started = time.perf_counter()
    call_command("migrate", verbosity=0, interactive=False)
    print(f"  migrated in {time.perf_counter() - started:.0f} s", flush=True)

    started = time.perf_counter()
    # A few rows first (under one API page of 50): a list whose queries grow per row shows
    # it here even where pagination caps the count at the scale.
    tenth = {"dogs": 10, "stables": 3, "tisbury": 3, "cases": 10}
    made = generator.generate(tenth, prefix="t")
    users = bench_users(made["staff"])
    small = measure_lists(users)
    rest = {key: counts[key] - tenth[key] for key in counts}
    generator.generate(rest, prefix="")
    print(f"  generated in {time.perf_counter() - started:.0f} s", flush=True)
    large = measure_lists(users)

    if "--save-license-html" in sys.argv:
        save_license_html(HERE / "license.html")
        return
    print(f"\nfigures ({scale_name}):", flush=True)
    floor = bench_pdf()
    bench_check()
    bench_check_http()
    bench_lists(small, large, counts["dogs"], 10)
    bench_renewal_season(floor, made["clerk"], generator.renewal_count())
    bench_manage_check()
    if os.environ.get("BENCH_LOCUST") == "1":
        bench_locust()
    if os.environ.get("BENCH_NODES") == "2":  # two hosts: tests/bench/nodes.py
        from tests.bench.nodes import bench_nodes

        bench_nodes(row, verdict, admin=users["admin"], clerk=made["clerk"], floor=floor,
                    count=generator.renewal_count())

    print(f"\n## Bench figures, BENCH_SCALE={scale_name} ({counts['dogs']} dogs and licenses, "
          f"{counts['stables']} stable and {counts['tisbury']} Tisbury permits, "
          f"{counts['cases']} cases and citations)\n")
    print("| figure | measured | reference | ratio | goal |")
    print("|---|---|---|---|---|")
    for figure in ROWS:
        print("| " + " | ".join(figure) + " |")
    shutil.rmtree(SCRATCH, ignore_errors=True)


if __name__ == "__main__":
    main()
