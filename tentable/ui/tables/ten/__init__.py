"""The TEN table: importing the package registers it (`table_for("ten")`)."""
from tentable.ui.tables.ten.table import TenTable

__all__ = ["TenTable"]
