"""grundy in a notebook: a small notebook run by a real Jupyter kernel (nbclient, as `jupyter
nbconvert --execute` runs one), where a Value, a position, an analysis and a quotient each
display as a picture (image/svg+xml), and a game written in Python, which has no drawing, as
its text."""

import nbclient
import nbformat

CELLS = {
    "value": 'import grundy\ngrundy.game_value("{2|-1}")',
    "position": 'grundy.position("domineering", ".../...")',
    "analysis": 'grundy.analyze("nim", [3, 4, 5])',
    "quotient": 'grundy.quotient("octal:0.75")',
    "session": 'grundy.Session("kayles", [5, 3])',
    "python game": "grundy.game(lambda p: [p - 1] if p else []).analyze(3)",
}


def run_notebook():
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in CELLS.values()]
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    shown = {}
    for name, cell in zip(CELLS, notebook.cells):
        results = [o for o in cell.outputs if o["output_type"] == "execute_result"]
        assert len(results) == 1, (name, cell.outputs)
        shown[name] = results[0]["data"]
    return shown


def test_values_positions_analyses_and_quotients_display_as_svg():
    shown = run_notebook()
    for name in ["value", "position", "analysis", "quotient", "session"]:
        assert shown[name]["image/svg+xml"].startswith("<svg"), name
        assert "text/plain" in shown[name], name
    # The thermograph, the board, the board with the one winning move marked, the table.
    assert 'class="grundy-thermograph"' in shown["value"]["image/svg+xml"]
    assert 'data-mean="1/2" data-temperature="3/2"' in shown["value"]["image/svg+xml"]
    assert "data-move" in shown["position"]["image/svg+xml"]
    assert shown["analysis"]["image/svg+xml"].count('data-winning="true"') >= 1
    assert shown["analysis"]["image/svg+xml"] in shown["analysis"]["text/html"]
    assert shown["quotient"]["image/svg+xml"].count("<rect") >= 64
    # A game written in Python has no drawing: its repr is what a notebook shows.
    assert "image/svg+xml" not in shown["python game"]
    assert "<svg" not in shown["python game"]["text/html"]
    assert shown["python game"]["text/plain"].startswith("Analysis(")
