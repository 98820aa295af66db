from tisbury_regs.documents import urls as documents
from tisbury_regs.health_orders import urls as health_orders
from tisbury_regs.inspection_triggers import urls as inspection_triggers
from tisbury_regs.permits import urls as permits
from tisbury_regs.pumpout import urls as pumpout
from tisbury_regs.septic import urls as septic
from tisbury_regs.spills import urls as spills
from tisbury_regs.wells import urls as wells
from tisbury_regs.zones import urls as zones

app_name = "tisbury_regs"
urlpatterns = [
    # The clerk's public water record on a disposal works application (09.3.1(3)).
    *permits.urlpatterns,
    # Septic inspection reports and failed systems (09.0.8(4), 09.1.3(5)).
    *septic.urlpatterns,
    # Board of Health orders with clocks (09.7.3, 09.4.8, 09.4.7, 09.5.2).
    *health_orders.urlpatterns,
    # Septage pump-out returns (09.6.2).
    *pumpout.urlpatterns,
    # Well meter readings (09.3.1(4)).
    *wells.urlpatterns,
    # A place's zone, recorded by the Board (09.9.1(1), 09.9.2).
    *zones.urlpatterns,
    # Septic inspections the record requires (09.0.8(4)) and tank leak tests (09.4.7).
    *inspection_triggers.urlpatterns,
    # Charges for documents at the counter (09.0.5).
    *documents.urlpatterns,
    # Hazardous substance spills reported to the Board (09.9.6(3)e, f).
    *spills.urlpatterns,
]
