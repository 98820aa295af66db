"""Inspections the record triggers (Tisbury BOH Reg 09.0.8(4)) and tank leak tests
(09.4.7)."""
