"""flickboard: crokinole and table shuffleboard by the book.

Layers (one-way): geometry -> physics -> rules -> play -> events; agents beside play;
store, web, cli and envs are adapters on top.
"""

__version__ = "0.1.0"
