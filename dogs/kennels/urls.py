from django.urls import path

from dogs.kennels import views

# Kennel licenses: the Animal Inspector's visit, the roster and kennel review hearings
# (Code ch. 60, Kennel license B).
urlpatterns = [
    path("kennels/", views.kennels, name="kennels"),
    path("kennels/<int:pk>/", views.kennel, name="kennel"),
    path("kennels/<int:pk>/roster.pdf", views.kennel_roster_pdf, name="kennel_roster_pdf"),
    path("kennels/applications/<int:pk>/inspection/", views.inspection_schedule,
         name="kennel_inspection_schedule"),
    path("kennel-reviews/<int:pk>/", views.kennel_review_page, name="kennel_review"),
    path("kennel-reviews/<int:pk>/letters.pdf", views.kennel_review_letters,
         name="kennel_review_letters"),
]
