"""The browser faces of flickboard: the table (play), the desk (events), one app, one port.

The server decides, the page shows: pages never simulate or rule; they send what a
person did and draw what the server answers (docs/web.md).
"""
