"""Project configuration: settings, the root URL tree, WSGI and ASGI entry points."""
