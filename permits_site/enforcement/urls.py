from django.urls import path

from permits_site.enforcement import (
    citation_views,
    fine_schedule_views,
    order_surcharge_views,
    scheduling_views,
    views,
)

app_name = "enforcement"
urlpatterns = [
    path("inspections/", views.inspections, name="inspections"),
    path("inspections/<int:pk>/", views.inspection, name="inspection"),
    path("inspections/<int:pk>/reschedule/", scheduling_views.inspection_reschedule,
         name="inspection_reschedule"),
    path("applications/<int:pk>/inspection/", scheduling_views.application_inspection,
         name="application_inspection"),
    path("hearings/<int:pk>/continue/", scheduling_views.hearing_continue,
         name="hearing_continue"),
    path("appeals/<int:pk>/hearing/continue/", scheduling_views.appeal_hearing_continue,
         name="appeal_hearing_continue"),
    path("photos/<int:pk>/", views.inspection_photo, name="photo"),
    path("cases/", views.cases, name="cases"),
    path("cases/<int:pk>/", views.case, name="case"),
    path("orders/<int:pk>/surcharge/", order_surcharge_views.order_surcharge,
         name="order_surcharge"),
    path("citations/", citation_views.citations, name="citations"),
    path("citations/<int:pk>/", citation_views.citation, name="citation"),
    path("citations/<int:pk>/citation.pdf", citation_views.citation_pdf, name="citation_pdf"),
    path("citations/<int:pk>/referral.pdf", citation_views.citation_referral,
         name="citation_referral"),
    path("parties/people/<int:user_id>/", citation_views.person_record, name="person_record"),
    path("parties/businesses/<int:business_id>/", citation_views.business_record,
         name="business_record"),
    path("deadlines/", views.deadlines, name="deadlines"),
    path("fine-schedules/", fine_schedule_views.fine_schedules, name="fine_schedules"),
    path("fine-schedules/<slug:code>/offenses/new/", fine_schedule_views.fine_offense_new,
         name="fine_offense_new"),
    path("fine-schedules/<slug:code>/offenses/<slug:offense>/",
         fine_schedule_views.fine_offense_amounts, name="fine_offense_amounts"),
]

#: The cited party's own pages, mounted at /citations/ under the "citations" namespace.
resident_urlpatterns = (
    [
        path("", citation_views.my_citations, name="mine"),
        path("<int:pk>/", citation_views.my_citation, name="detail"),
        path("<int:pk>/citation.pdf", citation_views.my_citation_pdf, name="pdf"),
    ],
    "citations",
)
