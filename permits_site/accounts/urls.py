from django.contrib.auth.views import (
    LogoutView,
    PasswordResetCompleteView,
    PasswordResetDoneView,
)
from django.urls import path
from django.views.generic import RedirectView

from permits_site.accounts import staff_views, views

app_name = "accounts"
urlpatterns = [
    path("admin/staff/", staff_views.staff_roles_start, name="staff_roles_start"),
    path("admin/staff/<slug:code>/", staff_views.staff_roles, name="staff_roles"),
    path("i18n/setlang/", views.set_language, name="set_language"),
    path("accounts/sign-in/", views.SignInView.as_view(), name="login"),
    # Django's usual sign-in address, which bookmarks and other sites' links use, with its
    # ?next= kept.
    path("accounts/login/", RedirectView.as_view(pattern_name="accounts:login",
                                                 query_string=True, permanent=True)),
    path("accounts/sign-out/", LogoutView.as_view(), name="logout"),
    path("accounts/register/", views.register, name="register"),
    path("accounts/profile/", views.profile, name="profile"),
    path("accounts/email/", views.email_change, name="email_change"),
    path("accounts/email/confirm/<str:token>/", views.email_confirm, name="email_confirm"),
    path("accounts/password/", views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password-reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/password-reset/sent/",
         PasswordResetDoneView.as_view(template_name="accounts/password_reset_done.html"),
         name="password_reset_done"),
    path("accounts/password-reset/<uidb64>/<token>/", views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("accounts/password-reset/done/",
         PasswordResetCompleteView.as_view(
             template_name="accounts/password_reset_complete.html"),
         name="password_reset_complete"),
]
