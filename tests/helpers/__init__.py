"""Helpers the tests share (games, files and maps built in code, the fuzzers' players, a PDF
reader, real clicks and keys on a window), imported as ``tests.helpers.NAME``. Only ``clicks``
and ``widgets`` import Qt: the rules, data and geometry tests import the others without
PySide6."""
