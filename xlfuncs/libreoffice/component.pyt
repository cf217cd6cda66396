"""xlfuncs: FIDE rating maths as LibreOffice Calc functions (the add-in's UNO component).

Written into the add-in by `xlfuncs libreoffice`; LibreOffice's Python loads it, with the
xlfuncs package the add-in holds under pythonpath/ on the module path. Each method of the
interface org.xlfuncs.calc.XFunctions is one Excel function of xlfuncs.udfs, run without
xlwings: its arguments read as xlwings gives them, its answer given back as Calc shows it
(xlfuncs.libreoffice.cells).
"""

import sys

if sys.version_info < (3, 10):  # said when the add-in is installed (unopkg, Extension Manager)
    raise ImportError(
        "xlfuncs needs Python 3.10 or newer; this LibreOffice runs Python "
        f"{sys.version.split()[0]}: install a newer LibreOffice (or, on Linux, one that uses "
        "the system's Python 3.10+) and add xlfuncs.oxt again"
    )

import unohelper
from com.sun.star.lang import XServiceInfo, XServiceName

from xlfuncs.libreoffice.runtime import IMPLEMENTATION, SERVICES, methods

try:
    from org.xlfuncs.calc import XFunctions

    _INTERFACES = (XFunctions, XServiceName, XServiceInfo)
except ImportError:  # unopkg registers the component before the add-in's types are known
    _INTERFACES = (XServiceName, XServiceInfo)


class Functions(unohelper.Base, *_INTERFACES):
    """The add-in: one method per Excel function (set below)."""

    def __init__(self, ctx):
        self.ctx = ctx

    def getServiceName(self):
        return IMPLEMENTATION

    def getImplementationName(self):
        return IMPLEMENTATION

    def supportsService(self, name):
        return name in SERVICES

    def getSupportedServiceNames(self):
        return SERVICES


def _method(call):
    def method(self, *args):
        return call(*args)

    method.__name__ = call.__name__
    return method


for _name, _call in methods().items():
    setattr(Functions, _name, _method(_call))

g_ImplementationHelper = unohelper.ImplementationHelper()
g_ImplementationHelper.addImplementation(Functions, IMPLEMENTATION, SERVICES)
