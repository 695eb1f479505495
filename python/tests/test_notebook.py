"""examples/tour.ipynb runs headless (nbclient) and shows what it says."""

from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]


def test_the_tour_notebook_runs():
    nb = nbformat.read(ROOT / "examples" / "tour.ipynb", as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outputs = [c.get("outputs", []) for c in nb.cells if c.cell_type == "code"]
    assert not any(o.get("output_type") == "error" for out in outputs for o in out)

    def data(i, mime):
        return [o["data"][mime] for o in outputs[i] if "data" in o and mime in o["data"]]

    def printed(i):
        return "".join(o.get("text", "") for o in outputs[i] if o.get("output_type") == "stream")

    # The sum of Kayles rows: text (no picture).
    assert data(1, "text/html") == ["<pre>grundy Kayles(4) + Kayles(7) = 3</pre>"]
    # The nim-sequence: printed, and shown as an SVG plot (no HTML then).
    assert printed(2).startswith("[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7")
    (svg,) = data(2, "image/svg+xml")
    assert "G(n) of Kayles" in svg
    assert data(2, "text/html") == []
    (value,) = data(3, "text/html")
    assert value.startswith("<pre>value Domineering(") and value.endswith(" = {2|-1/2}</pre>")
    assert printed(4).split()[0].isdigit()
    assert printed(5).startswith("grundy::eval::unknown_function 1 8")
