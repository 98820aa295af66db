"""50 users on the public API and the pages (issue 13): loopback only, bounded in time.

Run by ``BENCH_LOCUST=1 make bench`` against gunicorn on 127.0.0.1, or by hand:
``locust -f tests/bench/locustfile.py --headless -u 50 -r 10 --run-time 60s
--host http://127.0.0.1:8000 --only-summary``. It refuses any host but loopback.
"""

from urllib.parse import urlparse

from locust import HttpUser, between, events, task

DOG_FACTS = {
    "date_of_birth": "2020-01-15",
    "spayed_neutered": True,
    "rabies_vaccination_expires": "2030-01-01",
    "dogs_at_residence_over_6_months": 2,
    "kennel_license": False,
    "renewal": True,
}


@events.test_start.add_listener
def loopback_only(environment, **kwargs):
    host = urlparse(environment.host or "").hostname
    if host not in {"127.0.0.1", "localhost", "::1"}:
        raise SystemExit(f"locustfile: loopback only, not {host!r}")


class Resident(HttpUser):
    wait_time = between(0.5, 2)

    @task(5)
    def check_a_dog_license(self):
        self.client.post("/api/v1/checks/north_andover.dog_license/",
                         json={"facts": DOG_FACTS}, name="POST /api/v1/checks/{code}/")

    @task(2)
    def key_dates(self):
        self.client.get("/api/v1/municipalities/north_andover/key-dates/?year=2027",
                        name="GET /api/v1/municipalities/{code}/key-dates/")

    @task(1)
    def fee_quote(self):
        self.client.get("/api/v1/checks/", name="GET /api/v1/checks/")

    @task(1)
    def town_page(self):
        self.client.get("/towns/north_andover/", name="GET /towns/{code}/")
