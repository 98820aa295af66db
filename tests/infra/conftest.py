"""The parts several servers share: a Redis cache and S3-compatible object storage.

Tests marked ``redis`` need a Redis server at ``REDIS_URL`` (``.ci/run`` starts one); without
one they are skipped, except in CI (``CI=true``), where a missing Redis fails them. Tests
marked ``s3`` run against moto's S3-compatible server, started here on 127.0.0.1.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import boto3
import pytest
import requests
from django.conf import settings
from django.db import connection

#: How long a server may take to answer its first request.
START_SECONDS = 30
#: How long one request may take on a busy machine.
REQUEST_SECONDS = 30
S3_CREDENTIALS = {"access_key": "testing", "secret_key": "testing"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_url() -> str:
    """The Redis server the suite was given; skipped without one, failed in CI."""
    import redis

    url = os.environ.get("REDIS_URL", "")
    try:
        redis.Redis.from_url(url, socket_timeout=2).ping()
    except (redis.RedisError, ValueError) as error:
        message = f"no Redis answers at REDIS_URL={url!r} ({error})"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return url


@pytest.fixture(scope="session")
def s3_endpoint() -> Iterator[str]:
    """moto's S3-compatible server on a free port of 127.0.0.1, for this test process."""
    from moto.server import ThreadedMotoServer

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture
def s3_bucket(s3_endpoint, settings) -> str:
    """A new bucket, made the site's default storage as ``AWS_STORAGE_BUCKET_NAME`` does."""
    name = f"permits-{uuid.uuid4().hex[:12]}"
    boto3.client(
        "s3", endpoint_url=s3_endpoint, region_name="us-east-1",
        aws_access_key_id="testing", aws_secret_access_key="testing",
    ).create_bucket(Bucket=name)
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": name, "endpoint_url": s3_endpoint, "region_name": "us-east-1",
                "default_acl": "private", "file_overwrite": False, **S3_CREDENTIALS,
            },
        },
    }
    return name


def stored_names(bucket: str, endpoint: str) -> set[str]:
    """The keys in ``bucket``, read with boto3 itself rather than through the site."""
    client = boto3.client(
        "s3", endpoint_url=endpoint, region_name="us-east-1",
        aws_access_key_id="testing", aws_secret_access_key="testing",
    )
    return {item["Key"] for item in client.list_objects_v2(Bucket=bucket).get("Contents", [])}


def shared_database_url(tmp_path: Path) -> str:
    """A URL other processes open to read what this test committed: the PostgreSQL test
    database itself, or a copy of the in-memory SQLite test database in a file."""
    connection.ensure_connection()
    if connection.vendor == "sqlite":
        copy = tmp_path / "shared.sqlite3"
        with sqlite3.connect(copy) as target:
            connection.connection.backup(target)
        return f"sqlite:///{copy}"
    db = connection.settings_dict
    credentials = quote(db["USER"] or "") + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
    return f"postgres://{credentials}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@dataclass(frozen=True)
class Server:
    url: str

    def get(self, path: str, **kwargs) -> requests.Response:
        return requests.get(self.url + path, timeout=REQUEST_SECONDS, **kwargs)


def start_server(
    stack: ExitStack, environment: dict[str, str]
) -> tuple[Server, subprocess.Popen]:
    """One gunicorn application server, stopped when ``stack`` closes."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "permits_site.wsgi:application",
         "--bind", f"127.0.0.1:{port}", "--workers", "1", "--log-level", "warning"],
        cwd=settings.BASE_DIR, env=environment,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    stack.callback(stop, process)
    return Server(url=f"http://127.0.0.1:{port}"), process


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=REQUEST_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def wait_until_serving(server: Server, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped: {process.stderr.read()}")
        try:
            server.get("/api/v1/municipalities/")
            return
        except requests.ConnectionError:
            time.sleep(0.1)
    raise RuntimeError(f"no answer from {server.url} within {START_SECONDS} s")


@pytest.fixture
def two_servers(transactional_db, redis_url, tmp_path) -> Iterator[Callable]:
    """Start two application servers on one database and one Redis, as two hosts would
    be; call it once the test's records are written (they are shared at that moment)."""
    with ExitStack() as stack:

        def start() -> tuple[Server, Server]:
            environment = {
                **os.environ,
                "DATABASE_URL": shared_database_url(tmp_path),
                "REDIS_URL": redis_url,
                # Tests running side by side share the Redis server, not their keys.
                "CACHE_KEY_PREFIX": f"test-{uuid.uuid4().hex}",
                "MEDIA_ROOT": str(tmp_path / "media"),
            }
            started = [start_server(stack, environment) for _ in range(2)]
            for server, process in started:
                wait_until_serving(server, process)
            return tuple(server for server, _process in started)

        yield start
