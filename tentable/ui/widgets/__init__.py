"""Reusable table pieces: cards, sprites, tweens, drag-and-drop, layout, buttons, panels."""
