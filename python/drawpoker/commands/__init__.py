"""Subcommands of the ``drawpoker`` command line; each command module has NAME, HELP,
add_arguments and run (options, table_view and terminal_input are the terminal game's parts).

>>> [command.NAME for command in COMMANDS][:1]
['eval']
"""

from types import ModuleType

from drawpoker.commands import equity, evaluate, history, match, play, serve, simulate, tips

COMMANDS: list[ModuleType] = [evaluate, equity, play, simulate, match, history, serve, tips]
"""Every subcommand module, in the order ``--help`` lists them."""
