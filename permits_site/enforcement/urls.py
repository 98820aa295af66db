from django.urls import path

app_name = "enforcement"
urlpatterns: list = []
