"""Lots a subdivision created, and their disposal works (Tisbury BOH Reg 09.4.1, 09.4.2)."""
