"""The Python package: answers, sessions, errors, pictures, interrupts,
and grundy.run's dicts against the --json lines of the grundy binary."""

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[2]


def binary():
    """The release binary: required when GRUNDY_BIN names it (CI does)."""
    path = os.environ.get("GRUNDY_BIN")
    if path:
        assert Path(path).exists(), f"GRUNDY_BIN={path} does not exist"
        return path
    path = str(ROOT / "target" / "release" / "grundy")
    if not Path(path).exists():
        pytest.skip(f"no grundy binary at {path} (set GRUNDY_BIN)")
    return path


def test_run_gives_one_dict_per_query():
    answers = grundy.run("game K = octal 0.77\ngrundy K(5)\nsequence K 0..=6\n")
    assert answers == [
        {"query": "grundy", "position": "K(5)", "value": 4, "infinity": None},
        {
            "query": "sequence",
            "game": "K",
            "from": 0,
            "values": [0, 1, 2, 3, 1, 4, 3],
            "infinities": None,
        },
    ]
    assert isinstance(answers[0], dict)
    assert answers[0].text == "grundy K(5) = 4"
    assert str(answers[0]) == "grundy K(5) = 4"
    assert grundy.run("game S = subtraction {1}\n") == []


@pytest.mark.parametrize("example", ["tour.game", "misere.game", "domineering.game"])
def test_dicts_are_the_json_lines(example):
    path = ROOT / "examples" / example
    out = subprocess.run(
        [binary(), "run", "--json", str(path)], capture_output=True, text=True, check=True
    )
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    # Each line carries the schema's version; the dicts leave it out.
    assert all(line.pop("grundy_json") == grundy.JSON_VERSION for line in lines)
    answers = grundy.run(path.read_text(), name=str(path))
    assert [dict(a) for a in answers] == lines
    texts = subprocess.run(
        [binary(), "run", str(path)], capture_output=True, text=True, check=True
    ).stdout
    assert "\n".join(a.text for a in answers) + "\n" == texts


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def test_random_subtraction_games_match_a_mex_in_python():
    rng = random.Random(26)
    for _ in range(40):
        moves = sorted(rng.sample(range(1, 9), rng.randint(1, 4)))
        g = []
        for n in range(30):
            g.append(mex({g[n - k] for k in moves if k <= n}))
        text = f"game S = subtraction {{{', '.join(map(str, moves))}}}\nsequence S 0..=29\n"
        (answer,) = grundy.run(text)
        assert answer["values"] == g, moves


def test_a_session_keeps_and_replaces_definitions():
    s = grundy.Session()
    assert s.run("game S = subtraction {1, 2}\nlet n = 4") == []
    assert s.run("grundy S(n)")[0]["value"] == 1
    s.run("game S = subtraction {1, 2, 3}")
    assert s.run("grundy S(n)")[0]["value"] == 0
    # A fresh run is a file: a name defined twice is an error.
    with pytest.raises(grundy.GrundyError) as e:
        grundy.run("game S = subtraction {1}\ngame S = subtraction {2}\n")
    assert e.value.code.startswith("grundy::")
    assert e.value.line == 2


def test_errors_have_code_message_line_and_column():
    with pytest.raises(grundy.GrundyError) as e:
        grundy.run("game S = subtraction {1}\n\ngrundy Foo(3)\n")
    err = e.value
    assert err.code == "grundy::eval::unknown_function"
    assert "Foo" in err.message
    assert (err.line, err.column) == (3, 8)
    assert "no game or function of this name" in err.report
    assert err.query is None  # an unknown name fails the whole text
    assert err.as_dict() == {
        "query": None,
        "error": {"code": err.code, "message": err.message, "line": 3, "column": 8},
    }


def test_a_failed_query_keeps_the_other_answers():
    with pytest.raises(grundy.GrundyError) as e:
        grundy.run("grundy Nim(2)\ngrundy Nim(1 - 5)\ngrundy Nim(7)\n")
    err = e.value
    assert err.code == "grundy::eval::value" and err.line == 2
    assert err.query == "grundy"
    assert [a if isinstance(a, grundy.GrundyError) else a["value"] for a in err.answers] == [
        2, err, 7
    ]
    assert err.errors == [err]


def test_loopy_values_and_expressions_have_one_type_a_field():
    c = "game C(n) {\n    move C(n + 1) if n < 2\n    move C(0) if n == 2\n    move Nim(1)\n}\n"
    loopy, finite, seq, expr = grundy.run(c + "grundy C(0)\ngrundy Nim(3)\nsequence C 0..=1\n[1, true]\n")
    assert (loopy["value"], loopy["infinity"]) == (None, [1])
    assert (finite["value"], finite["infinity"]) == (3, None)
    assert (seq["values"], seq["infinities"]) == ([None, None], [[1], [1]])
    assert expr["value"] == "[1, true]" and expr["type"] == "list"
    assert [(i["type"], i.get("integer"), i.get("boolean")) for i in expr["items"]] == [
        ("integer", 1, None),
        ("boolean", None, True),
    ]
    assert grundy.JSON_VERSION == 2


def test_a_text_that_does_not_parse_defines_nothing():
    s = grundy.Session()
    with pytest.raises(grundy.GrundyError) as e:
        s.run("game S = subtraction {1}\ngrundy (\n")
    assert e.value.code == "grundy::parse::syntax" and e.value.line == 2
    with pytest.raises(grundy.GrundyError) as e:
        s.run("grundy S(1)")
    assert e.value.code == "grundy::eval::unknown_function"


def test_pictures_show_as_svg_and_the_rest_as_text():
    seq, value = grundy.run("game K = octal 0.77\nsequence K 0..=20\ngrundy K(3)\n")
    assert seq.svg.startswith("<svg") and seq._repr_svg_() == seq.svg
    assert "G(n) of K" in seq.svg
    assert seq._repr_html_() is None
    assert value.svg is None and value._repr_svg_() is None
    assert value._repr_html_() == "<pre>grundy K(3) = 3</pre>"
    (table,) = grundy.run("game W(a, b) { move W(a - k, b) for k in 1..=a }\ntable W 0..=3, 0..=3\n")
    assert table.svg.startswith("<svg")


LONG = "assert forall a in 0..=1000000, b in 0..=1000000, c in 0..=1000000: a + b + c >= 0"


@pytest.fixture
def sigint_raises():
    """SIGINT raises KeyboardInterrupt during the test, as in an interactive
    Python: a process started with SIGINT ignored (a background job of a
    script, as `nohup cmd &` makes) never installs Python's handler, and the
    signal would be lost."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


def watchdog(s, after=10.0):
    """Stop `s`'s query after `after` seconds: a lost signal fails the test
    (the query ends in grundy::solve::interrupted) instead of hanging it."""
    t = threading.Timer(after, s.interrupt)
    t.daemon = True
    t.start()
    return t


def test_keyboard_interrupt_stops_a_long_query(sigint_raises):
    s = grundy.Session(max_steps=10**15)
    dog = watchdog(s)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        s.run(LONG)
    dog.cancel()
    assert time.monotonic() - start < 2.3
    # The session still answers.
    assert s.run("grundy Nim(3)")[0]["value"] == 3


def test_the_gil_is_released_and_interrupt_stops_from_another_thread():
    s = grundy.Session(max_steps=10**15)
    ticks = []

    def other():
        while len(ticks) < 20:
            ticks.append(time.monotonic())
            time.sleep(0.01)
        s.interrupt()

    t = threading.Thread(target=other)
    t.start()
    with pytest.raises(grundy.GrundyError) as e:
        s.run(LONG)
    t.join()
    assert len(ticks) == 20
    assert e.value.code == "grundy::solve::interrupted"


def test_budgets():
    with pytest.raises(grundy.GrundyError) as e:
        grundy.run(LONG, max_steps=10_000)
    assert e.value.code.startswith("grundy::") and "step" in e.value.message


def test_version():
    assert grundy.__version__ == "0.1.0"


def test_two_keyboard_interrupts_leave_the_session_usable(sigint_raises):
    s = grundy.Session(max_steps=10**15)
    dog = watchdog(s)
    for delay in (0.3, 0.32):
        threading.Timer(delay, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        s.run(LONG)
    dog.cancel()
    # The second signal may come after the first stopped the query.
    try:
        time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    assert time.monotonic() - start < 2.5
    assert s.run("grundy Nim(5)")[0]["value"] == 5


EIGHT_THREADS = """
import resource, sys, threading, grundy
size = int(open('/proc/self/status').read().split('VmSize:')[1].split()[0]) * 1024
room = int(sys.argv[1]) << 20
threading.stack_size(1 << 20)
resource.setrlimit(resource.RLIMIT_AS, (size + room, resource.RLIM_INFINITY))
failures, results = [], {}

def worker(t):
    for i in range(15):
        n = t * 15 + i
        try:
            results[n] = grundy.run(f"game S = subtraction {{1, 2}}\\ngrundy S({n})")[0]["value"]
        except Exception as e:
            failures.append(repr(e))

threads = [threading.Thread(target=worker, args=(t,)) for t in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(len(failures), failures[:1])
print(results == {n: n % 3 for n in range(120)})
"""


def run_python(script, *args):
    if not Path("/proc/self/status").exists():
        pytest.skip("needs /proc (Linux)")
    # Two malloc arenas at most: glibc reserves 64 MiB of address space
    # for each, which would make the space each test allows depend on
    # how many threads happened to allocate at once.
    env = dict(os.environ, MALLOC_ARENA_MAX="2")
    r = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def test_eight_threads_running_at_once_all_get_their_answers():
    # Eight threads calling grundy.run at once, 120 calls, in 2 GiB of
    # address space more than the interpreter holds: three big stacks at
    # most, where a thread per session needed four. The sessions share the
    # workers (one per core, as many as the space allows); no call fails.
    out = run_python(EIGHT_THREADS, "2048")
    assert out == ["0 []", "True"], out


def test_sessions_sharing_a_worker_keep_their_own_definitions():
    sessions = [grundy.Session() for _ in range(12)]
    for i, s in enumerate(sessions):
        s.run(f"let n = {i}")
    for i, s in reversed(list(enumerate(sessions))):
        assert s.run("grundy *n")[0]["value"] == i


def test_no_thread_for_a_session_is_a_coded_error():
    # Too little address space for the interpreter's stack: the first
    # session cannot start its worker, and says so with a code.
    script = """
import resource, grundy
size = int(open('/proc/self/status').read().split('VmSize:')[1].split()[0]) * 1024
resource.setrlimit(resource.RLIMIT_AS, (size + (64 << 20), resource.RLIM_INFINITY))
try:
    grundy.run("grundy *3")
except grundy.GrundyError as e:
    print(e.code)
    print(e.report)
"""
    lines = run_python(script)
    assert lines[0] == "grundy::python::thread", lines
    assert any("help:" in line for line in lines), lines
