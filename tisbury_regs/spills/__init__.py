"""Hazardous substance spills reported to the Board of Health (Tisbury BOH Reg 09.9.6(3))."""
