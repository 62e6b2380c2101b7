"""The Take That table: importing the package registers it (`table_for("takethat")`)."""
from tentable.ui.tables.takethat.table import TakeThatTable

__all__ = ["TakeThatTable"]
