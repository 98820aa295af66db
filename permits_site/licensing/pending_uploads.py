"""Files chosen on a form that was refused, kept for the person's next try.

A browser cannot put a file back into a file input, so without this a
validation error anywhere on a page with file inputs makes the resident choose
every file again. Instead, each file that passed its own field's checks is
stored under ``pending_uploads/`` and the re-rendered form carries a token for
it in a hidden input (``kept-<field>``), signed for the person and the page and
good for a day. The field's help text says "Kept: <name>"; a post that leaves
the field empty uses the kept file, one that chooses a new file replaces it.
Once the page saves, its kept files are deleted; files of abandoned forms are
deleted when the next file is kept after they expired.

No database row is needed: the token alone names the file, and the signature
means nobody else's post, and no other page, can use it.
"""

from __future__ import annotations

import datetime as dt
import time
import uuid

from django import forms
from django.core import signing
from django.core.files.storage import Storage, default_storage
from django.core.files.uploadedfile import UploadedFile

DIRECTORY = "pending_uploads"
MAX_AGE = dt.timedelta(days=1)
SALT = "permits_site.licensing.pending_uploads"
PREFIX = "kept-"


def storage() -> Storage:
    """Where kept files wait: the documents' own storage, which no URL serves."""
    return default_storage


class KeptFile(UploadedFile):
    """A kept file, reopened for the form's field as if it had just been uploaded."""

    def __init__(self, *, path: str, name: str, token: str):
        super().__init__(storage().open(path, "rb"), name=name, size=storage().size(path))
        self.path = path
        self.token = token


class KeptUploads:
    """The kept files of one page (``page`` names it) for the signed-in person."""

    def __init__(self, request, *, page: str):
        self.request = request
        self.page = page
        self.restored: list[KeptFile] = []
        self.kept: dict[str, str] = {}

    def files(self):
        """The request's files, plus each kept file whose token was posted for a field
        left empty this time; None when nothing was posted (the form stays unbound)."""
        if self.request.method != "POST":
            return None
        files = self.request.FILES.copy()
        for key, token in self.request.POST.items():
            field = key.removeprefix(PREFIX)
            if key.startswith(PREFIX) and field not in files:
                kept = self._restore(field, token)
                if kept is not None:
                    files[field] = kept
                    self.restored.append(kept)
        return files

    def keep(self, *refused_forms: forms.Form) -> None:
        """After a refusal: keep every file of ``refused_forms`` that passed its field's
        checks and say so in the field's help text."""
        for form in refused_forms:
            form.is_valid()  # cleans a bound form its page has not validated ("Check my answers")
            for name, field in form.fields.items():
                upload = getattr(form, "cleaned_data", {}).get(name)
                if not isinstance(field, forms.FileField) or not upload or name in form.errors:
                    continue
                key = form.add_prefix(name)
                self.kept[key] = (upload.token if isinstance(upload, KeptFile)
                                  else self.store(key, upload))
                form[name].help_text = (f"Kept: {upload.name} — choose another file only "
                                        f"to replace it. {field.help_text}").strip()

    def hidden_inputs(self) -> list[tuple[str, str]]:
        """(input name, token) of each kept file, for the re-rendered form."""
        return [(f"{PREFIX}{key}", token) for key, token in self.kept.items()]

    def discard(self) -> None:
        """After the page saved: the kept files it used are documents now."""
        for kept in self.restored:
            kept.close()
            storage().delete(kept.path)

    def store(self, field: str, upload: UploadedFile) -> str:
        """Save ``upload`` for ``field`` of this page; return its signed token."""
        _purge_expired()
        upload.seek(0)
        path = storage().save(f"{DIRECTORY}/{int(time.time())}-{uuid.uuid4().hex}", upload)
        return signing.dumps({"user": self.request.user.pk, "page": self.page,
                              "field": field, "path": path, "name": upload.name}, salt=SALT)

    def _restore(self, field: str, token: str) -> KeptFile | None:
        try:
            kept = signing.loads(token, salt=SALT, max_age=MAX_AGE)
        except signing.BadSignature:
            return None
        if (kept["user"], kept["page"], kept["field"]) != (
            self.request.user.pk, self.page, field
        ) or not storage().exists(kept["path"]):
            return None
        return KeptFile(path=kept["path"], name=kept["name"], token=token)


def _purge_expired() -> None:
    """Delete kept files older than a token lives (their forms were abandoned); a file's
    name starts with the time it was kept, on the clock the tokens are signed by."""
    try:
        # Not ``exists(DIRECTORY)``: object storage has no directories, only names.
        names = storage().listdir(DIRECTORY)[1]
    except FileNotFoundError:
        return  # nothing was ever kept on this file system
    cutoff = time.time() - MAX_AGE.total_seconds()
    for name in names:
        kept_at, _, _ = name.partition("-")
        if not kept_at.isdigit() or int(kept_at) < cutoff:
            storage().delete(f"{DIRECTORY}/{name}")
