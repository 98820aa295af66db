from django.urls import path

app_name = "stables"
urlpatterns: list = []
