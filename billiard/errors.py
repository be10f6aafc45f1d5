"""The one exception type the command line turns into a clear message and exit code 2."""


class BilliardError(ValueError):
    """Bad user input (a shot, a file, a parameter): the message is shown as is."""
