"""Mutation testing of the rules with the release fuzzer: can the fuzzer tell a changed rule from the
real one? Each mutant is one small change to one module (a constant changed, a comparison turned
round, an arithmetic or a logical operator swapped, a ``not`` dropped, a statement removed), loaded in
a fresh process in place of the real module (nothing is written to the working tree), and the release
fuzzer (scripts/release_fuzz.py, with its scoring oracles) plays the games that module serves for up to
``--seconds``. Killed: the fuzzer broke off with a broken promise (or the module would not load).
Survived: the time ran out with every promise kept. Hung: a move never came back (counted apart).

    .venv/bin/python scripts/mutation_score.py --hand-made            # the five Gin Rummy mutations
    .venv/bin/python scripts/mutation_score.py --sample 12 --seed 1 --seconds 60 --out mutants.json
    .venv/bin/python scripts/mutation_score.py --modules engine/rules/gin_rummy.py --list

Mutants run one after another in one niced process (``nice`` 10): the campaign is meant for a shared
machine. ``--sample N`` draws N mutants per module with ``--seed`` (the same seed, the same mutants);
``--sample 0`` runs them all; a module run alone (``--modules``) meets the mutants it meets in the whole
campaign. The fuzzer's own seed (``--fuzz-seed``) is the same for every mutant.
The last lines are the table kept in docs/releasing.md.
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib.util
import json
import os
import random
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The modules mutated, and the games whose play runs through each (the fuzzer plays only those).
MODULES: dict[str, tuple[str, ...]] = {
    "engine/rules/five_crowns.py": ("five-crowns",),
    "engine/rules/five_crowns_solitaire.py": ("solitaire",),
    "engine/rules/contract_rummy.py": ("contract-rummy",),
    "engine/rules/upcard_rummy.py": ("upcard-rummy",),
    "engine/rules/gin_rummy.py": ("gin-rummy",),
    "engine/draw_discard.py": ("five-crowns", "contract-rummy", "upcard-rummy", "gin-rummy"),
    "engine/arrange_gin.py": ("gin-rummy",),
}

#: The five hand-made Gin Rummy mutations of issue 41, as (module, what, text, changed text): each must be
#: caught within 60 s.
HAND_MADE: tuple[tuple[str, str, str, str], ...] = (
    ("engine/rules/gin_rummy.py", "undercut bonus 25 -> 20", "UNDERCUT_BONUS = 25", "UNDERCUT_BONUS = 20"),
    ("engine/arrange_gin.py", "face cards 10 -> 11", "FACE_VALUE = 10", "FACE_VALUE = 11"),
    ("engine/rules/gin_rummy.py", "knock limit 10 -> 11", "KNOCK_LIMIT = 10", "KNOCK_LIMIT = 11"),
    ("engine/rules/gin_rummy.py", "line bonus 25 -> 0", "LINE_BONUS = 25", "LINE_BONUS = 0"),
    ("engine/rules/gin_rummy.py", "a knock's discard lost",
     "                state.discard.append(action.card)\n            state.went_out = seat",
     "            state.went_out = seat"),
)

_SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv,
    ast.And: ast.Or, ast.Or: ast.And,
}
_REMOVABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.Return, ast.Raise, ast.AnnAssign)
#: The functions that check a loaded save or refuse an impossible table (engine.checks' ``require``s):
#: the fuzzer loads only saves the engine wrote and sets only tables that can be seated, so these are
#: tested by tests/robustness (damaged saves, bad options), not by play. Mutants in them are counted
#: apart ("checks"); the rest ("play") is what the fuzzer must catch.
LOAD_CHECKS = frozenset({"check_table", "check_play", "check_state", "check_last_turns", "_check_state",
                         "state_from_data", "from_data", "_load_table", "_load_laid_down", "per_seat", "check",
                         "check_setup", "last_hand", "hands_played"})
#: The hint's helpers that live in a rules module (solitaire's best placement and discard): advice, not
#: rules, so no oracle of the rules can judge them (tests/hints and tests/solitaire do). Counted apart too.
ADVICE = frozenset({"best_discard", "best_placement", "gain", "closes", "hint", "distance", "arrangement"})


class _Mutator(ast.NodeTransformer):
    """Walks a module in source order, numbering every place a mutation can go; applies the one numbered
    ``target`` (None: applies nothing, only numbers them and keeps their descriptions)."""

    def __init__(self, target: int | None) -> None:
        self.target = target
        self.count = 0
        self.described: list[str] = []
        self.parts: list[str] = []
        self.in_function = 0
        self.functions: list[str] = []

    def _point(self, node: ast.AST, what: str) -> bool:
        here = self.count
        self.count += 1
        if self.target is None:
            where = f" in {self.functions[-1]}()" if self.functions else ""
            self.described.append(f"line {getattr(node, 'lineno', '?')}{where}: {what}")
            inside = set(self.functions)
            self.parts.append("checks" if inside & LOAD_CHECKS else "advice" if inside & ADVICE else "play")
        return here == self.target

    # Nothing in annotations, docstrings, decorators or type-checking imports is play.
    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        if node.value is not None:
            node.value = self.visit(node.value)
        return node

    def visit_arguments(self, node: ast.arguments) -> ast.AST:
        node.defaults = [self.visit(d) for d in node.defaults]
        node.kw_defaults = [None if d is None else self.visit(d) for d in node.kw_defaults]
        return node

    def visit_If(self, node: ast.If) -> ast.AST:
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return node
        return self._body_owner(node)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        node.returns = None
        self.in_function += 1
        self.functions.append(node.name)
        node.args = self.visit(node.args)
        node.body = self._statements(node.body)
        self.functions.pop()
        self.in_function -= 1
        return node

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        node.body = [self.visit(s) for s in node.body]
        return node

    def _body_owner(self, node: ast.AST) -> ast.AST:
        for name, value in ast.iter_fields(node):
            if name in ("body", "orelse", "finalbody", "handlers") and isinstance(value, list):
                setattr(node, name, self._statements(value) if name != "handlers" else [self.visit(h) for h in value])
            elif isinstance(value, ast.AST):
                setattr(node, name, self.visit(value))
            elif isinstance(value, list):
                setattr(node, name, [self.visit(v) if isinstance(v, ast.AST) else v for v in value])
        return node

    visit_For = visit_While = visit_With = visit_Try = visit_ExceptHandler = _body_owner

    def _statements(self, body: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for k, stmt in enumerate(body):
            docstring = k == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
            if docstring:
                out.append(stmt)
                continue
            if self.in_function and isinstance(stmt, _REMOVABLE) and self._point(
                    stmt, f"removed `{ast.unparse(stmt).splitlines()[0][:70]}`"):
                out.append(ast.copy_location(ast.Pass(), stmt))
                continue
            out.append(self.visit(stmt))
        return out

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        value = node.value
        if isinstance(value, bool):
            if self._point(node, f"{value} -> {not value}"):
                return ast.copy_location(ast.Constant(not value), node)
        elif isinstance(value, int) and self._point(node, f"{value} -> {value + 1}"):
            return ast.copy_location(ast.Constant(value + 1), node)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        for k, op in enumerate(node.ops):
            swap = _SWAPS.get(type(op))
            if swap is not None and self._point(node, f"`{ast.unparse(node)[:60]}`: {type(op).__name__} -> "
                                                     f"{swap.__name__}"):
                node.ops[k] = swap()
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        swap = _SWAPS.get(type(node.op))
        if swap is not None and self._point(node, f"`{ast.unparse(node)[:60]}`: {type(node.op).__name__} -> "
                                                 f"{swap.__name__}"):
            node.op = swap()
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        swap = _SWAPS[type(node.op)]
        if self._point(node, f"`{ast.unparse(node)[:60]}`: {type(node.op).__name__} -> {swap.__name__}"):
            node.op = swap()
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and self._point(node, f"`{ast.unparse(node)[:60]}`: not dropped"):
            return node.operand
        return node


def mutants_of(path: str, part: str = "all") -> list[tuple[int, str]]:
    """Each mutant of the module at ``path`` (of ``part``: play, checks, advice or all), numbered and
    described."""
    mutator = _Mutator(None)
    mutator.visit(ast.parse((ROOT / path).read_text(), path))
    return [(k, what) for k, (what, its) in enumerate(zip(mutator.described, mutator.parts, strict=True))
            if part in ("all", its)]


def mutated_code(path: str, index: int | None, hand_made: int | None) -> object:
    source = (ROOT / path).read_text()
    if hand_made is not None:
        _module, what, text, changed = HAND_MADE[hand_made]
        if source.count(text) != 1:
            raise SystemExit(f"the hand-made mutation '{what}' no longer matches {path}")
        return compile(source.replace(text, changed), str(ROOT / path), "exec")
    tree = _Mutator(index).visit(ast.parse(source, path))
    return compile(ast.fix_missing_locations(copy.deepcopy(tree)), str(ROOT / path), "exec")


# --------------------------------------------------------------------------- one mutant (a child process)
def run_mutant(path: str, index: int | None, hand_made: int | None, seconds: float, fuzz_seed: int,
               games: list[str]) -> dict[str, object]:
    """Load the mutant in place of its module, then fuzz; what happened, as data."""
    start = time.monotonic()
    sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]
    name = path.removesuffix(".py").replace("/", ".")
    parent, _, leaf = name.rpartition(".")
    importlib.import_module(parent)  # the package, before one of its modules is replaced
    try:
        spec = importlib.util.spec_from_file_location(name, ROOT / path)
        assert spec is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        exec(mutated_code(path, index, hand_made), module.__dict__)
        setattr(sys.modules[parent], leaf, module)
    except Exception as exc:  # a mutant that cannot even load is caught at once
        return {"outcome": "killed", "seconds": time.monotonic() - start, "why": f"not loaded: {exc!r}"[:300]}
    import release_fuzz

    try:
        release_fuzz.run(seconds, fuzz_seed, games, every=100, report=1e9)
    except release_fuzz.Broken as broken:
        return {"outcome": "killed", "seconds": time.monotonic() - start, "why": str(broken).splitlines()[0][:300]}
    except Exception as exc:
        return {"outcome": "killed", "seconds": time.monotonic() - start, "why": f"{exc!r}"[:300]}
    return {"outcome": "survived", "seconds": time.monotonic() - start, "why": ""}


@dataclass
class Result:
    module: str
    mutant: str
    outcome: str
    seconds: float
    why: str


def judge(path: str, index: int | None, hand_made: int | None, seconds: float, fuzz_seed: int,
          description: str) -> Result:
    """One mutant in a fresh process; a child that outlives ``seconds`` by a minute is hung."""
    command = [sys.executable, __file__, "--child", path, "--seconds", str(seconds), "--fuzz-seed", str(fuzz_seed)]
    command += ["--hand-made-index", str(hand_made)] if hand_made is not None else ["--index", str(index)]
    start = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return Result(path, description, "hung", time.monotonic() - start, "no answer")
    wall = time.monotonic() - start
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        return Result(path, description, "killed", wall, (done.stderr.strip().splitlines() or ["crashed"])[-1][:300])
    answer = json.loads(lines[-1])
    return Result(path, description, str(answer["outcome"]), wall, str(answer["why"]))


def table(results: list[Result], totals: dict[str, int]) -> list[str]:
    rows = ["| module | mutants | run | killed | hung | survived | score |", "|---|---:|---:|---:|---:|---:|---:|"]
    for path in dict.fromkeys(r.module for r in results):
        mine = [r for r in results if r.module == path]
        killed = sum(r.outcome == "killed" for r in mine)
        hung = sum(r.outcome == "hung" for r in mine)
        survived = sum(r.outcome == "survived" for r in mine)
        rows.append(f"| {path} | {totals.get(path, len(mine))} | {len(mine)} | {killed} | {hung} | {survived} | "
                    f"{100 * (killed + hung) / len(mine):.0f}% |")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", default=",".join(MODULES), help="modules to mutate, comma-separated")
    parser.add_argument("--sample", type=int, default=12, help="mutants per module, drawn with --seed (0: all)")
    parser.add_argument("--seed", type=int, default=1, help="which mutants the sample draws")
    parser.add_argument("--seconds", type=float, default=60.0, help="fuzzing time per mutant (default 60)")
    parser.add_argument("--fuzz-seed", type=int, default=1, help="the release fuzzer's seed for every mutant")
    parser.add_argument("--hand-made", action="store_true", help="the five Gin Rummy mutations of issue 41")
    parser.add_argument("--part", choices=("play", "checks", "advice", "all"), default="play",
                        help="the mutants of play (default), of the save and table checks, of the hints' "
                             "helpers, or all")
    parser.add_argument("--list", action="store_true", help="list the mutants of --modules and stop")
    parser.add_argument("--out", type=Path, help="write every mutant's result here as JSON")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--index", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--hand-made-index", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        games = list(MODULES[args.child])
        print(json.dumps(run_mutant(args.child, args.index, args.hand_made_index, args.seconds, args.fuzz_seed,
                                    games)), flush=True)
        return 0
    if os.nice(0) < 10:
        os.nice(10 - os.nice(0))  # a shared machine: the campaign and its children yield to others' work
    modules = [m.strip() for m in args.modules.split(",") if m.strip()]
    unknown = [m for m in modules if m not in MODULES]
    if unknown:
        parser.error(f"not a module this script mutates: {', '.join(unknown)} (it mutates {', '.join(MODULES)})")
    if args.list:
        for path in modules:
            for k, what in mutants_of(path, args.part):
                print(f"{path} #{k}: {what}")
        return 0
    results: list[Result] = []
    if args.hand_made:
        for k, (path, what, _text, _changed) in enumerate(HAND_MADE):
            result = judge(path, None, k, args.seconds, args.fuzz_seed, what)
            results.append(result)
            print(f"{what}: {result.outcome} in {result.seconds:.1f} s ({result.why[:160]})", flush=True)
        missed = [r for r in results if r.outcome != "killed" or r.seconds > 60]
        if args.out:
            args.out.write_text(json.dumps([asdict(r) for r in results], indent=2) + "\n")
        print(f"hand-made mutations caught: {len(results) - len(missed)} of {len(results)}")
        return 1 if missed else 0
    draw = random.Random(args.seed)
    totals: dict[str, int] = {}
    # Every module's sample is drawn, in the order of MODULES, whichever are run: a module run alone meets
    # the same mutants as in the whole campaign of the same seed.
    for path in MODULES:
        described = mutants_of(path, args.part)
        chosen = sorted(draw.sample(described, min(args.sample, len(described)))) if args.sample else described
        if path not in modules:
            continue
        totals[path] = len(described)
        for index, what in chosen:
            result = judge(path, index, None, args.seconds, args.fuzz_seed, f"#{index} {what}")
            results.append(result)
            print(f"{path} {result.mutant}: {result.outcome} in {result.seconds:.1f} s {result.why[:140]}", flush=True)
    if args.out:
        args.out.write_text(json.dumps([asdict(r) for r in results], indent=2) + "\n")
    print("\n".join(table(results, totals)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
