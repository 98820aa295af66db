"""Paying an invoice online, the provider's webhook, and the pages staff keep.

The resident confirms what the card will be charged (the invoice's balance and
any convenience fee) and is sent to the provider's hosted checkout; coming back
shows what the provider has confirmed so far. The webhook is the only way a
payment is recorded.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_noop
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from permits_site.accounts.models import Role
from permits_site.accounts.permissions import (
    is_admin,
    municipality_ids_with,
    own_application_refusal,
    require_not_own_application,
)
from permits_site.exceptions import DomainError
from permits_site.licensing.invoice_subjects import (
    invoice_subject,
    subject_prefetched,
    subject_related,
)
from permits_site.licensing.models import Invoice
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.licensing.views.resident import error_messages
from permits_site.online_payments import services
from permits_site.online_payments.forms import PaymentOfficeForm
from permits_site.online_payments.models import (
    CheckoutStatus,
    OnlineCheckout,
    PaymentFlag,
    PaymentOffice,
)
from permits_site.online_payments.providers import DemoCheckout, InvalidSignature, provider_for
from permits_site.rules.wording import explain
from permits_site.towns.models import Municipality


def payable_invoices():
    """Invoices with their lines and the record each is for (its subject), in two queries."""
    return Invoice.objects.select_related("municipality", *subject_related()
                                          ).prefetch_related("lines", *subject_prefetched())


@login_required
def pay(request, invoice_id: int):
    """GET: what the card will be charged; POST: go to the provider's checkout."""
    invoice = get_visible_or_404(payable_invoices(), services.is_payer, request.user,
                                 pk=invoice_id)
    if request.method == "POST":
        try:
            _checkout, url = services.start_checkout(
                invoice=invoice, acting_user=request.user,
                return_url=lambda token: request.build_absolute_uri(
                    reverse("online_payments:returned", args=[token])),
            )
        except DomainError as error:
            error_messages(request, error)
        else:
            return redirect(url)
    refusal = services.online_refusal(invoice)
    charges = () if refusal else services.charge_lines(invoice)
    return render(request, "online_payments/pay.html", {
        "invoice": invoice, "refusal": refusal, "back": resident_link(invoice),
        "subject": invoice_subject(invoice),
        "charges": charges, "total": sum(line.amount for line in charges),
        "office": PaymentOffice.objects.filter(municipality=invoice.municipality).first(),
        "demo": isinstance(provider_for(invoice.municipality), DemoCheckout),
    }, status=400 if request.method == "POST" else 200)


@dataclass(frozen=True)
class Link:
    url: str
    label: str


def resident_link(invoice: Invoice) -> Link:
    """The payer's page of what the invoice is for (its subject), named in words a page says
    in the reader's language (``explained``); My permits when it has none."""
    subject = invoice_subject(invoice)
    if subject is not None and subject.url:
        return Link(subject.url, subject.label)
    return Link(reverse("licensing:dashboard"), explain(gettext_noop("My permits")))


def staff_link(invoice: Invoice) -> Link:
    """The staff page of what the invoice is for: the review, the citation, the case or the
    record a bylaw app keeps (``invoice_subjects``)."""
    subject = invoice_subject(invoice)
    if subject is not None and subject.staff_url:
        return Link(subject.staff_url, subject.staff_label)
    return Link("", f"Invoice #{invoice.pk}")


@login_required
def returned(request, token):
    """Where the provider sends the resident back, paid or not."""
    checkout = get_visible_or_404(
        OnlineCheckout.objects.select_related(
            "invoice__municipality", "payment",
            *(f"invoice__{path}" for path in subject_related())),
        lambda user, checkout: checkout.started_by_id == user.pk, request.user, token=token)
    return render(request, "online_payments/returned.html", {
        "checkout": checkout, "back": resident_link(checkout.invoice),
        "demo": checkout.provider == DemoCheckout.code,
    })


def demo_checkout_on(view):
    """The demo checkout exists only while ``PAYMENT_DEMO_CHECKOUT`` is on: 404 otherwise,
    signed in or not."""
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not settings.PAYMENT_DEMO_CHECKOUT:
            raise Http404("No such page.")
        return view(request, *args, **kwargs)
    return wrapped


@demo_checkout_on
@login_required
@require_http_methods(["GET", "POST"])
def demo_checkout(request, session_id: str):
    """The stand-in for the provider's hosted page. GET: what the card would be charged;
    POST ("Pay"): the provider's signed event goes to the webhook's handler, and the
    resident comes back to the return page, as from the provider."""
    checkout = get_visible_or_404(
        OnlineCheckout.objects.select_related("municipality", "invoice__municipality"),
        lambda user, checkout: checkout.started_by_id == user.pk, request.user,
        provider=DemoCheckout.code, session_id=session_id)
    back = reverse("online_payments:returned", args=[checkout.token])
    if request.method == "POST":
        if checkout.status == CheckoutStatus.OPEN:
            services.pay_on_demo_checkout(checkout=checkout, acting_user=request.user)
        return redirect(back)
    return render(request, "online_payments/demo_checkout.html", {
        "checkout": checkout, "back": back,
    })


@csrf_exempt
@require_POST
def webhook(request, town: str):
    """The provider's signed event; 400 for a bad signature, 200 once stored (or known)."""
    municipality = get_object_or_404(Municipality, code=town)
    try:
        event = services.receive_event(
            municipality=municipality, payload=request.body,
            signature=request.headers.get("Stripe-Signature", ""))
    except InvalidSignature:
        return HttpResponseBadRequest("Invalid signature.")
    except DomainError as error:
        raise Http404(str(error)) from error
    return JsonResponse({"received": event.event_id, "outcome": event.outcome})


@login_required
def office(request, town: str):
    """The town admin edits where, when and to whom to pay, and the convenience fee."""
    municipality = get_visible_or_404(Municipality.objects.all(),
                                      lambda user, town: is_admin(user, town.pk),
                                      request.user, code=town)
    current = PaymentOffice.objects.filter(municipality=municipality).first()
    form = PaymentOfficeForm(request.POST or None, instance=current)
    if request.method == "POST" and form.is_valid():
        services.save_office(municipality=municipality, acting_user=request.user,
                             **form.cleaned_data)
        messages.success(request, f"Payment instructions of the {municipality} saved.")
        return redirect("online_payments:overview")
    return render(request, "online_payments/office.html", {
        "municipality": municipality, "form": form,
    }, status=400 if request.method == "POST" else 200)


def flag_refusal(user, flag: PaymentFlag) -> str | None:
    """Why ``user`` may not mark ``flag`` reviewed: it is a payment for an application they
    or their business made (``own_application_refusal``); None when they may."""
    application = flag.checkout.invoice.application
    return None if application is None else own_application_refusal(user, application)


@login_required
def overview(request):
    """Flagged online payments of the Clerk's towns, each with why the Clerk may not mark it
    reviewed when it is for their own application, and the admin's towns to edit."""
    clerk_towns = municipality_ids_with(request.user, Role.CLERK)
    admin_towns = municipality_ids_with(request.user, Role.ADMIN)
    if not clerk_towns and not admin_towns:
        raise Http404("No such page.")
    return render(request, "online_payments/overview.html", {
        "flags": [(flag, staff_link(flag.checkout.invoice), flag_refusal(request.user, flag))
                  for flag in services.open_flags(municipality_ids=clerk_towns)]
        if clerk_towns else None,
        "towns": Municipality.objects.filter(pk__in=admin_towns).select_related(
            "payment_office"),
    })


@login_required
@require_POST
def flag_reviewed(request, pk: int):
    """The Clerk marks a flag of their town reviewed; one for their own application is
    refused, saying why (403)."""
    flag = get_visible_or_404(
        PaymentFlag.objects.select_related("checkout__municipality",
                                           "checkout__invoice__application"),
        lambda user, flag: flag.checkout.municipality_id in municipality_ids_with(
            user, Role.CLERK), request.user, pk=pk)
    if (application := flag.checkout.invoice.application) is not None:
        require_not_own_application(request.user, application)
    try:
        services.mark_reviewed(flag=flag, acting_user=request.user)
    except DomainError as error:
        error_messages(request, error)
    else:
        messages.success(request, f"Flag on invoice #{flag.checkout.invoice_id} reviewed.")
    back = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)
    return redirect("online_payments:overview")

