from django import forms


class PublicWaterForm(forms.Form):
    """The clerk's note of how a lot's public water connection is known (09.3.1(3))."""

    note = forms.CharField(
        max_length=300, label="How the connection is known",
        help_text="For example the water department's account number.",
        error_messages={"required": "Say how the connection is known."},
    )


class PercReviewForm(forms.Form):
    """The Board's review of a percolation test older than two years (09.0.8(3))."""

    acceptable = forms.TypedChoiceField(
        choices=(("yes", "Acceptable"), ("no", "Not acceptable: a new test is needed")),
        coerce=lambda value: value == "yes", widget=forms.RadioSelect, label="The review",
        error_messages={"required": "Choose acceptable or not."})
    note = forms.CharField(max_length=500, label="What was reviewed and why",
                           error_messages={"required": "Write what was reviewed and why."})
