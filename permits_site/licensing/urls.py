from django.urls import path

from permits_site.licensing.views import apply, closures, fees, penalties, resident, staff

app_name = "licensing"
urlpatterns = [
    path("dashboard/", resident.dashboard, name="dashboard"),
    path("apply/<str:code>/", apply.apply, name="apply"),
    path("staff/counter/<str:code>/", apply.counter, name="counter"),
    path("admin/permit-types/", apply.permit_types, name="permit_types"),
    path("admin/permit-types/<str:code>/online/", apply.permit_type_online,
         name="permit_type_online"),
    path("applications/<int:pk>/", resident.application_detail, name="application"),
    path("applications/<int:pk>/edit/", apply.edit, name="edit"),
    path("applications/<int:pk>/submit/", resident.application_submit, name="submit"),
    path("applications/<int:pk>/withdraw/", resident.application_withdraw, name="withdraw"),
    path("applications/<int:pk>/documents/", resident.document_upload, name="upload"),
    path("documents/<int:pk>/file/", resident.document_file, name="document_file"),
    path("permits/<int:pk>/pdf/", resident.permit_pdf, name="permit_pdf"),
    path("staff/queue/", staff.queue, name="queue"),
    path("staff/applications/<int:pk>/", staff.review, name="review"),
    path("staff/applications/<int:pk>/decide/<slug:decision>/", staff.decide, name="decide"),
    path("staff/applications/<int:pk>/issue/", staff.issue, name="issue"),
    path("staff/applications/<int:pk>/determinations/<int:index>/", staff.determination,
         name="determination"),
    path("staff/applications/<int:pk>/penalties/", penalties.record_penalty,
         name="record_penalty"),
    path("staff/applications/<int:pk>/payment/", staff.payment, name="payment"),
    path("staff/documents/<int:pk>/decision/", staff.document_decision, name="document_decision"),
    path("staff/applications/<int:pk>/variances/", staff.variance_request, name="variance_request"),
    path(
        "staff/applications/<int:pk>/variances/<int:variance_pk>/approve/",
        staff.variance_approve,
        name="variance_approve",
    ),
    path(
        "staff/applications/<int:pk>/variances/<int:variance_pk>/deny/",
        staff.variance_deny,
        name="variance_deny",
    ),
    path(
        "staff/applications/<int:pk>/variances/<int:variance_pk>/notice.pdf",
        staff.variance_notice,
        name="variance_notice",
    ),
    path("staff/applications/<int:pk>/hearings/", staff.hearing_schedule, name="hearing_schedule"),
    path(
        "staff/applications/<int:pk>/hearings/<int:hearing_pk>/decide/",
        staff.hearing_decide,
        name="hearing_decide",
    ),
    path(
        "staff/applications/<int:pk>/hearings/<int:hearing_pk>/notices.pdf",
        staff.hearing_notices,
        name="hearing_notices",
    ),
    path("admin/fees/", fees.fee_schedules, name="fee_schedules"),
    path("admin/closures/<slug:code>/", closures.closures, name="closures"),
    path("admin/closures/remove/<int:pk>/", closures.closure_remove, name="closure_remove"),
    path("admin/fees/<str:code>/new/", fees.fee_schedule_new, name="fee_schedule_new"),
]
