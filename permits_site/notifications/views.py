"""The signed-in person's messages and their reminder preference; the clerk's letters to
post to people without an email address."""

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.exceptions import DomainError
from permits_site.licensing.views import listing
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.licensing.views.resident import error_messages
from permits_site.notifications import services
from permits_site.notifications.forms import PreferenceForm
from permits_site.notifications.models import Message, Preference
from permits_site.towns.models import Municipality

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


def _clerks_towns(request) -> set[int]:
    return permissions.towns_with(request.user, [Role.CLERK], doing="post the town's letters")


def letters_spec(towns) -> listing.ListSpec:
    """The letters list's parameters: to post (the default) or posted, and the town."""
    return listing.ListSpec(
        sorts={
            "written": listing.Sort("Oldest first", ("created_at", "pk")),
            "-written": listing.Sort("Newest first", ("-created_at", "-pk")),
        },
        search_fields=("recipient__first_name", "recipient__last_name", "postal_address",
                       "subject"),
        search_label="Search name, address or subject",
        filters={
            "status": listing.Filter("Status", {
                "to_post": ("To post", Q(posted_at__isnull=True)),
                "posted": ("Posted", Q(posted_at__isnull=False)),
            }, default="to_post", all_label="All letters"),
            "town": listing.town_filter(
                Municipality.objects.filter(pk__in=towns).order_by("name")),
        },
    )


def _letters(towns):
    return Message.objects.filter(email__isnull=True, municipality_id__in=towns
                                  ).select_related("recipient", "municipality", "posted_by")


@login_required
@require_GET
def letters(request):
    """The letters the office must post in the clerk's towns, oldest first, 25 a page; a
    fixed number of queries whatever their number."""
    towns = _clerks_towns(request)
    page = listing.paginate(request, _letters(towns), letters_spec(towns))
    return render(request, "notifications/letters.html", {"listing": page, "rows": page.rows})


@login_required
@require_GET
def letters_print(request):
    """Every letter of the list's current page, one to a printed sheet."""
    towns = _clerks_towns(request)
    page = listing.paginate(request, _letters(towns), letters_spec(towns))
    return render(request, "notifications/letters_print.html", {"letters": page.rows})


def _clerks_letter(request, pk: int) -> Message:
    return get_visible_or_404(
        _letters(permissions.municipality_ids_with(request.user, Role.CLERK)),
        lambda user, letter: permissions.is_clerk(user, letter.municipality_id),
        request.user, pk=pk,
    )


@login_required
@require_GET
def letter(request, pk: int):
    """One letter as it is printed; another town's letter is not found."""
    return render(request, "notifications/letters_print.html",
                  {"letters": [_clerks_letter(request, pk)]})


@login_required
@require_POST
def letter_posted(request, pk: int):
    """Mark a printed letter posted (audited)."""
    letter = _clerks_letter(request, pk)
    try:
        services.mark_letter_posted(letter=letter, acting_user=request.user)
    except DomainError as refused:
        error_messages(request, refused)
    else:
        flash.success(request, f"Marked posted: “{letter.subject}” to "
                               f"{letter.recipient.display_name}.")
    return redirect("letters:list")
