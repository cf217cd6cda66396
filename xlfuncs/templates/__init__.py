"""The template workbooks' generators: :mod:`.round_robin` and :mod:`.swiss` (both laid out
by :mod:`.chart`), :mod:`.rating_calculator`, :mod:`.initial_rating` and :mod:`.norms` (the
player templates, on :mod:`.player_sheets`, each computed cell one :mod:`.cell_formula`
expression), what they share (:mod:`.common`, :mod:`.event`, :mod:`.examples`,
:mod:`.functions`: our functions for the stored values); :mod:`.registry` names them,
:mod:`.workbook_diff` compares two workbooks by content. ``xlfuncs templates``
(:mod:`xlfuncs.commands.templates`) writes or checks them."""
