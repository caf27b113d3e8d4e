"""Django's file cache with an ``add`` that is atomic across processes (``DJANGO_CACHE_DIR``).

Django's ``FileBasedCache.add`` checks whether the key's file exists and then writes it: two
processes adding one key at the same moment both succeed, and the FAQ question rate limit
(:mod:`faq.ratelimit`, one ``add`` per allowed question) lets extra questions through. Here the
entry is written to a temporary file first and then hard-linked to the key's file name, which
fails when that name exists: exactly one of several simultaneous adds wins.
"""

from __future__ import annotations

import os
import tempfile
from typing import TYPE_CHECKING, Any, BinaryIO

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache


class AtomicAddFileBasedCache(FileBasedCache):
    if TYPE_CHECKING:  # Django's private helpers used below, which django-stubs leaves out
        _dir: str

        def _createdir(self) -> None: ...
        def _key_to_file(self, key: str, version: int | None = None) -> str: ...
        def _cull(self) -> None: ...
        def _write_content(self, file: BinaryIO, timeout: float | None, value: Any) -> None: ...
        def _delete(self, fname: str) -> bool: ...

    def add(self, key: Any, value: Any, timeout: float | None = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        self._createdir()
        fname = self._key_to_file(key, version)
        self._cull()
        fd, tmp_path = tempfile.mkstemp(dir=self._dir)
        try:
            with open(fd, "wb") as f:
                self._write_content(f, timeout, value)
            for _attempt in range(2):
                try:
                    os.link(tmp_path, fname)
                    return True
                except FileExistsError:
                    if self.has_key(key, version):
                        return False
                    # An expired entry: remove it and try once more. (Two processes doing this
                    # for one expired key at the same moment could both win; the rate limit's
                    # keys carry their window and never get here.)
                    self._delete(fname)
                except OSError:  # a file system without hard links: Django's add, not atomic
                    return super().add(key, value, timeout, version)
            return False
        finally:
            os.remove(tmp_path)
