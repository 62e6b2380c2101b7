"""tentable: a desktop card table for five games that revolve around the number ten."""
from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("tentable")
except PackageNotFoundError:  # running from a frozen build or an uninstalled checkout
    __version__ = "0.1.0"
