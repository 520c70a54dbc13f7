"""Play: the controller and its UI, the panels, odds chart and log, review and adjust
modes, line of sight, close combat, hot seat, play by e-mail, the opponent, victory, and
the play tools (select, aim, path)."""
