"""The ```python examples of README.md and docs/PYTHON.md run as doctests:
each file's blocks in order, in one namespace."""

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("doc", ["README.md", "docs/PYTHON.md"])
def test_python_examples_in_the_docs(doc):
    text = (ROOT / doc).read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, f"{doc} has no ```python examples"
    assert all(">>>" in b for b in blocks), f"every ```python block of {doc} is a doctest"
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, doc, doc, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0
