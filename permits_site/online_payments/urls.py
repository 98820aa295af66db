from django.urls import path

from permits_site.online_payments import views

app_name = "online_payments"
urlpatterns = [
    path("", views.overview, name="overview"),
    path("invoices/<int:invoice_id>/", views.pay, name="pay"),
    path("checkouts/<uuid:token>/", views.returned, name="returned"),
    path("demo-checkout/<str:session_id>/", views.demo_checkout, name="demo_checkout"),
    path("webhooks/stripe/<slug:town>/", views.webhook, name="webhook"),
    path("towns/<slug:town>/", views.office, name="office"),
    path("flags/<int:pk>/reviewed/", views.flag_reviewed, name="flag_reviewed"),
]
