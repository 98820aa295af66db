"""The Board of Health's orders with clocks: animal bite quarantines (09.7.3), public facility
corrections (09.4.8), underground storage tank notifications (09.4.7) and certified food
managers (09.5.2)."""
