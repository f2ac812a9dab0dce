"""Play in the browser: ``drawpoker serve``, a web server for every registered game.

The parts, one job each:

- :mod:`~drawpoker.site.protocol`: the WebSocket messages a browser may send, checked;
- :mod:`~drawpoker.site.seatview`: what one seat is shown (its view as JSON, its events);
- :mod:`~drawpoker.site.stream`: each seat's numbered stream of events, for updates and reconnects;
- :mod:`~drawpoker.site.lobby`: the games on offer and the checked request for a new table;
- :mod:`~drawpoker.site.store`: tables, seats, CPU players and hands, saved as they happen (its
  SQL written once), with its parts (:mod:`~drawpoker.site.store_parts`), its backends
  (:mod:`~drawpoker.site.store_backend`, :mod:`~drawpoker.site.store_sqlite`,
  :mod:`~drawpoker.site.store_postgres`) and their migrations (``migrations/``);
- :mod:`~drawpoker.site.room`: one live table: its seats, connections, CPU turns and timer;
- :mod:`~drawpoker.site.house`: every live table of the server, created or loaded from the store;
- :mod:`~drawpoker.site.analysis`: the tips page's data and the discard analysis form;
- :mod:`~drawpoker.site.history`: a seat's hand-history download;
- :mod:`~drawpoker.site.app`: the Starlette application (pages, JSON API, the WebSocket);
- past one process (``docs/scale-out.md``): :mod:`~drawpoker.site.lanes` (leases),
  :mod:`~drawpoker.site.bus` (fan-out), :mod:`~drawpoker.site.inbox` (requests to a lane's
  dealer), :mod:`~drawpoker.site.relay` (a dealer's publishing), :mod:`~drawpoker.site.dealer`,
  :mod:`~drawpoker.site.gateway` and their applications, :mod:`~drawpoker.site.roles`.

The pages (``static/``) are plain HTML, CSS and JavaScript, served as they are. The WebSocket
protocol is written down in ``docs/protocol.md``.

>>> from drawpoker.site.protocol import MAX_MESSAGE
>>> MAX_MESSAGE
4096
"""
