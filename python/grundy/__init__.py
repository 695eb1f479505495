"""grundy from Python: run .game text, get the answers as dicts.

``grundy.run(text)`` runs a text as ``grundy run --json`` would and returns
one dict per answer (the ``--json`` lines, parsed, without the schema's
version ``grundy_json``, which is ``JSON_VERSION`` on every line); ``grundy.Session()``
keeps its definitions from one ``run`` to the next (a name defined again
replaces the old definition, as in the REPL). A diagnostic raises
``GrundyError``; Ctrl-C (KeyboardInterrupt) stops a long query.

In Jupyter an answer that has a picture (a sequence or table plotted, a
``dot`` graph) shows as that SVG picture, any other as its text line.
"""

from __future__ import annotations

import html
import json
from typing import Any, List, Optional

from . import _grundy

__all__ = ["Answer", "GrundyError", "JSON_VERSION", "Session", "run", "__version__"]

__version__ = _grundy.version()

#: The version of the ``--json`` lines' schema (docs/JSON.md) the dicts follow.
JSON_VERSION: int = _grundy.json_version()


class Answer(dict):
    """One answer: the dict of its ``--json`` line (without ``grundy_json``).

    ``text`` is the line ``grundy run`` prints for it, ``svg`` its picture
    (None when it has none).
    """

    text: str
    svg: Optional[str]

    def __init__(self, data: dict, text: str, svg: Optional[str]) -> None:
        super().__init__(data)
        self.text = text
        self.svg = svg

    def __str__(self) -> str:
        return self.text

    def _repr_svg_(self) -> Optional[str]:
        return self.svg

    def _repr_html_(self) -> Optional[str]:
        # A picture shows as the SVG alone (HTML would be chosen over it).
        if self.svg is not None:
            return None
        return "<pre>" + html.escape(self.text) + "</pre>"


class GrundyError(Exception):
    """A diagnostic: its ``code`` (``grundy::...``), ``message``, the
    ``line`` and ``column`` (from 1) where it points, or None when it
    points into no text, and the ``query`` that failed (its word, None for
    a definition or an error in the text).

    ``report`` is the diagnostic drawn as ``grundy`` prints it; ``errors``
    all the diagnostics of the run (this one first) and ``answers`` every
    result of the run in order, answers and errors alike (a text's later
    queries still run after a query fails, as with ``grundy run``).
    """

    code: Optional[str]
    message: str
    query: Optional[str]
    line: Optional[int]
    column: Optional[int]
    report: str
    errors: List["GrundyError"]
    answers: List[Any]

    def __init__(
        self,
        code: Optional[str],
        message: str,
        line: Optional[int] = None,
        column: Optional[int] = None,
        report: str = "",
        query: Optional[str] = None,
    ) -> None:
        where = f" (line {line}, column {column})" if line is not None else ""
        super().__init__(f"{code}: {message}{where}" if code else message + where)
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.query = query
        self.report = report or message
        self.errors = [self]
        self.answers = []

    def as_dict(self) -> dict:
        """The ``{"query": ..., "error": {...}}`` dict of its ``--json``
        line (without ``grundy_json``)."""
        error: dict = {"code": self.code, "message": self.message}
        if self.line is not None:
            error["line"] = self.line
            error["column"] = self.column
        return {"query": self.query, "error": error}


def _error(data: dict, report: str) -> GrundyError:
    e = data["error"]
    return GrundyError(
        e.get("code"),
        e.get("message", ""),
        e.get("line"),
        e.get("column"),
        report,
        data.get("query"),
    )


def _line(text: str) -> dict:
    """A ``--json`` line as a dict, its version checked and left out."""
    data = json.loads(text)
    version = data.pop("grundy_json", None)
    if version != JSON_VERSION:
        raise RuntimeError(
            f"grundy: a JSON line of schema version {version}, not {JSON_VERSION}"
        )
    return data


_THREAD = "grundy::python::thread"
_THREAD_HELP = (
    "the sessions run on at most one thread per core, each with a large "
    "stack; allow the process more memory (ulimit -v) or threads"
)


def _thread_error(text: str) -> Exception:
    """The native half's failure to start a session's thread as the coded
    ``GrundyError`` (any other failure as it is)."""
    if not text.startswith(_THREAD + ": "):
        return RuntimeError(text)
    message = text[len(_THREAD) + 2 :]
    report = f"{_THREAD}\n\n  × {message}\n  help: {_THREAD_HELP}"
    return GrundyError(_THREAD, message, report=report)


class Session:
    """A grundy session: definitions kept across ``run`` calls.

    A name defined again replaces its old definition (as in the REPL).
    ``max_positions``, ``max_memory`` (bytes), ``max_steps`` and
    ``max_depth`` are the budgets of each query, as ``--max-positions``
    etc. set them.
    """

    def __init__(
        self,
        *,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
        max_steps: Optional[int] = None,
        max_depth: Optional[int] = None,
        _replace: bool = True,
    ) -> None:
        try:
            self._native = _grundy.Session(
                _replace, max_positions, max_memory, max_steps, max_depth
            )
        except RuntimeError as e:
            raise _thread_error(str(e)) from None

    def run(self, text: str, name: str = "<python>") -> List[Answer]:
        """Run a text: its answers, one per query, in order.

        Raises ``GrundyError`` (the first diagnostic) if any statement
        fails; the error's ``answers`` holds every result. A text that
        does not parse or resolve defines nothing.
        """
        results: List[Any] = []
        errors: List[GrundyError] = []
        for ok, line, text_line, svg in self._native.run(text, name):
            data = _line(line)
            if ok:
                results.append(Answer(data, text_line, svg))
            else:
                e = _error(data, text_line)
                errors.append(e)
                results.append(e)
        if errors:
            first = errors[0]
            first.errors = errors
            first.answers = results
            raise first
        return results

    def interrupt(self) -> None:
        """Stop the query running now (from another thread), as Ctrl-C would."""
        self._native.interrupt()


def run(text: str, name: str = "<python>", **limits: Optional[int]) -> List[Answer]:
    """Run a text in a fresh session, as ``grundy run --json`` would: a name
    defined twice is an error. Keyword arguments are ``Session``'s budgets."""
    return Session(_replace=False, **limits).run(text, name)
