from django import forms


class PublicWaterForm(forms.Form):
    """The clerk's note of how a lot's public water connection is known (09.3.1(3))."""

    note = forms.CharField(
        max_length=300, label="How the connection is known",
        help_text="For example the water department's account number.",
        error_messages={"required": "Say how the connection is known."},
    )
