"""Tests may not hide failures (docs/reliability.md): no bare ``except:``, no ``except Exception`` /
``BaseException`` anywhere in tests/, and no handler that skips or xfails the test — an error must
fail the test, not turn it into a skip or a pass."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
BROAD = {"Exception", "BaseException"}


def _names(node: ast.expr | None) -> list[str]:
    if node is None:
        return ["<bare>"]
    if isinstance(node, ast.Tuple):
        return [n for e in node.elts for n in _names(e)]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.Name):
        return [node.id]
    return ["?"]


def _skips(body: list[ast.stmt]) -> bool:
    for stmt in body:
        for n in ast.walk(stmt):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("skip", "xfail"):
                return True
    return False


def test_no_broad_or_skipping_except_in_tests():
    bad = []
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ExceptHandler):
                names = _names(node.type)
                where = f"{path.relative_to(TESTS.parent)}:{node.lineno}"
                if "<bare>" in names or BROAD & set(names):
                    bad.append(f"{where}: except {', '.join(names)}")
                elif _skips(node.body):
                    bad.append(f"{where}: an except that skips the test")
    assert not bad, "tests hide failures:\n" + "\n".join(bad)
