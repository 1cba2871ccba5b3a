"""The README's Python section, run as written: every block runs, a line whose comment is a
Python literal evaluates to it, and a line whose comment says "raises grundy.X" raises it."""

import ast
import pathlib
import re

import pytest

import grundy

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def python_blocks():
    text = README.read_text()
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def literal(comment):
    try:
        return True, ast.literal_eval(comment)
    except (ValueError, SyntaxError):
        return False, None


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
    assert checked >= 3
