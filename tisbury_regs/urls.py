from django.urls import path

from tisbury_regs import record_views, views

app_name = "tisbury_regs"
urlpatterns = [
    path("applications/<int:pk>/public-water/", views.record_public_water,
         name="record_public_water"),
    # Septic inspection reports and failed systems (09.0.8(4), 09.1.3(5)).
    path("septic/reports/new/", record_views.file_report, name="file_septic_report"),
    path("septic/reports/<int:pk>/", record_views.report_detail, name="septic_report"),
    path("septic/reports/<int:pk>/letter/", record_views.seller_letter, name="seller_letter"),
    path("septic/inspectors/", record_views.inspector_licenses, name="inspector_licenses"),
    path("septic/inspectors/<int:pk>/revoke/", record_views.revoke_license,
         name="revoke_inspector_license"),
    path("septic/cases/<int:pk>/", record_views.failed_system_case,
         name="failed_system_case"),
    path("septic/cases/<int:pk>/escalate/", record_views.escalate,
         name="escalate_failed_system"),
    path("septic/cases/<int:pk>/checks/<str:code>/", record_views.run_check,
         name="failed_system_check"),
]

# Board of Health orders with clocks (09.7.3, 09.4.8, 09.4.7, 09.5.2).
from tisbury_regs import health_order_views  # noqa: E402

urlpatterns += [
    path("health/", health_order_views.health_list, name="health_orders"),
    path("health/new/<slug:kind>/", health_order_views.health_report, name="health_report"),
    path("health/<int:pk>/", health_order_views.health_case, name="health_case"),
    path("health/<int:pk>/<slug:action>/", health_order_views.health_case_action,
         name="health_case_action"),
]

# Septage pump-out returns (09.6.2) and well meter readings (09.3.1(4)).
from tisbury_regs import pumpout_views, well_views  # noqa: E402

urlpatterns += [
    path("pumpout/", pumpout_views.board_returns, name="pumpout_returns_board"),
    path("pumpout/returns/", pumpout_views.my_returns, name="my_pumpout_returns"),
    path("pumpout/returns/new/", pumpout_views.file_return, name="file_pumpout_return"),
    path("pumpout/returns/<int:pk>/", pumpout_views.return_detail, name="pumpout_return"),
    path("wells/", well_views.board_wells, name="board_wells"),
    path("wells/readings/", well_views.my_wells, name="my_wells"),
]
