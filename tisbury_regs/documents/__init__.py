"""Documents the Board makes available, sold at the counter (Tisbury BOH Reg 09.0.5)."""
