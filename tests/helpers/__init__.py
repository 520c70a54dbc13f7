"""Helpers the tests share (games, files and maps built in code, the fuzzers' players, a PDF
reader, real clicks on a window), imported as ``tests.helpers.NAME``. Only ``clicks`` imports
Qt: the rules, data and geometry tests import these without PySide6."""
