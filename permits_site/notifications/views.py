"""The signed-in person's messages and their reminder preference."""

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from permits_site.licensing.views import listing
from permits_site.notifications import services
from permits_site.notifications.forms import PreferenceForm
from permits_site.notifications.models import Message, Preference

MY_MESSAGES = listing.ListSpec(
    sorts={
        "-sent": listing.Sort("Newest first", ("-created_at", "-pk")),
        "sent": listing.Sort("Oldest first", ("created_at", "pk")),
    },
)


def _preference_form(user) -> PreferenceForm:
    return PreferenceForm(instance=Preference.objects.filter(user=user).first())


@login_required
@require_GET
def my_messages(request):
    """Every message sent to the signed-in person, newest first, 25 a page."""
    page = listing.paginate(request, Message.objects.filter(recipient=request.user), MY_MESSAGES)
    return render(request, "notifications/messages.html", {
        "listing": page, "rows": page.rows, "form": _preference_form(request.user),
    })


@login_required
@require_POST
def preference(request):
    """Turn reminders off or on; an unticked box (or none sent) turns them on."""
    form = PreferenceForm(request.POST)
    skip = form.is_valid() and form.cleaned_data["skip_reminders"]
    services.set_preference(user=request.user, skip_reminders=skip)
    flash.success(request, "Reminders are off: you will still get every legal notice."
                  if skip else "Reminders are on.")
    return redirect("notifications:messages")
