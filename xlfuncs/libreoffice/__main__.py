"""``python -m xlfuncs.libreoffice``: compile the add-in's type library again
(``xlfuncs/libreoffice/xlfuncs.rdb``, and the IDL it is compiled from beside it) after the
Excel functions changed; needs ``unoidl-write`` (LibreOffice's SDK)."""

from __future__ import annotations

import sys
from pathlib import Path

from .package import IDL, RDB, AddinError, compile_type_library, idl_text


def main() -> int:
    """Write the IDL and compile the type library beside this module."""
    here = Path(__file__).resolve().parent
    idl = idl_text()
    try:
        compile_type_library(idl, here / RDB)
    except AddinError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    (here / IDL).write_text(idl, encoding="utf-8")
    print(here / RDB)
    return 0


if __name__ == "__main__":
    sys.exit(main())
