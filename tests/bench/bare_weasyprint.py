"""The PDF floor: bare WeasyPrint rendering a saved license, importing no project code.

Usage: ``python bare_weasyprint.py license.html [repeat]``; prints the fastest of
``repeat`` renders (after one warm-up render), in seconds, on its last line: on a shared
machine the minimum is the figure least disturbed by other load. ``license.html`` is a saved
rendering of a real dog license (``pdf/permit.html`` with its QR code inlined), so the
project's figure differs from this one only by what the project adds.
"""

import sys
import time
from pathlib import Path

from weasyprint import HTML


def main() -> None:
    source = Path(sys.argv[1])
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    html = source.read_text(encoding="utf-8")
    base_url = str(source.resolve().parent.parent.parent)  # the checkout, as the site uses
    HTML(string=html, base_url=base_url).write_pdf()
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        HTML(string=html, base_url=base_url).write_pdf()
        times.append(time.perf_counter() - started)
    print(min(times))


if __name__ == "__main__":
    main()
