from django.urls import path

from dogs import case_views, dog_page, impound_views, kennel_views, limit_views, views

app_name = "dogs"
urlpatterns = [
    path("new/", views.dog_form, name="dog_new"),
    path("<int:pk>/edit/", views.dog_form, name="dog_edit"),
    path("<int:pk>/paper-license/", views.paper_license, name="paper_license"),
    path("apply/", views.apply, name="apply"),
    path("apply/fee/", views.fee_preview, name="fee_preview"),
    path("renewals/", views.renewal_season, name="renewal_season"),
    path("renewals/remind/", views.send_reminders, name="send_reminders"),
    path("renewals/issue/", views.issue_renewals, name="issue_renewals"),
    path("renewals/batches/<int:pk>/pdfs/", views.batch_pdf_status, name="batch_pdf_status"),
    path("renewals/sheets/", views.mailing_sheets, name="mailing_sheets"),
]

# Impoundment and the public "found a dog?" page (Code ch. 60, Impoundment).
urlpatterns += [
    path("impoundments/", impound_views.impound_list, name="impoundments"),
    path("impoundments/new/", impound_views.impound_new, name="impoundment_new"),
    path("impoundments/<int:pk>/", impound_views.impound_detail, name="impoundment"),
    path("impoundments/<int:pk>/<slug:action>/", impound_views.impound_action,
         name="impoundment_action"),
    path("found/", impound_views.found_dog, name="found_dog"),
]

# Dog cases: potentially dangerous dogs, appeals, restraint orders (Code ch. 60).
urlpatterns += [
    path("cases/<int:pk>/", case_views.case, name="case"),
    path("cases/<int:pk>/<slug:action>/", case_views.case_action, name="case_action"),
    path("cases/<int:pk>/appeals/<int:appeal_pk>/ruling.pdf", case_views.ruling_letters,
         name="case_ruling_letters"),
    path("cases/<int:pk>/relocations/<int:number>/", case_views.relocation_notice,
         name="case_relocation_notice"),
]

# Residence limits and noise complaints (Code ch. 60, Limits; Restraint C).
urlpatterns += [
    path("limits/new/", limit_views.limits_new, name="limits_new"),
    path("limits/<int:pk>/", limit_views.limits_case, name="limits_case"),
    path("limits/<int:pk>/<slug:action>/", limit_views.limits_action, name="limits_action"),
    path("noise/<int:pk>/", limit_views.noise_case, name="noise_case"),
    path("noise/<int:pk>/<slug:action>/", limit_views.noise_action, name="noise_action"),
]

# Kennel licenses: the Animal Inspector's visit, the roster and kennel review hearings
# (Code ch. 60, Kennel license B).
urlpatterns += [
    path("kennels/", kennel_views.kennels, name="kennels"),
    path("kennels/<int:pk>/", kennel_views.kennel, name="kennel"),
    path("kennels/<int:pk>/dogs/", kennel_views.kennel_dog_add, name="kennel_dog_add"),
    path("kennels/<int:pk>/roster.pdf", kennel_views.kennel_roster_pdf,
         name="kennel_roster_pdf"),
    path("kennels/<int:pk>/review/", kennel_views.kennel_review_open, name="kennel_review_open"),
    path("kennels/applications/<int:pk>/inspection/", kennel_views.inspection_schedule,
         name="kennel_inspection_schedule"),
    path("kennel-reviews/<int:pk>/", kennel_views.kennel_review_page, name="kennel_review"),
    path("kennel-reviews/<int:pk>/<slug:action>/", kennel_views.kennel_review_action,
         name="kennel_review_action"),
]

# A dog's page for staff: licenses, tags, cases and impoundments (Code ch. 60).
urlpatterns += [
    path("<int:pk>/record/", dog_page.dog_record, name="dog_record"),
]
