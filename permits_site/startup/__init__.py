"""The end of every process's start-up: what was imported is set aside from the collector.

Setting up the site creates about 140,000 objects that live as long as the process: the
modules, classes and functions of the apps, the models, the URL patterns, the registered
law. Python's cyclic garbage collector scans every one of them at each full collection:
several times while they are being imported, at every full collection while requests are
served, and repeatedly at exit, as each module is torn down. None of that finds garbage.

The entry points (``manage.py``, ``permits_site.wsgi``, ``permits_site.asgi``) pause the
collector before Django is set up; the last installed app's ``ready()`` — this one's —
moves everything alive into the permanent generation (``gc.freeze()``, the pattern the
Python documentation gives for long-lived start-up state) and turns the collector back
on, and the process freezes again just before it exits. Objects that die later are still
freed by reference counting as before; only cycles among the set-aside objects are never
collected, and start-up leaves none worth the scans.

Measured in docs/operations/performance.md (start-up, ``manage.py check``).
"""

import atexit
import gc


def set_start_up_aside() -> None:
    """Freeze what start-up created, turn the collector back on and skip its scans at exit."""
    gc.freeze()
    gc.enable()
    atexit.register(gc.freeze)
