"""A whole rating period: many tournament files in, every player's new rating out.

:mod:`.read` reads the files (in parallel when there are many), :mod:`.rows` matches the
players and has core rate each one's period (:mod:`xlfuncs.core.period`), :mod:`.render`
prints it, :mod:`.workbook` writes the workbook; ``xlfuncs period`` is
:mod:`xlfuncs.commands.period`.
"""
