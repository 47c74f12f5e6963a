"""What several UI tests share, imported as `ui.support.NAME` (tests/ is on the path, as for
`ui_support` and `decks`): the layout checks' tables and recording surface (`layout`), the
networked screens built from a server's messages (`net_layout`), a real table server and
headless friends on threads (`net_table`), and the window scenario run in a process of its
own (`window_scenario`)."""
