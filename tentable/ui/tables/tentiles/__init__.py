"""The TEN tiles table: importing the package registers it (`table_for("tentiles")`)."""
from tentable.ui.tables.tentiles.table import TenTilesTable

__all__ = ["TenTilesTable"]
