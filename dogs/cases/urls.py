from django.urls import path

from dogs.cases import views

# Dog cases: potentially dangerous dogs, appeals, restraint orders (Code ch. 60).
urlpatterns = [
    path("cases/<int:pk>/", views.case, name="case"),
    path("cases/<int:pk>/appeals/<int:appeal_pk>/ruling.pdf", views.ruling_letters,
         name="case_ruling_letters"),
    path("cases/<int:pk>/determination.pdf", views.determination_letter,
         name="case_determination_letter"),
    path("cases/<int:pk>/security.pdf", views.security_letter, name="case_security_letter"),
    path("cases/<int:pk>/relocations/<int:number>/", views.relocation_notice,
         name="case_relocation_notice"),
]
