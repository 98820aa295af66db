from django.urls import path

from tisbury_regs.septic import views

urlpatterns = [
    path("septic/reports/new/", views.file_report, name="file_septic_report"),
    path("septic/reports/<int:pk>/", views.report_detail, name="septic_report"),
    path("septic/reports/<int:pk>/letter/", views.seller_letter, name="seller_letter"),
    path("septic/inspectors/", views.inspector_licenses, name="inspector_licenses"),
    path("septic/inspectors/<int:pk>/revoke/", views.revoke_license,
         name="revoke_inspector_license"),
    path("septic/cases/<int:pk>/", views.failed_system_case, name="failed_system_case"),
    path("septic/cases/<int:pk>/escalate/", views.escalate, name="escalate_failed_system"),
]
