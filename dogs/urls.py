from django.urls import path

from dogs import case_views, impound_views, views

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
]
