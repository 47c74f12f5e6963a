"""Network play: the table server (`scram --server`), its protocol `scram-net/1`
(docs/PROTOCOL.md, in `protocol.py`), shared with its client (`game.seat`).

The server is the only authority: one actor per table holds the game, the rules core checks
every decision, bots think on the server on their seat's view, every accepted decision is
stored (SQLite) before anyone is told, and each seat receives only what it may see.

May use the rules core (`game.rules`), the files room for names, text cleaning, the data
folder and the settings' paces (`game.files`), the bots (`ai`), `websockets` and
`miniupnpc`; never the UI or pygame. The desktop game (`game.ui`) may import it.

Modules: `protocol` (constants, validators, message builders), `strict_json` (what a frame
may hold), `codes` (table codes and
tokens), `limits` (rate limits), `storage` / `sqlite_store` (where tables and decisions are
kept), `seats`, `bots` (the one bot seat: the server's and the player's window's), `views`
(what a seat is sent), `table` (the table actor, holding its `lobby` and its `match`;
`inbox`: what its inbox holds), `server` (connections and the table registry, `/healthz`),
`serve` (the `scram --server` command). The client half (the asyncio client, the desktop's
network thread, invitations, the headless bot client) is a player's side of the table:
`game.seat`, which imports this package and is never imported by it.
docs/NETWORK-OPS.md says how to run it; docs/NETWORK-EXTENSIONS.md what it adds to the
protocol and how it reads it.
"""
