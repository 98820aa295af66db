from django.contrib.auth.views import LogoutView
from django.urls import path

from permits_site.accounts import views

app_name = "accounts"
urlpatterns = [
    path("sign-in/", views.SignInView.as_view(), name="login"),
    path("sign-out/", LogoutView.as_view(), name="logout"),
    path("register/", views.register, name="register"),
]
