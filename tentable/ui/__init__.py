"""Everything pygame: window, scenes, widgets and theme."""
