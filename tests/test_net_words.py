"""Every reason network play can give has words (issue #41: the wire carries keys and
values, each client words them in its own language): each `net.*` key written in
tentable/net has a text, and a refusal's values fill every placeholder of its text."""
import ast
import re
import string
from pathlib import Path

from tentable.text import STRINGS

NET = Path(__file__).resolve().parent.parent / "tentable" / "net"
KEY = re.compile(r"net\.[a-z_]+")


def constants():
    for path in sorted(NET.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and KEY.fullmatch(node.value):
                yield path.name, node.value


def refusals():
    """(key, the names of the values it is sent with) for each `Refusal(key, ...)`."""
    for path in sorted(NET.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal":
                yield node.args[0].value, {keyword.arg for keyword in node.keywords}


def test_every_key_network_play_sends_has_words():
    keys = {key for _, key in constants()}
    assert len(keys) >= 25, "the scan found too few keys: has the code changed shape?"
    missing = sorted(keys - STRINGS.keys())
    assert not missing, f"no text for {missing}"


def test_a_refusals_values_fill_its_text():
    for key, values in refusals():
        wanted = {name for _, name, _, _ in string.Formatter().parse(STRINGS[key]) if name}
        # a value may be for the client's machinery (`last`: where the stream is), not words
        assert wanted <= values, f"{key}: sent with {sorted(values)}, worded with {sorted(wanted)}"
