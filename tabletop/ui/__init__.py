"""L7: the desktop application (QtWidgets): main window, map scene and view, docks."""
