"""L7: the desktop application (QtWidgets), one package per kind: ``shell`` (application,
main window, files, recovery), ``scene`` (the map scene, view, items, layers), ``play``
(play, review, adjust and their panels), ``editor``, ``scenario``, ``counters`` (the three
editors), ``tools`` (the map-tool protocol); ``bridge`` is a document's notification
channel; ``app`` re-exports the public entry points."""
