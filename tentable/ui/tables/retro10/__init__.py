"""The Retro10 table: importing the package registers it (`table_for("retro10")`)."""
from tentable.ui.tables.retro10.table import Retro10Table

__all__ = ["Retro10Table"]
