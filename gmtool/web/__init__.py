"""``gmtool serve``: the campaign in a browser (Starlette, Jinja2, server-sent events).

Imported only by ``gmtool serve``: no other command loads the web libraries.
"""
