"""Septic system inspection reports, the Board's licenses of system inspectors, and the cases
of failed systems (Tisbury BOH Reg 09.0.8(4), 09.0.8(8), 09.1.3(5))."""
