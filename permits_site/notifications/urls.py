from django.urls import path

from permits_site.notifications import views

app_name = "notifications"
urlpatterns = [
    path("", views.my_messages, name="messages"),
    path("preference/", views.preference, name="preference"),
]
