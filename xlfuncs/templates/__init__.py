"""The template workbooks' generators (:mod:`.registry` names them); ``xlfuncs templates``
(:mod:`xlfuncs.commands.templates`) writes or checks them."""
