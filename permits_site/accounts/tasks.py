"""Background work: sending the account's emails after the change that caused them commits."""

from django.core.mail import EmailMultiAlternatives
from django_tasks import task


@task()
def send_email(subject: str, text: str, html: str, to: list[str]) -> None:
    """Send one message, plain text with an HTML alternative."""
    message = EmailMultiAlternatives(subject, text, to=to)
    message.attach_alternative(html, "text/html")
    message.send()
