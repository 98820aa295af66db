from django.urls import path

from dogs.licenses import collector_views, exemption_views, record, views

# The resident's dogs, the dog license and the Clerk's renewal season (Code ch. 60,
# Licenses A); a dog's record for staff.
urlpatterns = [
    path("new/", views.dog_form, name="dog_new"),
    path("<int:pk>/edit/", views.dog_form, name="dog_edit"),
    path("<int:pk>/paper-license/", views.paper_license, name="paper_license"),
    path("apply/", views.apply, name="apply"),
    path("apply/fee/", views.fee_preview, name="fee_preview"),
    path("apply/rabies-on-file/", views.rabies_on_file, name="rabies_on_file"),
    path("renewals/", views.renewal_season, name="renewal_season"),
    path("renewals/remind/", views.send_reminders, name="send_reminders"),
    path("renewals/issue/", views.issue_renewals, name="issue_renewals"),
    path("renewals/batches/<int:pk>/pdfs/", views.batch_pdf_status, name="batch_pdf_status"),
    path("renewals/sheets/", views.mailing_sheets, name="mailing_sheets"),
    path("<int:pk>/record/", record.dog_record, name="dog_record"),
    path("licenses/<int:pk>/tag-exemptions/", exemption_views.tag_exemptions,
         name="tag_exemptions"),
    path("collector/overdue-fees/", collector_views.overdue_fees, name="overdue_fees"),
    path("collector/overdue-fees.csv", collector_views.overdue_fees_csv,
         name="overdue_fees_csv"),
    path("tag-exemptions/<int:pk>/statement/", exemption_views.exemption_statement,
         name="exemption_statement"),
]
