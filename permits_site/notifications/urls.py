from django.urls import path

from permits_site.notifications import views

app_name = "notifications"
urlpatterns = [
    path("", views.my_messages, name="messages"),
    path("preference/", views.preference, name="preference"),
]

#: The clerk's letters to post, mounted under ``staff/letters/``.
letter_urlpatterns = ([
    path("", views.letters, name="list"),
    path("print/", views.letters_print, name="print"),
    path("<int:pk>/", views.letter, name="letter"),
    path("<int:pk>/posted/", views.letter_posted, name="posted"),
], "letters")
