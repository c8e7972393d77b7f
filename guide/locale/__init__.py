"""The gettext catalogues of the core and the games (see guide.core.i18n)."""
