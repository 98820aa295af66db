from django import forms

from permits_site.notifications.models import Preference


class PreferenceForm(forms.ModelForm):
    class Meta:
        model = Preference
        fields = ["skip_reminders"]
