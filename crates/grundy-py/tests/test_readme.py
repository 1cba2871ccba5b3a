"""The Python of the README's tour and of the guide's Python and loopy games pages (docs/python.md, docs/loopy.md), run as
written: every block runs, a line whose comment is a Python literal evaluates to it, and a line
whose comment says "raises grundy.X" raises it."""

import ast
import pathlib
import re

import pytest

import grundy

ROOT = pathlib.Path(__file__).resolve().parents[3]
DOCUMENTS = [ROOT / "README.md", ROOT / "docs" / "python.md", ROOT / "docs" / "loopy.md"]


def python_blocks():
    blocks = []
    for document in DOCUMENTS:
        blocks += re.findall(r"```python\n(.*?)```", document.read_text(), re.S)
    return blocks


def literal(comment):
    try:
        return True, ast.literal_eval(comment)
    except (ValueError, SyntaxError):
        return False, None


def test_the_readme_and_the_python_page_have_their_blocks():
    # The README's tour has one block, the Python page the rest.
    assert len(python_blocks()) >= 6


@pytest.mark.parametrize("block", python_blocks())
def test_the_readme_python_block_runs_as_written(block, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # files a block writes (a store) go there
    scope = {"grundy": grundy}  # the later blocks go on from the first, which imports it
    checked = 0
    lines = block.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        # A statement with an indented body runs whole.
        j = i + 1
        while j < len(lines) and (lines[j].startswith((" ", "\t")) or not lines[j].strip()):
            j += 1
        code, _, comment = line.partition("  # ")
        comment = comment.strip()
        raised = re.match(r"raises (grundy\.\w+)", comment)
        if j > i + 1 or line.rstrip().endswith(":"):
            exec("\n".join(lines[i:j]), scope)
        elif raised:
            with pytest.raises(eval(raised.group(1), {"grundy": grundy})):
                exec(code, scope)
            checked += 1
        else:
            exec(code, scope)
            is_literal, expected = literal(comment)
            stripped = code.strip()
            if is_literal and "=" not in stripped.split("(")[0]:
                assert eval(stripped, scope) == expected, line
                checked += 1
            elif comment.startswith(("array(", "Period(")) and "=" not in stripped.split("(")[0]:
                shown = repr(eval(stripped, scope))
                assert shown == comment.split(": ")[0], line
                checked += 1
        i = j
    assert checked >= 2
