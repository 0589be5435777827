"""The type stubs (``hupai/__init__.pyi``) describe the package as it is: the same names, every
function with the runtime's parameters (names, kinds, defaults) and a docstring, and every result
TypedDict ``@final`` so that a key test narrows a union (``if "win" in r``)."""

import ast
import inspect
import pathlib

import hupai

STUB = pathlib.Path(__file__).resolve().parents[1] / "python" / "hupai" / "__init__.pyi"


def stub():
    return ast.parse(STUB.read_text(encoding="utf-8"))


def test_the_stub_lists_the_packages_names():
    tree = stub()
    listed = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets)
    )
    assert sorted(listed) == sorted(hupai.__all__)
    defined = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    defined |= {t.id for n in tree.body if isinstance(n, ast.AnnAssign) for t in [n.target]}
    assert set(hupai.__all__) <= defined, set(hupai.__all__) - defined


def _parameters(function):
    """(name, kind, default) per parameter, kinds as ``inspect.Parameter`` names them."""
    a = function.args
    out = []
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    for arg, default in zip(positional, defaults):
        out.append((arg.arg, "POSITIONAL_OR_KEYWORD", default))
    for arg, default in zip(a.kwonlyargs, a.kw_defaults):
        out.append((arg.arg, "KEYWORD_ONLY", default))
    return out


def test_every_function_matches_the_runtime_and_has_a_docstring():
    functions = [n for n in stub().body if isinstance(n, ast.FunctionDef)]
    assert len(functions) >= 17
    for f in functions:
        assert ast.get_docstring(f), f"{f.name} has no docstring in the stub"
        runtime = inspect.signature(getattr(hupai, f.name))
        expected = [
            (p.name, p.kind.name, None if p.default is inspect.Parameter.empty else p.default)
            for p in runtime.parameters.values()
        ]
        got = [(name, kind, None if d is None else ast.literal_eval(d)) for name, kind, d in _parameters(f)]
        if expected and expected[-1][1] == "VAR_KEYWORD":
            # ``**situation`` at run time: the stub spells its keys out, keyword-only.
            expected.pop()
            spelled = got[len(expected) :]
            got = got[: len(expected)]
            assert spelled and all(kind == "KEYWORD_ONLY" for _, kind, _ in spelled), f.name
        assert got == expected, f"{f.name}: stub {got} != runtime {expected}"


def test_result_dicts_are_final_typed_dicts():
    classes = [n for n in stub().body if isinstance(n, ast.ClassDef)]
    typed = [c for c in classes if any(getattr(b, "id", None) == "TypedDict" for b in c.bases)]
    assert {c.name for c in typed} >= {"_Win", "_Waits", "_Error", "Effective", "DiscardOption", "DiscardEv"}
    for c in typed:
        assert any(getattr(d, "id", None) == "final" for d in c.decorator_list), f"{c.name} is not @final"
        assert ast.get_docstring(c), f"{c.name} has no docstring"
