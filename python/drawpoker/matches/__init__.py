"""Many hands between CPU players: :func:`~drawpoker.matches.simulation.simulate` (one table
played again and again, in parallel), :func:`~drawpoker.matches.duplicate.match` (duplicate
matches between players) and the all-in adjustment they use
(:mod:`~drawpoker.matches.allin`). Tables, CPU players and histories together, below the command
line and above each of them.

>>> from drawpoker.matches.simulation import simulate
>>> simulate("five-card-draw", games=2, bots=["checkcall"], players=2, seed=1).games
2
"""
