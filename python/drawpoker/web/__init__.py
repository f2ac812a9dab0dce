"""Play in the browser: ``drawpoker serve``, a web server for every registered game.

The parts, one job each:

- :mod:`~drawpoker.web.protocol`: the WebSocket messages a browser may send, checked;
- :mod:`~drawpoker.web.seatview`: what one seat is shown (its view as JSON, its events);
- :mod:`~drawpoker.web.stream`: each seat's numbered stream of events, for updates and reconnects;
- :mod:`~drawpoker.web.lobby`: the games on offer and the checked request for a new table;
- :mod:`~drawpoker.web.store`: tables, seats, CPU players and hands, saved as they happen (its
  SQL written once), with its parts (:mod:`~drawpoker.web.store_parts`), its backends
  (:mod:`~drawpoker.web.store_backend`, :mod:`~drawpoker.web.store_sqlite`,
  :mod:`~drawpoker.web.store_postgres`) and their migrations (``migrations/``);
- :mod:`~drawpoker.web.room`: one live table: its seats, connections, CPU turns and timer;
- :mod:`~drawpoker.web.house`: every live table of the server, created or loaded from the store;
- :mod:`~drawpoker.web.analysis`: the tips page's data and the discard analysis form;
- :mod:`~drawpoker.web.history`: a seat's hand-history download;
- :mod:`~drawpoker.web.app`: the Starlette application (pages, JSON API, the WebSocket);
- past one process (``docs/scale-out.md``): :mod:`~drawpoker.web.lanes` (leases),
  :mod:`~drawpoker.web.bus` (fan-out), :mod:`~drawpoker.web.inbox` (requests to a lane's
  dealer), :mod:`~drawpoker.web.relay` (a dealer's publishing), :mod:`~drawpoker.web.dealer`,
  :mod:`~drawpoker.web.gateway` and their applications, :mod:`~drawpoker.web.roles`.

The pages (``static/``) are plain HTML, CSS and JavaScript, served as they are. The WebSocket
protocol is written down in ``docs/protocol.md``.

>>> from drawpoker.web.protocol import MAX_MESSAGE
>>> MAX_MESSAGE
4096
"""
