"""Date and number formats for the site's languages where Django's own do not suit (settings.FORMAT_MODULE_PATH)."""
