"""The window's shell: the application, the main window and its menus, files and recent
files, recovery, loading and progress, help, the per-mode window layout and the print
dialogs. The modes (play, review, adjust and the three editors) live beside it."""
