"""What the command line has, from Python: grundy.draw (grundy draw's SVG) and
grundy.sequence(..., store=DIR) (grundy sg --store DIR's files: the same bytes, resumable)."""

import os

import pytest

import grundy


def test_draw_gives_the_svg_of_the_position():
    svg = grundy.draw("nim", [3, 4, 5])
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count("data-move") >= 3 + 4 + 5  # each move of each heap can be clicked
    assert grundy.draw("nim", "3 4 5") == svg  # the position as tokens, as analyze reads it
    assert grundy.draw("kl:2,3", [5, 7], to_move="second") != grundy.draw("kl:2,3", [5, 7])
    with pytest.raises(grundy.BadInput, match="to_move"):
        grundy.draw("nim", [3], to_move="third")
    with pytest.raises(grundy.BadInput, match="heap 1"):
        grundy.draw("nim", [-3])


def stored(directory):
    return sorted(n for n in os.listdir(directory) if n != "lock")


def test_a_store_keeps_the_values_and_a_later_run_resumes_from_it(tmp_path):
    d = tmp_path / "store"
    first = grundy.sequence("octal:0.764", 3000, store=str(d))
    assert stored(d) == ["chunk-00000000.bin", "manifest"]
    assert "game octal:0.764" in (d / "manifest").read_text()
    chunk = (d / "chunk-00000000.bin").stat().st_size
    more = grundy.sequence("octal:0.764", 5000, store=d)  # a pathlib.Path too
    assert (d / "chunk-00000000.bin").stat().st_size > chunk
    plain = grundy.sequence("octal:0.764", 5000)
    assert list(more.values) == list(plain.values) and list(first.values) == list(plain.values[:3001])
    # Fewer values than the store holds: read from it (a damaged store is refused, below).
    again = grundy.sequence("octal:0.764", 4000, store=d)
    assert list(again.values) == list(plain.values[:4001])


def test_a_store_that_cannot_be_used_is_refused_naming_it(tmp_path):
    d = tmp_path / "s"
    grundy.sequence("octal:0.764", 1000, store=d)
    with pytest.raises(grundy.BadInput, match="store .* holds the values of octal:0.764, not kayles"):
        grundy.sequence("kayles", 1000, store=d)
    chunk = d / "chunk-00000000.bin"
    data = bytearray(chunk.read_bytes())
    data[-1] ^= 0xFF
    chunk.write_bytes(bytes(data))
    with pytest.raises(grundy.BadInput, match="is damaged"):
        grundy.sequence("octal:0.764", 1000, store=d)
    with pytest.raises(grundy.BadInput, match="^store: a store is for computed tables"):
        grundy.sequence("nim", 10, store=tmp_path / "nim")
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(grundy.BadInput, match="is not a directory"):
        grundy.sequence("kayles", 10, store=f)
    with pytest.raises(grundy.BadInput, match="^store is 5"):
        grundy.sequence("kayles", 10, store=5)
