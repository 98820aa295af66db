"""A septage handler's monthly returns of its pump-out permits, and the fine for a late one
(Tisbury BOH Reg 09.6.2)."""
