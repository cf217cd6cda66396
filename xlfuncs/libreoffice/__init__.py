"""The Excel functions as a LibreOffice Calc add-in (``xlfuncs libreoffice``): the
functions' list read from :mod:`xlfuncs.udfs` (:mod:`.functions`), the ``.oxt`` that
LibreOffice installs (:mod:`.package`), and what its UNO component runs inside LibreOffice's
Python (:mod:`.runtime`, :mod:`.cells`). How and why: ``docs/libreoffice.md``."""
