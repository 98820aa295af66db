"""The spring and fall readings of a registered well's sealed meter, and the Board's seasonal
schedules (Tisbury BOH Reg 09.3.1(4))."""
