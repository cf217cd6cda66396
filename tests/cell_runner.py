"""Run a formula cell's compiled pipe as a plain sequence of calls.

``formulas`` compiles each formula into a :class:`schedula.utils.dsp.DispatchPipe`: the
formula's operators and functions as nodes of a small graph, and the order in which one
dispatch visits them (``pipe``). Each call of the pipe copies a whole schedula solution,
starts its workflow, and visits each node through schedula's general machinery (estimations,
distances, filters, callbacks, asynchronous hooks), which is most of the cost of a
recalculation once the formulas are compiled: a few milliseconds per cell.

:class:`FastPipe` makes the same calls in the same order with none of that: each input or
default value is put in a dict, each function node is called with its inputs' values, and the
output node's filters are applied. It does so only for the pipes whose every node is of the
plain kinds that machinery reduces to (:func:`_plan`: data nodes with one estimation and no
function, callback or wait; function nodes with no domain or filters that are not themselves
dispatchers, all in one solution), and falls back to the original pipe for any other, for
keyword calls, and for any call that raises (the original then raises, or gives the Excel
error, exactly as it would have). ``tests/test_engine.py`` checks the two give the same
values on every formula of a chart.
"""

from __future__ import annotations

from typing import Any

import schedula as sh
from schedula.dispatcher import Dispatcher
from schedula.utils.dsp import DispatchPipe, SubDispatch, parent_func, run_model

__all__ = ["FastPipe", "fast"]

_DATA, _FUNCTION = 0, 1

Plan = tuple[tuple[str, ...], list[tuple[Any, ...]], str, dict[str, Any]]
"""The pipe's inputs, its steps, its output and the graph's default values."""


class _Unplanned(Exception):
    """A call the plan does not cover: the original pipe makes it."""


def _plain_function(function: Any) -> bool:
    """Whether schedula calls *function* directly (not as a dispatcher or a model)."""
    parent = parent_func(function)
    if isinstance(parent, (SubDispatch, Dispatcher)):
        return False
    return not (isinstance(parent, type) and issubclass(parent, run_model))


def _plan(pipe: DispatchPipe) -> Plan | None:
    """The steps of *pipe*, in its order, or ``None`` where a node is not plain."""
    solution = pipe._sol
    defaults = pipe.dsp.default_values
    inputs = tuple(pipe.inputs or ())
    outputs = tuple(pipe.outputs or ())
    if len(outputs) != 1 or pipe.output_type != "values":
        return None
    steps: list[tuple[Any, ...]] = []
    estimations: dict[str, int] = {}
    for task, next_nodes, next_dispatchers in pipe.pipe:
        node_id, sol = task[-1]
        if sol is not solution or next_dispatchers:
            return None
        node = sol.nodes[node_id]
        if node["type"] == "data":
            if node.get("wait_inputs") or "function" in node or "callback" in node:
                return None
            if node_id is sh.START:
                continue
            if estimations.get(node_id, 0) > 1:
                return None
            if node_id in estimations:
                source = "made"
            elif node_id in inputs:
                source = "input"
            elif node_id in defaults:
                source = "default"
            else:
                return None
            steps.append((_DATA, node_id, source, tuple(node.get("filters", ()))))
        elif node["type"] == "function":
            if "input_domain" in node or "filters" in node:
                return None
            if not _plain_function(node["function"]):
                return None
            made = tuple(node["outputs"])
            for out in made:
                if out in next_nodes:
                    estimations[out] = estimations.get(out, 0) + 1
            steps.append((_FUNCTION, node["function"], tuple(node["inputs"]), made))
        else:
            return None
    return inputs, steps, outputs[0], {k: d["value"] for k, d in defaults.items()}


class FastPipe:
    """A compiled cell's pipe, called as a plain sequence of calls where it can be (see the
    module's docstring); every attribute but the call is the original pipe's."""

    __slots__ = ("_pipe", "_plan")

    def __init__(self, pipe: DispatchPipe) -> None:
        self._pipe = pipe
        self._plan = _plan(pipe)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pipe, name)

    @property
    def planned(self) -> bool:
        """Whether calls run the plan (``False``: each call is the original pipe's)."""
        return self._plan is not None

    def _run(self, plan: Plan, args: tuple[Any, ...]) -> Any:
        inputs, steps, output, defaults = plan
        if len(args) != len(inputs):
            raise _Unplanned
        given = dict(zip(inputs, args, strict=True))
        made: dict[str, Any] = {}
        values: dict[str, Any] = {}
        for step in steps:
            if step[0] == _DATA:
                _, node_id, source, filters = step
                if source == "made":
                    value = made[node_id]
                elif source == "input":
                    value = given[node_id]
                else:
                    value = defaults[node_id]
                for apply in filters:
                    value = apply(value)
                if value is not sh.NONE:
                    values[node_id] = value
            else:
                _, function, needs, outputs = step
                arguments = [values[i] for i in needs if i in values]
                if len(arguments) != len(needs):
                    raise _Unplanned
                result = function(*arguments)
                if len(outputs) == 1:
                    made[outputs[0]] = result
                else:
                    made.update(zip(outputs, result, strict=True))
        return values[output]

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        plan = self._plan
        if plan is None or kwargs:
            return self._pipe(*args, **kwargs)
        try:
            return self._run(plan, args)
        except Exception:  # the original pipe makes the call, and fails as it fails
            return self._pipe(*args)


def fast(cell: Any) -> Any:
    """*cell* (a compiled ``formulas`` cell) with its pipe run by :class:`FastPipe`."""
    wrapper = getattr(cell, "func", None)
    pipe = getattr(wrapper, "func", None)
    if isinstance(pipe, DispatchPipe):
        wrapper.func = FastPipe(pipe)
    return cell
