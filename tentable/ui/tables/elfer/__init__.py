"""The Elfer raus! Master table: importing the package registers it (`table_for("elfer")`)."""
from tentable.ui.tables.elfer.table import ElferTable

__all__ = ["ElferTable"]
