"""The desktop application's public entry points (interfaces.md section 4), kept here for
``tabletop.ui.app.create_window(path, settings=None)`` and the launcher; they live in
:mod:`tabletop.ui.shell.app`."""

from tabletop.ui.shell.app import (
    XCB_LIBRARIES,
    application,
    create_window,
    main,
    missing_display,
    missing_xcb_libraries,
)

__all__ = [
    "XCB_LIBRARIES",
    "application",
    "create_window",
    "main",
    "missing_display",
    "missing_xcb_libraries",
]
