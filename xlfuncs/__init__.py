"""xlfuncs: FIDE-correct chess rating maths for Excel, on xlwings.

The rules live in :mod:`xlfuncs.core` (pure Python, no I/O); :mod:`xlfuncs.excel` turns cell
values into core arguments and core errors into Excel error values; :mod:`xlfuncs.udfs` holds
the Excel functions (the only module that imports xlwings).
"""

__version__ = "0.2.0"
